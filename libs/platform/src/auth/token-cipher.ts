import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** The layout's version: the first byte of every sealed value, so a later key or algorithm can be told apart. */
const VERSION = 1;
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + IV_BYTES + TAG_BYTES;

/** A sealed value that is not one, was changed, or was sealed with another key or for another place. */
export class UnreadableToken extends Error {
  constructor() {
    super('the sealed token cannot be opened with this key');
    this.name = 'UnreadableToken';
  }
}

/**
 * Encrypts the secrets a service must be able to read back (a provider's Matterport tokens in identity, its Sketchfab
 * tokens in properties, a PKCE verifier) with
 * AES-256-GCM: a random 96-bit IV per value and the 128-bit authentication tag, stored as
 * `version (1) | iv (12) | tag (16) | ciphertext`. `context` (which secret of which row) is authenticated with it,
 * so a value copied into another row or column does not open there.
 */
export class TokenCipher {
  private constructor(private readonly key: Buffer) {}

  /** From a service's token key setting (MATTERPORT_TOKEN_KEY, SKETCHFAB_TOKEN_KEY): 32 bytes in base64 (base64url too). */
  static fromBase64(text: string): TokenCipher {
    const key = Buffer.from(text, 'base64');
    if (key.length !== KEY_BYTES) throw new Error(`the token key must be ${KEY_BYTES} bytes in base64`);
    return new TokenCipher(key);
  }

  seal(plain: string, context: string): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), ciphertext]);
  }

  /** The plain text; UnreadableToken when the value was changed, or sealed with another key or context. */
  open(sealed: Buffer, context: string): string {
    if (sealed.length < HEADER_BYTES || sealed[0] !== VERSION) throw new UnreadableToken();
    const iv = sealed.subarray(1, 1 + IV_BYTES);
    const tag = sealed.subarray(1 + IV_BYTES, HEADER_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(sealed.subarray(HEADER_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      throw new UnreadableToken();
    }
  }
}
