/**
 * snake_case on the wire, camelCase in code: the one rule both sides convert keys by (the services at their edge,
 * libs/platform's `toCamelKeys`/`toSnakeKeys`; the web's API client, web/src/api/caseConversion.ts), so a key one
 * side reads and the other sends back comes back as it went.
 *
 * - camelCase -> snake_case: a capital letter starts a word (`utmSource` -> `utm_source`, `s3Key` -> `s3_key`); a
 *   digit belongs to the word before it (`addressLine2` -> `address_line2`, `line1` -> `line1`).
 * - snake_case -> camelCase: only an underscore before a lowercase letter ends a word (`utm_source` -> `utmSource`);
 *   a leading one (`_destroy`), or one before a digit (`line_1`, `address_line_2` -> `addressLine_2`), stays, so
 *   `line_1` and `line1` remain two keys and each comes back as it was.
 *
 * So every snake_case key survives camelCase and back, and every camelCase key (a lowercase first letter, no
 * underscore) survives snake_case and back, acronyms too (`imageURL` -> `image_u_r_l`).
 */
export function toSnakeCase(key: string): string {
  // Only a capital inside a word starts a new one: at the start, or after a hyphen (`Content-Type`, a header name
  // in a presigned upload's answer), it is just lowercased.
  return key.replace(/[A-Z]/g, (letter, offset: number) =>
    offset > 0 && /[A-Za-z0-9]/.test(key[offset - 1]!) ? `_${letter.toLowerCase()}` : letter.toLowerCase(),
  );
}

export function toCamelCase(key: string): string {
  return key.replace(/(?!^)_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}
