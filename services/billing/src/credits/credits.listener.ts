import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CREDITS_CAPTURE,
  CREDITS_RELEASE,
  CREDITS_RESERVE,
  type CreditReservation,
  type CreditsReserveRequest,
  type CreditsSettleRequest,
} from '@tourly/contracts';
import { CreditsService } from './credits.service';

/** Request-reply for the services that spend credits (orders). */
@Controller()
export class CreditsListener {
  constructor(private readonly credits: CreditsService) {}

  @MessagePattern(CREDITS_RESERVE)
  reserve(@Payload() request: CreditsReserveRequest): Promise<CreditReservation> {
    return this.credits.reserve(request);
  }

  @MessagePattern(CREDITS_CAPTURE)
  capture(@Payload() request: CreditsSettleRequest): Promise<CreditReservation> {
    return this.credits.capture(request);
  }

  @MessagePattern(CREDITS_RELEASE)
  release(@Payload() request: CreditsSettleRequest): Promise<CreditReservation> {
    return this.credits.release(request);
  }
}
