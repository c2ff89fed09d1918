import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's minimum settings: 19 MiB, two passes, one lane. (The library's `Algorithm` is a const
 * enum, which per-file compilation cannot inline: 2 is its Argon2id.)
 */
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let decoy: Promise<string> | undefined;

/**
 * Verifies a password. Without a stored hash (no such user) it still runs one verification against a decoy,
 * so the answer takes as long and says nothing about which emails exist.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    decoy ??= hashPassword('not-a-real-password');
    await verify(await decoy, password);
    return false;
  }
  return verify(storedHash, password);
}
