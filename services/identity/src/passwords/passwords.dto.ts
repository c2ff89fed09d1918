import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDefined, IsNotEmpty, IsString, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { MESSAGES } from '@tourly/contracts';
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

  @ApiProperty({ minLength: 8, maxLength: 200 })
  @MaxLength(200, { message: 'must be at most 200 characters' })
  @MinLength(8, { message: 'must be at least 8 characters' })
  @IsString({ message: MESSAGES.required })
  @IsNotEmpty({ message: MESSAGES.required })
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
