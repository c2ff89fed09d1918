import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventEnvelope } from '@tourly/contracts';
import { EventContext } from '@tourly/platform';
import { BookingPagesService } from './booking-pages.service';
import { BookingsService } from './bookings.service';

/**
 * A booking's e-mails go out from its events, so a mail outage delays them rather than losing them; someone who
 * leaves the team stops being offered on the booking form.
 */
@Controller()
export class BookingsListener {
  constructor(
    private readonly bookings: BookingsService,
    private readonly pages: BookingPagesService,
  ) {}

  @EventPattern('identity.membership.changed.v1')
  async onMembershipChanged(
    @Payload() event: EventEnvelope<'identity.membership.changed.v1'>,
    @Ctx() _context: EventContext,
  ): Promise<void> {
    const { providerId, userId, role } = event.data;
    if (role === null || role === 'client_user') await this.pages.memberLeft(providerId, userId);
  }

  @EventPattern('properties.booking.created.v1')
  onCreated(
    @Payload() event: EventEnvelope<'properties.booking.created.v1'>,
    @Ctx() _context: EventContext,
  ): Promise<void> {
    return this.bookings.notify(event.data, 'created');
  }

  @EventPattern('properties.booking.updated.v1')
  onUpdated(
    @Payload() event: EventEnvelope<'properties.booking.updated.v1'>,
    @Ctx() _context: EventContext,
  ): Promise<void> {
    return this.bookings.notify(event.data, 'updated');
  }

  @EventPattern('properties.booking.cancelled.v1')
  onCancelled(
    @Payload() event: EventEnvelope<'properties.booking.cancelled.v1'>,
    @Ctx() _context: EventContext,
  ): Promise<void> {
    return this.bookings.notify(event.data, 'cancelled');
  }
}
