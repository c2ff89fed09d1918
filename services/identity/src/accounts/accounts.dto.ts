import { ApiProperty } from '@nestjs/swagger';
import { MEMBERSHIP_ROLES, STAFF_ROLES, type MembershipRole, type StaffRole } from '@tourly/contracts';

/** A provider as the answers name it. */
export class ProviderRef {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  name!: string;
}

/** A person as the answers name them. */
export class UserRef {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  email!: string;
}

/** A person's account: their email and names. */
export class UserProfile {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  email!: string;

  @ApiProperty()
  firstName!: string;

  @ApiProperty()
  lastName!: string;
}

/** Who signed in (sign-in, sign-up's code). */
export class SignedInUser extends UserProfile {
  @ApiProperty({ enum: MEMBERSHIP_ROLES, nullable: true, description: 'in the current provider' })
  role!: MembershipRole | null;

  @ApiProperty({ enum: STAFF_ROLES, nullable: true })
  staffRole!: StaffRole | null;
}

/** A session just started: who, where, and the CSRF token its unsafe requests carry (the cookie is set too). */
export class SignedInResponse {
  @ApiProperty({ type: () => SignedInUser })
  user!: SignedInUser;

  @ApiProperty({ type: () => ProviderRef, nullable: true })
  currentProvider!: ProviderRef | null;

  @ApiProperty()
  csrfToken!: string;
}

/** A message to show the person. */
export class MessageResponse {
  @ApiProperty()
  message!: string;
}
