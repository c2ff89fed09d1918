import { posix } from 'node:path';
import { NodeIO } from '@gltf-transform/core';
import { unzipSync } from 'fflate';
import { accessorBytesOf, MAX_DECLARED_BYTES, STAGING_MESSAGES } from '../staging/staging-assets.rules';
import { MAX_ARCHIVE_INFLATED_BYTES } from './sketchfab.rules';

/** Why an archive gave no model: the library's words for the model (`needs …`, `declares …`), or unreadable (null). */
export class ArchiveRefused extends Error {
  constructor(readonly reason: string | null) {
    super(reason ?? 'unreadable archive');
  }
}

/**
 * Sketchfab's glTF download (a zip of `scene.gltf`, its `.bin` buffers and textures, and `license.txt`) as one GLB,
 * with glTF Transform: the files the JSON names are looked up beside it in the zip. Refused (ArchiveRefused) when the
 * zip declares more than MAX_ARCHIVE_INFLATED_BYTES inflated (read from its directory before anything is inflated), has
 * no .gltf, misses a file it names, declares more accessor data than a model may hold, or does not parse.
 */
export async function glbFromGltfZip(zip: Uint8Array): Promise<Uint8Array> {
  let files: Record<string, Uint8Array>;
  try {
    let inflated = 0;
    files = unzipSync(zip, {
      filter: (file) => {
        inflated += file.originalSize;
        if (inflated > MAX_ARCHIVE_INFLATED_BYTES) throw new ArchiveRefused(STAGING_MESSAGES.oversizedData);
        return !file.name.endsWith('/');
      },
    });
  } catch (error) {
    if (error instanceof ArchiveRefused) throw error;
    throw new ArchiveRefused(null);
  }
  const gltfName = Object.keys(files)
    .filter((name) => name.toLowerCase().endsWith('.gltf'))
    .sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b))[0];
  if (!gltfName) throw new ArchiveRefused(null);
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(new TextDecoder('utf-8').decode(files[gltfName])) as Record<string, unknown>;
  } catch {
    throw new ArchiveRefused(null);
  }
  if (!json || typeof json !== 'object') throw new ArchiveRefused(null);
  // The reader allocates what the accessors declare: measured first, as the library does for a GLB.
  if (accessorBytesOf(json) > MAX_DECLARED_BYTES) throw new ArchiveRefused(STAGING_MESSAGES.oversizedData);
  const folder = posix.dirname(gltfName);
  const resources: Record<string, Uint8Array<ArrayBuffer>> = {};
  for (const uri of urisOf(json)) {
    const file = files[posix.normalize(posix.join(folder, decoded(uri)))];
    if (!file) throw new ArchiveRefused(null);
    resources[uri] = file as Uint8Array<ArrayBuffer>;
  }
  try {
    const io = new NodeIO();
    const document = await io.readJSON({ json: json as never, resources });
    return await io.writeBinary(document);
  } catch (error) {
    const message = String((error as Error).message);
    if (/Missing required extension/i.test(message)) {
      const names = [...message.matchAll(/"([^"]+)"/g)].map((match) => match[1]!);
      throw new ArchiveRefused(
        STAGING_MESSAGES.unsupportedExtension(names.length ? names : ['an extension']),
      );
    }
    throw new ArchiveRefused(null);
  }
}

/** The external files a glTF names: its buffers' and images' URIs other than data: URIs. */
function urisOf(json: Record<string, unknown>): string[] {
  const uris = new Set<string>();
  for (const key of ['buffers', 'images']) {
    const entries = json[key];
    if (!Array.isArray(entries)) continue;
    for (const entry of entries as Array<{ uri?: unknown }>) {
      if (typeof entry?.uri === 'string' && !entry.uri.startsWith('data:')) uris.add(entry.uri);
    }
  }
  return [...uris];
}

function decoded(uri: string): string {
  try {
    return decodeURIComponent(uri);
  } catch {
    return uri;
  }
}
