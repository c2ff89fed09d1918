import { uuidv7 } from '@tourly/platform';

/** Event ids (UUID version 7): the layout RFC 9562 gives, in the order they were made, random past the counter. */
// Times a few milliseconds ahead, never far: the counter's state is the process's, shared with the files after this one.
describe('uuidv7', () => {
  const LAYOUT = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  const millisOf = (id: string) => parseInt(id.slice(0, 8) + id.slice(9, 13), 16);

  it('carries its millisecond, version 7 and the RFC variant', () => {
    // Past the latest millisecond the process has used (an earlier file's fake clock may have run ahead of now):
    // an id never goes back to an earlier one.
    const at = millisOf(uuidv7()) + 10;
    const id = uuidv7(at);
    expect(id).toMatch(LAYOUT);
    expect(millisOf(id)).toBe(at);
  });

  it('increases within one millisecond and across them, and repeats no random part', () => {
    const at = Date.now() + 20;
    const ids = [
      ...Array.from({ length: 2000 }, () => uuidv7(at)),
      ...Array.from({ length: 10 }, (_, n) => uuidv7(at + 2 + n)),
    ];
    for (const id of ids) expect(id).toMatch(LAYOUT);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids.map((id) => id.slice(19))).size).toBe(ids.length);
  });

  it('keeps increasing when the clock goes back', () => {
    const at = Date.now() + 40;
    const later = uuidv7(at);
    expect(uuidv7(at - 1000) > later).toBe(true);
  });
});
