/** A Sketchfab model's uid: 32 lower-case hexadecimal digits. */
const UID = /^[0-9a-f]{32}$/;

/**
 * The uid in what a person pastes: the uid itself, or a model's page as Sketchfab links it
 * (`https://sketchfab.com/3d-models/mid-century-sofa-<uid>`, `…/models/<uid>`, `…/models/<uid>/embed`). Null when
 * none is there.
 */
export function sketchfabUid(text: string): string | null {
  const given = text.trim();
  if (UID.test(given.toLowerCase())) return given.toLowerCase();
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    return null;
  }
  if (!/(^|\.)sketchfab\.com$/.test(url.hostname)) return null;
  for (const part of url.pathname.split('/').reverse()) {
    const uid = /([0-9a-f]{32})$/.exec(part.toLowerCase())?.[1];
    if (uid) return uid;
  }
  return null;
}

/** A refusal of Sketchfab's import (002 §8): its message is the server's first base error. */
export class SketchfabError extends Error {
  override readonly name = 'SketchfabError';
}
