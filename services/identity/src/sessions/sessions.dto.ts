import { ApiProperty } from '@nestjs/swagger';
import { MEMBERSHIP_ROLES, STAFF_ROLES, type MembershipRole, type StaffRole } from '@tourly/contracts';
import { Nested, RequiredEmail, RequiredString } from '@tourly/platform';

export class Credentials {
  @RequiredEmail()
  email!: string;

  @RequiredString(200)
  password!: string;
}

/** `{"user": {"email", "password"}}`: the fixed shape clients and scripts sign in with. */
export class SignInRequest {
  @Nested(() => Credentials)
  user!: Credentials;
}

/** The caller as the platform sees them. */
export class MeResponse {
  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  userId!: string | null;

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
