import { Matches } from 'class-validator';
import { Nested, RequiredEmail, RequiredString } from '@tourly/platform';

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
