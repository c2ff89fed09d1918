import { ApiProperty } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { MEMBERSHIP_ROLES, MESSAGES, type MembershipRole } from '@tourly/contracts';
import { Nested, RequiredEmail, RequiredOneOf, RequiredString } from '@tourly/platform';
import { ProviderRef } from '../accounts/accounts.dto';
import { NewPasswordField } from '../accounts/passwords';

/** The roles a provider's team holds (client users are invited into a client portal, not the team). */
export const TEAM_ROLES = ['admin', 'scan_technician', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** How long an emailed invitation works (a resend starts the 7 days again, with a new link). */
export const INVITATION_LIFETIME_DAYS = 7;

export class NewInvitation {
  @RequiredEmail()
  email!: string;

  @RequiredOneOf(TEAM_ROLES)
  role!: TeamRole;
}

/** `{"invitation": {"email", "role"}}` */
export class InviteRequest {
  @Nested(() => NewInvitation)
  invitation!: NewInvitation;
}

export class RoleChange {
  @RequiredOneOf(TEAM_ROLES)
  role!: TeamRole;
}

/** `{"member": {"role"}}` */
export class ChangeRoleRequest {
  @Nested(() => RoleChange)
  member!: RoleChange;
}

/** One person of the provider's team. */
export class TeamMemberResponse {
  @ApiProperty({ format: 'uuid' })
  userId!: string;

  @ApiProperty()
  firstName!: string;

  @ApiProperty()
  lastName!: string;

  @ApiProperty()
  email!: string;

  @ApiProperty({ enum: TEAM_ROLES })
  role!: TeamRole;

  @ApiProperty({ example: '#c4c4c4', description: "the avatar's colour behind the initials" })
  color!: string;

  @ApiProperty({ format: 'date-time' })
  joinedAt!: string;
}

/** An invitation not yet accepted nor revoked. */
export class InvitationResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  email!: string;

  @ApiProperty({ enum: TEAM_ROLES })
  role!: TeamRole;

  @ApiProperty({ enum: ['pending', 'expired'], description: 'expired: resend it for a new link' })
  status!: 'pending' | 'expired';

  @ApiProperty({ description: "the inviting admin's name (empty when that account is gone)" })
  invitedBy!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time', description: 'when the latest link was sent' })
  sentAt!: string;

  @ApiProperty({ format: 'date-time' })
  expiresAt!: string;
}

export class InvitationToken {
  @RequiredString(200)
  invitationToken!: string;
}

/** `{"invitation": {"invitation_token"}}` */
export class CheckInvitationRequest {
  @Nested(() => InvitationToken)
  invitation!: InvitationToken;
}

export class AcceptInvitation extends InvitationToken {
  /** The password of the invited email's account; left out when that account is the one signed in. */
  @ApiPropertyOptional({ type: String, maxLength: 200 })
  @IsOptional()
  @IsString({ message: MESSAGES.required })
  @MaxLength(200, { message: 'must be at most 200 characters' })
  password?: string;
}

/** `{"invitation": {"invitation_token", "password"?}}` */
export class AcceptInvitationRequest {
  @Nested(() => AcceptInvitation)
  invitation!: AcceptInvitation;
}

export class InvitationSignUp extends InvitationToken {
  @RequiredString(80)
  firstName!: string;

  @RequiredString(80)
  lastName!: string;

  @NewPasswordField()
  password!: string;
}

/** `{"invitation": {"invitation_token", "first_name", "last_name", "password"}}` */
export class InvitationSignUpRequest {
  @Nested(() => InvitationSignUp)
  invitation!: InvitationSignUp;
}

/** What an emailed link invites to, for the page it opens. */
export class InvitationLinkResponse {
  @ApiProperty()
  email!: string;

  @ApiProperty({
    enum: MEMBERSHIP_ROLES,
    description: "client_user: into a client's portal (issue 31), not the provider's team",
  })
  role!: MembershipRole;

  @ApiProperty({ type: () => ProviderRef })
  provider!: ProviderRef;

  @ApiProperty()
  invitedBy!: string;

  @ApiProperty({ format: 'date-time' })
  expiresAt!: string;

  @ApiProperty({ description: 'the email has an account: sign in to accept; otherwise create one' })
  hasAccount!: boolean;
}

/** A client's contact invited into the client's portal: `{"invitation": {"email"}}` (the contact's address). */
export class NewPortalInvitation {
  @RequiredEmail()
  email!: string;
}

/** `{"invitation": {"email"}}` */
export class PortalInviteRequest {
  @Nested(() => NewPortalInvitation)
  invitation!: NewPortalInvitation;
}

/** An invitation into a client's portal, not yet accepted nor revoked. */
export class PortalInvitationResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  email!: string;

  @ApiProperty({ format: 'uuid', description: 'the client whose portal it opens' })
  providerClientId!: string;

  @ApiProperty({ enum: ['pending', 'expired'], description: 'expired: resend it for a new link' })
  status!: 'pending' | 'expired';

  @ApiProperty({ description: "the inviting admin's name (empty when that account is gone)" })
  invitedBy!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time', description: 'when the latest link was sent' })
  sentAt!: string;

  @ApiProperty({ format: 'date-time' })
  expiresAt!: string;
}

/** A person with access to a client's portal. */
export class PortalUserResponse {
  @ApiProperty({ format: 'uuid' })
  userId!: string;

  @ApiProperty()
  firstName!: string;

  @ApiProperty()
  lastName!: string;

  @ApiProperty()
  email!: string;

  @ApiProperty({ format: 'date-time' })
  joinedAt!: string;
}

/** What a client user's portal says of the provider that runs it. */
export class PortalProviderResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ type: String, nullable: true })
  logoUrl!: string | null;
}
