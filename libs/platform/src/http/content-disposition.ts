/**
 * RFC 6266: an ASCII fallback name plus the UTF-8 one. Not beside the storage port, which presigns downloads with it:
 * a service that sends a download without keeping files (identity's exports) must not load the AWS SDK for it.
 */
export function contentDisposition(type: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
