import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDefined, ValidateNested } from 'class-validator';
import { MESSAGES } from '@tourly/contracts';
import { NewPasswordField } from '../accounts/passwords';
import { RequiredEmail, RequiredString } from '@tourly/platform';

export class ResetRequestUser {
  @RequiredEmail()
  email!: string;
}

export class ResetRequest {
  @ApiProperty({ type: ResetRequestUser })
  @ValidateNested()
  @Type(() => ResetRequestUser)
  @IsDefined({ message: MESSAGES.required })
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
  @ApiProperty({ type: NewPassword })
  @ValidateNested()
  @Type(() => NewPassword)
  @IsDefined({ message: MESSAGES.required })
  user!: NewPassword;
}
