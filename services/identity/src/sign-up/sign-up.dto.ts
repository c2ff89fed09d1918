import { ApiProperty } from '@nestjs/swagger';
import { IsObject, Matches } from 'class-validator';
import { MEMBERSHIP_ROLES, MESSAGES, type MembershipRole } from '@tourly/contracts';
import { Nested, OptionalString, RequiredEmail, RequiredString } from '@tourly/platform';
import { ProviderRef, UserProfile } from '../accounts/accounts.dto';
import { NewPasswordField } from '../accounts/passwords';

export class NewAccount {
  @RequiredEmail()
  email!: string;

  @NewPasswordField()
  password!: string;

  @OptionalString(80)
  firstName?: string;

  @OptionalString(80)
  lastName?: string;
}

/** `{"user": {...}, "captcha_response": "..."}`: the captcha answer is sent with the user (002 §5). */
export class SignUpRequest {
  @Nested(() => NewAccount)
  user!: NewAccount;

  @RequiredString(4000)
  captchaResponse!: string;

  /** The code of the provider whose sign-up link brought the person (`/users/sign_up?referral_code=`), if any. */
  @OptionalString(40)
  referralCode?: string;
}

export class SignUpCode {
  @RequiredEmail()
  email!: string;

  @RequiredString(6)
  @Matches(/^\d{6}$/, { message: 'is the 6 digits from the email' })
  code!: string;
}

/** `{"user": {"email", "code"}}`: the code POST /sign_up emailed, which creates the account and signs it in. */
export class ConfirmSignUpRequest {
  @Nested(() => SignUpCode)
  user!: SignUpCode;
}

export class Profile {
  @RequiredString(80)
  firstName!: string;

  @RequiredString(80)
  lastName!: string;
}

export class FinalizeRequest {
  @Nested(() => Profile)
  user!: Profile;
}

export class NewProvider {
  @RequiredString(120)
  name!: string;
}

export class SetupProviderRequest {
  @Nested(() => NewProvider)
  setupProvider!: NewProvider;
}

export class SurveyRequest {
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'the answers, as the form has them',
  })
  @IsObject({ message: MESSAGES.required })
  survey!: Record<string, unknown>;
}

export class FinalizeResponse {
  @ApiProperty({ type: () => UserProfile })
  user!: UserProfile;
}

/** The business created, and the caller's role in it (its admin). */
export class SetupProviderResponse {
  @ApiProperty({ type: () => ProviderRef })
  provider!: ProviderRef;

  @ApiProperty({ enum: MEMBERSHIP_ROLES })
  role!: MembershipRole;
}

export class SurveyResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;
}
