import { Body, Controller, HttpCode, Post, Put } from '@nestjs/common';
import { Public, Responds } from '@tourly/platform';
import { MessageResponse } from '../accounts/accounts.dto';
import { ResetPassword, ResetRequest } from './passwords.dto';
import { PasswordsService } from './passwords.service';

@Controller('users/password')
@Public()
export class PasswordsController {
  constructor(private readonly passwords: PasswordsService) {}

  @Post()
  @HttpCode(200)
  @Responds(MessageResponse)
  request(@Body() body: ResetRequest): Promise<MessageResponse> {
    return this.passwords.request(body.user.email);
  }

  @Put()
  @Responds(MessageResponse)
  reset(@Body() body: ResetPassword): Promise<MessageResponse> {
    return this.passwords.reset(body.user.resetPasswordToken, body.user.password);
  }
}
