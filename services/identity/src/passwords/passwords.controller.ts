import { Body, Controller, HttpCode, Post, Put } from '@nestjs/common';
import { Public } from '@tourly/platform';
import { ResetPassword, ResetRequest } from './passwords.dto';
import { PasswordResetsService } from './password-resets.service';

@Controller('users/password')
@Public()
export class PasswordsController {
  constructor(private readonly resets: PasswordResetsService) {}

  @Post()
  @HttpCode(200)
  request(@Body() body: ResetRequest) {
    return this.resets.request(body.user.email);
  }

  @Put()
  reset(@Body() body: ResetPassword) {
    return this.resets.reset(body.user.resetPasswordToken, body.user.password);
  }
}
