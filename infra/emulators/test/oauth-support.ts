/** HTTP Basic client authentication as RFC 6749 §2.3.1 asks: each part form-encoded, then base64. */
export const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

/** The hidden inputs of an authorize page's consent form, as a browser would submit them. */
export function hiddenInputs(html: string): URLSearchParams {
  const unescape = (value: string) =>
    value.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)));
  const form = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    form.append(unescape(name!), unescape(value!));
  }
  return form;
}
