import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, MaxLength, ValidateBy, ValidateIf } from 'class-validator';
import {
  MEMBERSHIP_ROLES,
  MESSAGES,
  STAFF_ROLES,
  type MembershipRole,
  type StaffRole,
} from '@tourly/contracts';
import { Nested } from '@tourly/platform';
import { PHONE_NUMBER_MAX_LENGTH, PHONE_NUMBER_MIN_LENGTH, phoneNumberProblem } from './profile.rules';

const NAME_MAX_LENGTH = 100;

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/** A name that may be left out (unchanged) but, when sent, is 1 to 100 characters once trimmed; never cleared. */
const ProfileName = () =>
  applyDecorators(
    ApiPropertyOptional({ type: String, minLength: 1, maxLength: NAME_MAX_LENGTH }),
    Transform(({ value }) => trimmed(value)),
    ValidateIf((_object, value) => value !== undefined),
    IsString({ message: MESSAGES.required }),
    IsNotEmpty({ message: MESSAGES.required }),
    MaxLength(NAME_MAX_LENGTH, { message: `must be at most ${NAME_MAX_LENGTH} characters` }),
  );

/** Left out: unchanged; null or blank: cleared; else trimmed and checked by `phoneNumberProblem`. */
const ProfilePhoneNumber = () =>
  applyDecorators(
    ApiPropertyOptional({
      type: String,
      nullable: true,
      minLength: PHONE_NUMBER_MIN_LENGTH,
      maxLength: PHONE_NUMBER_MAX_LENGTH,
      description:
        'digits, spaces and + - ( ) . with at least 6 digits; null or blank clears it. Visitors see it on tours where the user is an agent.',
    }),
    Transform(({ value }) => {
      const phoneNumber = trimmed(value);
      return phoneNumber === '' ? null : phoneNumber;
    }),
    IsOptional(),
    IsString({ message: 'must be text' }),
    ValidateBy({
      name: 'phoneNumber',
      validator: {
        validate: (value: string) => phoneNumberProblem(value) === null,
        defaultMessage: (args) => phoneNumberProblem(String(args?.value)) ?? 'is invalid',
      },
    }),
  );

/** What the person changes about themselves; a field left out stays as it is. */
export class ProfileChanges {
  @ProfileName()
  firstName?: string;

  @ProfileName()
  lastName?: string;

  @ProfilePhoneNumber()
  phoneNumber?: string | null;
}

/** `{"user": {"first_name", "last_name", "phone_number"}}`, the sign-in form's outer key. */
export class UpdateProfileRequest {
  @Nested(() => ProfileChanges)
  user!: ProfileChanges;
}

/** The caller as the platform sees them, with the person's own details. */
export class MeResponse {
  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  userId!: string | null;

  @ApiProperty()
  email!: string;

  @ApiProperty()
  firstName!: string;

  @ApiProperty()
  lastName!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'shown to visitors on tours where the user is an agent',
  })
  phoneNumber!: string | null;

  @ApiProperty({ enum: MEMBERSHIP_ROLES, nullable: true })
  role!: MembershipRole | null;

  @ApiProperty({ enum: STAFF_ROLES, nullable: true })
  staffRole!: StaffRole | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  providerId!: string | null;

  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'the admin behind an impersonation',
  })
  impersonatorId!: string | null;

  @ApiProperty({ type: [String] })
  scopes!: string[];
}
