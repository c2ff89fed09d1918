import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDefined, ValidateNested } from 'class-validator';
import { MESSAGES } from '@tourly/contracts';
import { RequiredEmail, RequiredString } from '@tourly/platform';

export class Credentials {
  @RequiredEmail()
  email!: string;

  @RequiredString(200)
  password!: string;
}

/** `{"user": {"email", "password"}}`: the fixed shape clients and scripts sign in with. */
export class SignInRequest {
  @ApiProperty({ type: Credentials })
  @ValidateNested()
  @Type(() => Credentials)
  @IsDefined({ message: MESSAGES.required })
  user!: Credentials;
}
