import { MESSAGES, ONBOARDING_FLAGS, type OnboardingFlag } from '@tourly/contracts';
import { toCamel, toSnake, type ErrorMap } from '@tourly/platform';

/** Strict ISO 8601 date-time with a zone: what the spec means by "an ISO time". */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;
const FLAG_BY_KEY = new Map<string, OnboardingFlag>(ONBOARDING_FLAGS.map((flag) => [toCamel(flag), flag]));

/**
 * Reads `{"<flag>": "<ISO time>"}` as it reaches the handler (keys camelCased): the flags to record with their
 * times, and an error per field (`onboarding.<flag>`) for unknown flags and times that are not ISO date-times.
 */
export function readFlags(flags: Record<string, unknown>): {
  valid: Array<[OnboardingFlag, string]>;
  errors: ErrorMap;
} {
  const errors: ErrorMap = {};
  const valid: Array<[OnboardingFlag, string]> = [];
  for (const [key, value] of Object.entries(flags)) {
    const flag = FLAG_BY_KEY.get(key);
    const field = `onboarding.${toSnake(key)}`;
    if (!flag) errors[field] = [`is not an onboarding flag (flags: ${ONBOARDING_FLAGS.join(', ')})`];
    else if (typeof value !== 'string' || !ISO_TIME.test(value) || Number.isNaN(Date.parse(value))) {
      errors[field] = [MESSAGES.invalidDate];
    } else valid.push([flag, value]);
  }
  return { valid, errors };
}
