/** The gateway writes per-session values (CSRF token, current role) into the page as meta tags. */
export function readMeta(name: string): string | null {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || null;
}
