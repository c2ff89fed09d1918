import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { ValidateBy, type ValidationArguments } from 'class-validator';
import { PRODUCT } from '@tourly/contracts';

/** The words of a password refused as too easy to guess: an account's and a tour's alike. */
export const PASSWORD_TOO_WEAK = 'is too easy to guess; try a longer phrase of a few unrelated words';
/** zxcvbn's scale is 0-4; 3 is "safely unguessable: moderate protection from offline slow-hash scenarios". */
const MIN_STRENGTH = 3;
/** Only the start is scored: past this, length alone makes a password strong, and scoring grows costly. */
const SCORED_LENGTH = 100;
/** Shorter passwords are refused for their length, in the field's own words, before their strength is asked. */
const SCORED_FROM = 8;

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

/**
 * The one strength rule of every password someone chooses (an account's, a tour's): not easy to guess (zxcvbn
 * score 3 of 4), the form's `knownFields` (email, names, a username) counting as words a guesser knows; message
 * `PASSWORD_TOO_WEAK`. A value that is not a string, or shorter than 8, is left to the field's other rules.
 */
export function StrongPassword(knownFields: string[]): PropertyDecorator {
  const knownInputs = (args: ValidationArguments | undefined) => {
    const form = (args?.object ?? {}) as Record<string, unknown>;
    return knownFields
      .map((field) => form[field])
      .filter((value): value is string => typeof value === 'string');
  };
  return ValidateBy({
    name: 'strongPassword',
    validator: {
      validate: (value: unknown, args?: ValidationArguments) =>
        typeof value !== 'string' || value.length < SCORED_FROM || isStrongPassword(value, knownInputs(args)),
      defaultMessage: () => PASSWORD_TOO_WEAK,
    },
  });
}
