import { Body, Controller, HttpCode, Post, Put } from '@nestjs/common';
import { Public, Responds } from '@tourly/platform';
import { MessageResponse } from '../accounts/accounts.dto';
import { CheckResetLink, ResetLinkResponse, ResetPassword, ResetRequest } from './passwords.dto';
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

  /**
   * Whether an emailed link still works, without spending it: the page asks on opening, so a used or expired link
   * says so before anyone types a password. POST, so the token stays out of URLs and their logs.
   */
  @Post('check')
  @HttpCode(200)
  @Responds(ResetLinkResponse)
  check(@Body() body: CheckResetLink): Promise<ResetLinkResponse> {
    return this.passwords.check(body.user.resetPasswordToken);
  }

  @Put()
  @Responds(MessageResponse)
  reset(@Body() body: ResetPassword): Promise<MessageResponse> {
    return this.passwords.reset(body.user.resetPasswordToken, body.user.password);
  }
}
