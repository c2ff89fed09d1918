import { NewPasswordField } from '../accounts/passwords';
import { Nested, RequiredEmail, RequiredString } from '@tourly/platform';

export class ResetRequestUser {
  @RequiredEmail()
  email!: string;
}

export class ResetRequest {
  @Nested(() => ResetRequestUser)
  user!: ResetRequestUser;
}

export class NewPassword {
  @RequiredString(200)
  resetPasswordToken!: string;

  @NewPasswordField()
  password!: string;
}

/** `{"user": {"reset_password_token", "password"}}`. */
export class ResetPassword {
  @Nested(() => NewPassword)
  user!: NewPassword;
}
