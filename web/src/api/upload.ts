import { LIMITS } from '@tourly/contracts';
import { isPlainObject, toCamelCaseKeys } from './caseConversion';
import { ApiError, errorFromResponse } from './errors';
import { readMeta } from './meta';
import { MESSAGES } from '../shared/strings';

/** Spec 001 §8: what a failed upload says when the server gave no words of its own. */
export const UPLOAD_MESSAGES = {
  networkError: 'Network error, please contact support.',
  httpError: (status: number) => `HTTP error ${status} occurred during upload`,
  errorsHeading: 'Errors occurred whilst uploading this file:',
} as const;

/** What the file choosers offer (the server checks the bytes): images (photos, floorplans) and videos. */
export const IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/gif';
export const VIDEO_TYPES = 'video/mp4,video/quicktime,video/webm';

/** Called with how much of the file has been sent, 0-100. */
export type UploadProgress = (percentage: number) => void;

/**
 * A multipart POST with the progress of the upload, which fetch cannot report: XMLHttpRequest, with the API
 * client's conventions (JSON answer read from `data`, keys to camelCase, the session's CSRF header, `errors`
 * read by `errorFromResponse`). A file over 100MB is refused at once, before a byte is sent (001 §4, §5).
 */
export function uploadWithProgress<T>(
  path: string,
  body: FormData,
  onProgress: UploadProgress,
  signal?: AbortSignal,
): Promise<T> {
  for (const value of body.values()) {
    if (value instanceof File && value.size > LIMITS.maxUploadBytes) {
      return Promise.reject(
        new ApiError(413, { base: [MESSAGES.uploadTooLarge] }, [MESSAGES.uploadTooLarge]),
      );
    }
  }
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    const csrfToken = readMeta('csrf-token');
    if (csrfToken) xhr.setRequestHeader('X-CSRF-Token', csrfToken);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      try {
        resolve(readAnswer<T>(xhr.status, xhr.responseText));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new ApiError(null, {}, [UPLOAD_MESSAGES.networkError]));
    xhr.onabort = () => reject(signal?.reason ?? new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

function readAnswer<T>(status: number, text: string): T {
  let payload: unknown;
  try {
    payload = text === '' ? undefined : JSON.parse(text);
  } catch {
    throw new ApiError(status, {}, [UPLOAD_MESSAGES.httpError(status)]);
  }
  if (isPlainObject(payload) && payload.errors != null) throw errorFromResponse(status, payload.errors);
  if (status < 200 || status >= 300 || !isPlainObject(payload) || !('data' in payload)) {
    throw new ApiError(status, {}, [UPLOAD_MESSAGES.httpError(status)]);
  }
  return toCamelCaseKeys(payload.data) as T;
}

/**
 * What a failed upload says under the file: the server's messages as it sent them, without field names ('must be
 * an image (JPEG, PNG, WebP or GIF)', 'Uploaded file must be less than 100MB'), else the failure's own words.
 */
export function uploadFailureMessages(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [UPLOAD_MESSAGES.networkError];
  const sent = Object.values(error.fields).flat();
  return sent.length > 0 ? sent : error.messages;
}

/** 1.2 MB, 340 kB: a file's size as a person reads it. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1e6) return `${Math.round(bytes / 1000)} kB`;
  return `${(bytes / 1e6).toFixed(1)} MB`;
}
