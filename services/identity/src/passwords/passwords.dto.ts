import { ApiProperty } from '@nestjs/swagger';
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

export class ResetLink {
  @RequiredString(200)
  resetPasswordToken!: string;
}

/** `{"user": {"reset_password_token"}}`: the link to check. */
export class CheckResetLink {
  @Nested(() => ResetLink)
  user!: ResetLink;
}

/** A reset link that still works. */
export class ResetLinkResponse {
  @ApiProperty({ format: 'date-time', description: 'until when the link works, if nobody uses it first' })
  expiresAt!: string;
}
