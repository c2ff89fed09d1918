/** The longest tag an administrator may put on a provider. */
export const TAG_MAX_LENGTH = 40;

export const TAG_TOO_LONG = `must be at most ${TAG_MAX_LENGTH} characters`;
export const TAG_NOT_ONE_LINE = 'must be one line of text';

/**
 * A provider's tag: an administrator's short label (one line, at most TAG_MAX_LENGTH characters), or none. The
 * tag as kept (trimmed; blank or null: none), or what is wrong with it.
 */
export function tagOf(value: string | null): { tag: string | null } | { problem: string } {
  const tag = value?.trim() ?? '';
  if (tag === '') return { tag: null };
  // Line breaks, tabs and other control characters have no place in a one-line label.
  if (/\p{Cc}/u.test(tag)) return { problem: TAG_NOT_ONE_LINE };
  // Counted as people count characters (code points), as PostgreSQL's char_length does.
  if ([...tag].length > TAG_MAX_LENGTH) return { problem: TAG_TOO_LONG };
  return { tag };
}
