import { RequiredOneOf, RequiredString } from '@tourly/platform';
import { Matches } from 'class-validator';

/** What can be confirmed: the account's email for now; a phone joins when the platform keeps one. */
export const CONTACT_TYPES = ['email'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

export class ConfirmContact {
  @RequiredOneOf(CONTACT_TYPES)
  type!: ContactType;

  @RequiredString(6)
  @Matches(/^\s*\d{6}\s*$/, { message: 'is the 6 digits from the email' })
  code!: string;
}

export class ResendCode {
  @RequiredOneOf(CONTACT_TYPES)
  type!: ContactType;
}
