import { ApiProperty } from '@nestjs/swagger';
import { IsObject } from 'class-validator';
import { MESSAGES } from '@tourly/contracts';
import { Nested, OptionalString, RequiredEmail, RequiredString } from '@tourly/platform';
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
