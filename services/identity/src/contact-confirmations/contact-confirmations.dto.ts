import { ApiProperty } from '@nestjs/swagger';
import { RequiredOneOf, RequiredString } from '@tourly/platform';
import { Matches } from 'class-validator';
import type { ConfirmationStatus } from './contact-confirmations.rules';

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

/** A contact of the caller and how far its confirmation is. */
export class ContactConfirmationResponse {
  @ApiProperty({ enum: CONTACT_TYPES })
  type!: ContactType;

  @ApiProperty({ description: 'the email address' })
  destination!: string;

  @ApiProperty({ enum: ['confirmed', 'pending', 'unconfirmed'] })
  status!: ConfirmationStatus;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  confirmedAt!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'while pending' })
  codeExpiresAt!: string | null;

  @ApiProperty({ type: Number, nullable: true, description: 'while pending' })
  attemptsLeft!: number | null;
}
