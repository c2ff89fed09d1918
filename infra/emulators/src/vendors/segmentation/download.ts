import { SegmentationRefusal } from './errors';

/** The largest image the engine takes, in bytes (20 MB). */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
/** How long the engine waits for an image, from the request to its last byte. */
export const DOWNLOAD_TIMEOUT_MS = 15_000;

/**
 * The image at `url`, as the engine downloads it: redirects followed, 15 s for the whole download, at most 20 MB
 * (a larger one is abandoned as soon as its size is known). Refused `image_unreachable` when the URL answers other
 * than 2xx or cannot be reached, `image_too_large` over 20 MB.
 */
export async function downloadImage(url: URL): Promise<Buffer> {
  const signal = AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, { signal, redirect: 'follow' });
  } catch (error) {
    throw unreachable(describeFailure(error));
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw unreachable(`the image URL answered ${response.status}`);
  }
  if (Number(response.headers.get('content-length')) > MAX_IMAGE_BYTES) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  return readBody(response);
}

async function readBody(response: Response): Promise<Buffer> {
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_IMAGE_BYTES) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof SegmentationRefusal) throw error;
    throw unreachable(describeFailure(error));
  }
  return Buffer.concat(chunks, size);
}

function describeFailure(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') {
    return `the image URL did not answer within ${DOWNLOAD_TIMEOUT_MS / 1000} s`;
  }
  const cause = error instanceof Error ? error.cause : undefined;
  const code = cause instanceof Error && 'code' in cause ? String(cause.code) : undefined;
  return code ? `the connection failed (${code})` : 'the connection failed';
}

function unreachable(reason: string): SegmentationRefusal {
  return new SegmentationRefusal(422, 'image_unreachable', `The image could not be downloaded: ${reason}.`);
}

function tooLarge(): SegmentationRefusal {
  return new SegmentationRefusal(
    413,
    'image_too_large',
    `The image is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB, the most the engine takes.`,
  );
}
