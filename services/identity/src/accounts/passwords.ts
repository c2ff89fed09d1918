import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { hash, verify } from '@node-rs/argon2';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import {
  IsNotEmpty,
  IsString,
  MaxLength,
  MinLength,
  ValidateBy,
  type ValidationArguments,
} from 'class-validator';
import { MESSAGES, PRODUCT } from '@tourly/contracts';

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

export const PASSWORD_TOO_WEAK = 'is too easy to guess; try a longer phrase of a few unrelated words';
/** zxcvbn's scale is 0-4; 3 is "safely unguessable: moderate protection from offline slow-hash scenarios". */
const MIN_STRENGTH = 3;
/** Only the start is scored: past this, length alone makes a password strong, and scoring grows costly. */
const SCORED_LENGTH = 100;

let estimator: ZxcvbnFactory | undefined;

/**
 * Whether a password is hard enough to guess (zxcvbn: common passwords, keyboard patterns, repeats, dates,
 * l33t spellings), counting what the person told us (email, names) and the product's name as guessable.
 */
export function isStrongPassword(password: string, userInputs: string[] = []): boolean {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, useLevenshteinDistance: true });
  const inputs = [PRODUCT, ...userInputs.flatMap((input) => [input, ...input.split(/[@.\s_-]+/)])];
  return estimator.check(password.slice(0, SCORED_LENGTH), inputs.filter(Boolean)).score >= MIN_STRENGTH;
}

/** The other fields of the form the password came with that a guesser may know. */
function userInputsOf(args: ValidationArguments | undefined): string[] {
  const form = (args?.object ?? {}) as Record<string, unknown>;
  return ['email', 'firstName', 'lastName']
    .map((field) => form[field])
    .filter((value): value is string => typeof value === 'string');
}

/**
 * A password someone chooses (sign-up, reset): 8 to 200 characters, and not easy to guess (zxcvbn score 3 of
 * 4, with the form's email and names as known words). Too short says only that.
 */
export const NewPasswordField = () =>
  applyDecorators(
    ApiProperty({
      minLength: 8,
      maxLength: 200,
      description: 'at least 8 characters, and not easy to guess (zxcvbn score 3 of 4)',
    }),
    ValidateBy({
      name: 'strongPassword',
      validator: {
        validate: (value: unknown, args?: ValidationArguments) =>
          typeof value !== 'string' || value.length < 8 || isStrongPassword(value, userInputsOf(args)),
        defaultMessage: () => PASSWORD_TOO_WEAK,
      },
    }),
    MaxLength(200, { message: 'must be at most 200 characters' }),
    MinLength(8, { message: 'must be at least 8 characters' }),
    IsString({ message: MESSAGES.required }),
    IsNotEmpty({ message: MESSAGES.required }),
  );
