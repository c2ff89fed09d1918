import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { Caller, Responds } from '@tourly/platform';
import { ConfirmContact, ContactConfirmationResponse, ResendCode } from './contact-confirmations.dto';
import { ContactConfirmationsService } from './contact-confirmations.service';

/** Any signed-in person confirms their own contacts. */
@Controller('contact_confirmations')
export class ContactConfirmationsController {
  constructor(private readonly confirmations: ContactConfirmationsService) {}

  @Get()
  @Responds([ContactConfirmationResponse])
  list(@Caller() caller: Caller): Promise<ContactConfirmationResponse[]> {
    return this.confirmations.list(caller.userId as string);
  }

  @Post()
  @HttpCode(200)
  @Responds(ContactConfirmationResponse)
  confirm(@Caller() caller: Caller, @Body() body: ConfirmContact): Promise<ContactConfirmationResponse> {
    return this.confirmations.confirm(caller.userId as string, body.type, body.code);
  }

  @Post('resend')
  @HttpCode(200)
  @Responds(ContactConfirmationResponse)
  resend(@Caller() caller: Caller, @Body() body: ResendCode): Promise<ContactConfirmationResponse> {
    return this.confirmations.sendCode(caller.userId as string, body.type);
  }
}
