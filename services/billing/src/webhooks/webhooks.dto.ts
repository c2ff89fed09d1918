import { ApiProperty } from '@nestjs/swagger';

/** Stripe's webhook answer: the event is stored (or was already) and queued. */
export class ReceivedResponse {
  @ApiProperty({ type: Boolean, enum: [true] })
  received!: true;
}
