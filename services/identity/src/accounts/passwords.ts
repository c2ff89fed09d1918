import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { hash, verify } from '@node-rs/argon2';
import { IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { MESSAGES } from '@tourly/contracts';
import { StrongPassword } from '@tourly/platform';

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

/**
 * A password someone chooses (sign-up, reset): 8 to 200 characters, and not easy to guess (the platform's one
 * strength rule, zxcvbn score 3 of 4, with the form's email and names as known words). Too short says only that.
 */
export const NewPasswordField = () =>
  applyDecorators(
    ApiProperty({
      minLength: 8,
      maxLength: 200,
      description: 'at least 8 characters, and not easy to guess (zxcvbn score 3 of 4)',
    }),
    StrongPassword(['email', 'firstName', 'lastName']),
    MaxLength(200, { message: 'must be at most 200 characters' }),
    MinLength(8, { message: 'must be at least 8 characters' }),
    IsString({ message: MESSAGES.required }),
    IsNotEmpty({ message: MESSAGES.required }),
  );
