import { randomBytes } from 'node:crypto';
import { TokenCipher, UnreadableToken } from './token-cipher';

const key = randomBytes(32).toString('base64');
const cipher = TokenCipher.fromBase64(key);
const TOKEN = 'mp_access_0123456789abcdef';

describe('sealing vendor tokens (AES-256-GCM)', () => {
  it('opens what it sealed, for the same context', () => {
    const sealed = cipher.seal(TOKEN, 'matterport:access_token:p1');
    expect(cipher.open(sealed, 'matterport:access_token:p1')).toBe(TOKEN);
  });

  it('keeps no trace of the token: version, a fresh IV and tag, and ciphertext of the same length', () => {
    const first = cipher.seal(TOKEN, 'c');
    const second = cipher.seal(TOKEN, 'c');
    expect(first[0]).toBe(1);
    expect(first.length).toBe(1 + 12 + 16 + Buffer.byteLength(TOKEN));
    expect(first.equals(second)).toBe(false);
    expect(first.subarray(1, 13).equals(second.subarray(1, 13))).toBe(false);
    expect(first.includes(Buffer.from(TOKEN))).toBe(false);
    expect(first.toString('latin1')).not.toContain(TOKEN.slice(0, 8));
  });

  it.each([
    [
      'another key',
      (sealed: Buffer) => TokenCipher.fromBase64(randomBytes(32).toString('base64')).open(sealed, 'c'),
    ],
    ['another context (the value copied to another row)', (sealed: Buffer) => cipher.open(sealed, 'other')],
    [
      'a changed byte of the ciphertext',
      (sealed: Buffer) => {
        const changed = Buffer.from(sealed);
        changed[changed.length - 1] ^= 1;
        return cipher.open(changed, 'c');
      },
    ],
    [
      'a changed tag',
      (sealed: Buffer) => {
        const changed = Buffer.from(sealed);
        changed[14] ^= 1;
        return cipher.open(changed, 'c');
      },
    ],
    [
      'an unknown version',
      (sealed: Buffer) => cipher.open(Buffer.concat([Buffer.from([2]), sealed.subarray(1)]), 'c'),
    ],
    ['too short to be one', () => cipher.open(Buffer.from([1, 2, 3]), 'c')],
  ])('refuses %s', (_case, open) => {
    const sealed = cipher.seal(TOKEN, 'c');
    expect(() => open(sealed)).toThrow(UnreadableToken);
  });

  it('takes the key in base64 or base64url, and only 32 bytes', () => {
    const bytes = randomBytes(32);
    const sealed = TokenCipher.fromBase64(bytes.toString('base64')).seal(TOKEN, 'c');
    expect(TokenCipher.fromBase64(bytes.toString('base64url')).open(sealed, 'c')).toBe(TOKEN);
    expect(() => TokenCipher.fromBase64(randomBytes(16).toString('base64'))).toThrow(/32 bytes/);
  });
});
