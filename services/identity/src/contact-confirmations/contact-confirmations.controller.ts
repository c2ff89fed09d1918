import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventEnvelope } from '@tourly/contracts';
import { Caller, EventContext } from '@tourly/platform';
import { ConfirmContact, ResendCode } from './contact-confirmations.dto';
import { ContactConfirmationsService } from './contact-confirmations.service';

/** Any signed-in person confirms their own contacts. */
@Controller('contact_confirmations')
export class ContactConfirmationsController {
  constructor(private readonly confirmations: ContactConfirmationsService) {}

  @Get()
  list(@Caller() caller: Caller) {
    return this.confirmations.list(caller.userId as string);
  }

  @Post()
  @HttpCode(200)
  confirm(@Caller() caller: Caller, @Body() body: ConfirmContact) {
    return this.confirmations.confirm(caller.userId as string, body.type, body.code);
  }

  @Post('resend')
  @HttpCode(200)
  resend(@Caller() caller: Caller, @Body() body: ResendCode) {
    return this.confirmations.sendCode(caller.userId as string, body.type);
  }

  @EventPattern('identity.user.created.v1')
  onUserCreated(@Payload() event: EventEnvelope<'identity.user.created.v1'>, @Ctx() _context: EventContext) {
    return this.confirmations.welcome(event.data.userId);
  }
}
