import { Inject, Injectable } from '@nestjs/common';
import {
  BOOKING_LIMITS,
  PEOPLE_PROFILES,
  PROVIDER_ADDRESSES,
  PROVIDER_PEOPLE,
  type BookingChangedV1,
  type BookingStatus,
  type PeopleProfiles,
  type ProviderAddresses,
  type ProviderPeople,
} from '@tourly/contracts';
import {
  ApiError,
  CONFIG,
  clientAddressKey,
  Database,
  EventBus,
  isExclusionViolation,
  likePattern,
  Mailer,
  pageOf,
  RpcClient,
  uuidv7,
  type Page,
  type PageQuery,
  type Queryable,
} from '@tourly/platform';
import type { EntityManager } from 'typeorm';
import { CLIENT_NOT_FOUND } from '../clients/clients.dto';
import { ClientsRepository } from '../clients/clients.repository';
import type { PropertiesConfig } from '../config';
import { Geocoder } from '../geocoding/geocoder';
import { PropertyScope } from '../properties/property-scope';
import { VisitorLimits, type VisitorLimit } from '../visitors/visitor-limits';
import { BookingPagesService, type OpenPage } from './booking-pages.service';
import {
  BOOKING_NOT_FOUND,
  NOT_A_PROPERTY,
  NOT_A_SLOT,
  NOT_A_TEAM_MEMBER,
  SLOT_TAKEN,
  type AdminBookingResponse,
  type BookingReceivedResponse,
  type BookingRequest,
  type BookingResponseBody,
  type BookingsQuery,
  type BookingUpdateForm,
  type CalendarResponse,
  type PortalBookingResponse,
} from './bookings.dto';
import {
  BookingsRepository,
  type BookedService,
  type BookingRow,
  type BookingState,
} from './bookings.repository';
import {
  bookingIcs,
  isOpen,
  nextStatus,
  notices,
  type BookingFacts,
  type NoticeKind,
} from './bookings.rules';

/** Bookings one address may send in an hour: an agent books a few shoots, never dozens. */
const BOOKINGS_PER_HOUR: VisitorLimit = { bucket: 'booking', limit: 10, windowSeconds: 3600 };
const TOO_MANY_BOOKINGS = (retryAfter: number) =>
  `Too many bookings from this connection. Please try again in ${Math.ceil(retryAfter / 60)} minutes.`;

/**
 * Bookings (issue 31): an agent books a shoot on a provider's booking form, a team member free then is given it
 * (the database refuses a second booking over their time, so of two agents confirming one slot at once, one gets
 * it and the other a clear refusal), and the provider answers it, moves it, records how it went and invoices it.
 * Each change is an event (`properties.booking.*`) that mails both sides and reaches the provider's webhooks.
 */
@Injectable()
export class BookingsService {
  constructor(
    private readonly db: Database,
    private readonly bookings: BookingsRepository,
    private readonly pages: BookingPagesService,
    private readonly clients: ClientsRepository,
    private readonly scope: PropertyScope,
    private readonly geocoder: Geocoder,
    private readonly visitorLimits: VisitorLimits,
    private readonly rpc: RpcClient,
    private readonly mailer: Mailer,
    @Inject(EventBus) private readonly events: EventBus,
    @Inject(CONFIG) private readonly config: PropertiesConfig,
  ) {}

  /** An agent's booking from the public form. */
  async receive(
    open: OpenPage,
    request: BookingRequest,
    visitorAddress: string,
  ): Promise<BookingReceivedResponse> {
    const { page, services } = open;
    const picked = this.pages.pickServices(services, request.serviceIds, 'booking.serviceIds');
    if (!page.accessTypes.includes(request.accessType))
      throw ApiError.invalid('booking.accessType', `must be one of: ${page.accessTypes.join(', ')}`);
    const minutes = this.pages.shootMinutes(picked, 'booking.serviceIds');
    const startsAt = new Date(request.startsAt);
    const working = await this.bookings.membersAt(this.db.dataSource, page.providerId, {
      startsAt,
      minutes,
      horizonDays: BOOKING_LIMITS.horizonDays,
    });
    if (working.length === 0) throw ApiError.invalid('booking.startsAt', NOT_A_SLOT);
    const candidates = working.filter((member) => member.free).map((member) => member.userId);
    if (candidates.length === 0) throw ApiError.conflict(SLOT_TAKEN);
    await this.visitorLimits.hit(BOOKINGS_PER_HOUR, clientAddressKey(visitorAddress), TOO_MANY_BOOKINGS);
    const place = await this.geocoder.geocode(request.address, 'booking.address');
    const id = uuidv7();
    const endsAt = new Date(startsAt.getTime() + minutes * 60_000);
    const booked: BookedService[] = picked.map(({ id: serviceId, name, durationMinutes, priceCents }) => ({
      id: serviceId,
      name,
      durationMinutes,
      priceCents,
    }));
    const row = await this.db.transaction(async (tx) => {
      // The first member free then whose time is still free as this commits: a booking that committed first over
      // the same time makes the insert store nothing, and the next member is tried.
      let assigned: string | undefined;
      for (const userId of candidates) {
        const stored = await this.bookings.insert(tx, {
          id,
          providerId: page.providerId,
          startsAt,
          endsAt,
          timeZone: page.timeZone,
          assignedUserId: userId,
          services: JSON.stringify(booked),
          totalCents: picked.reduce((total, service) => total + service.priceCents, 0),
          currency: picked[0]!.currency,
          address: request.address,
          formattedAddress: place.formattedAddress,
          latitude: place.latitude,
          longitude: place.longitude,
          accessType: request.accessType,
          accessDetails: request.accessDetails || null,
          fullName: request.fullName,
          emailAddress: request.emailAddress,
          phoneNumber: request.phoneNumber || null,
          agencyName: request.agencyName || null,
          notes: request.notes || null,
        });
        if (stored) {
          assigned = userId;
          break;
        }
      }
      if (!assigned) throw ApiError.conflict(SLOT_TAKEN);
      const booking = (await this.bookings.booking(tx, page.providerId, id))!;
      await this.events.publish('properties.booking.created.v1', changed(booking, null), tx);
      return booking;
    });
    return {
      id: row.id,
      status: row.status,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      timeZone: row.timeZone,
      formattedAddress: row.formattedAddress,
    };
  }

  async list(providerId: string, query: BookingsQuery): Promise<Page<BookingResponseBody>> {
    const timeZone = await this.timeZoneOf(providerId);
    const rows = await this.bookings.bookings(
      this.db.dataSource,
      providerId,
      {
        from: query.from ?? null,
        to: query.to ?? null,
        status: query.status ?? null,
        search: likePattern(query.q),
        timeZone,
      },
      query.pageSize,
      query.offset,
    );
    const names = await this.pages.names(providerId, [...new Set(rows.map((row) => row.assignedUserId))]);
    return pageOf(
      rows.map((row) => toResponse(row, names)),
      rows[0]?.total ?? 0,
      query,
    );
  }

  /** How many bookings each day of a month has, by status, in the page's time zone. */
  async calendar(providerId: string, month: string): Promise<CalendarResponse> {
    const timeZone = await this.timeZoneOf(providerId);
    return { timeZone, days: await this.bookings.calendar(this.db.dataSource, providerId, month, timeZone) };
  }

  async get(
    providerId: string,
    id: string,
    db: Queryable = this.db.dataSource,
  ): Promise<BookingResponseBody> {
    const row = await this.bookings.booking(db, providerId, id);
    if (!row) throw ApiError.notFound(BOOKING_NOT_FOUND);
    const names = await this.pages.names(providerId, [row.assignedUserId]);
    return toResponse(row, names);
  }

  /**
   * The provider's changes (002 §3 `provider_properties_update_booking_form`): its answer, the outcome, a new time
   * or member, its notes, the property. Accepting links the agent as a contact (and its agency as a client) and the
   * property at the address, when the provider has them; making them when it has not.
   */
  async update(providerId: string, id: string, form: BookingUpdateForm): Promise<BookingResponseBody> {
    if (form.response && form.outcome && form.response !== form.outcome)
      throw ApiError.invalid('providerPropertiesUpdateBookingForm.outcome', 'must agree with the response');
    if (form.assignedUserId) await this.checkMember(providerId, form.assignedUserId);
    return this.change(providerId, id, async (tx, current, state) => {
      const target = form.outcome ?? form.response;
      if (target) {
        const next = nextStatus(current.status, target, current.startsAt, new Date());
        if ('error' in next)
          throw ApiError.invalid(
            `providerPropertiesUpdateBookingForm.${form.outcome ? 'outcome' : 'response'}`,
            next.error,
          );
        state.status = next.status;
      }
      const moves = form.startsAt !== undefined || form.assignedUserId !== undefined;
      if (moves && !isOpen(current.status))
        throw ApiError.invalid(
          'providerPropertiesUpdateBookingForm.startsAt',
          `cannot be moved: the booking is ${current.status}`,
        );
      if (form.startsAt !== undefined) {
        const startsAt = new Date(form.startsAt);
        state.endsAt = new Date(startsAt.getTime() + (current.endsAt.getTime() - current.startsAt.getTime()));
        state.startsAt = startsAt;
      }
      if (form.assignedUserId !== undefined) state.assignedUserId = form.assignedUserId.toLowerCase();
      if (form.providerNotes !== undefined) state.providerNotes = form.providerNotes || null;
      if (form.propertyId !== undefined) {
        if (form.propertyId && !(await this.scope.find(tx, providerId, form.propertyId)))
          throw ApiError.invalid('providerPropertiesUpdateBookingForm.propertyId', NOT_A_PROPERTY);
        state.propertyId = form.propertyId;
      }
      if (state.status !== current.status && (state.status === 'accepted' || state.status === 'declined'))
        state.respondedAt = new Date();
      if (state.status === 'cancelled' && current.status !== 'cancelled') {
        state.cancelledAt = new Date();
        state.cancelReason = form.cancelReason || null;
      }
      if (state.status === 'accepted' && current.status === 'pending') await this.link(tx, current, state);
    });
  }

  /** Marks that the provider invoiced the agent for the shoot (once: a second mark keeps the first time). */
  async markInvoiced(providerId: string, id: string): Promise<BookingResponseBody> {
    return this.change(providerId, id, async (_tx, current, state) => {
      if (current.status !== 'accepted' && current.status !== 'completed')
        throw ApiError.invalid('base', `A ${current.status} booking cannot be invoiced: accept it first.`);
      state.invoicedAt ??= new Date();
    });
  }

  async cancel(
    providerId: string,
    id: string,
    reason: string | null | undefined,
  ): Promise<BookingResponseBody> {
    return this.update(providerId, id, { outcome: 'cancelled', cancelReason: reason ?? null });
  }

  /**
   * A client's bookings for its portal (and, `checkClient`, the provider's preview of it: another provider's client
   * is a 404): to come first, then past.
   */
  async clientBookings(
    scope: { providerId: string; clientId: string },
    query: PageQuery,
    { checkClient = false } = {},
  ): Promise<Page<PortalBookingResponse>> {
    if (checkClient && !(await this.clients.client(this.db.dataSource, scope.providerId, scope.clientId)))
      throw ApiError.notFound(CLIENT_NOT_FOUND);
    const rows = await this.bookings.clientBookings(this.db.dataSource, scope, query.pageSize, query.offset);
    return pageOf(
      rows.map(({ total: _total, ...row }) => ({
        ...row,
        startsAt: row.startsAt.toISOString(),
        endsAt: row.endsAt.toISOString(),
        invoicedAt: row.invoicedAt?.toISOString() ?? null,
      })),
      rows[0]?.total ?? 0,
      query,
    );
  }

  async adminList(providerId: string, query: PageQuery): Promise<Page<AdminBookingResponse>> {
    const rows = await this.bookings.adminBookings(
      this.db.dataSource,
      providerId,
      query.pageSize,
      query.offset,
    );
    return pageOf(
      rows.map(({ total: _total, ...row }) => ({
        ...row,
        startsAt: row.startsAt.toISOString(),
        invoicedAt: row.invoicedAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
      })),
      rows[0]?.total ?? 0,
      query,
    );
  }

  /**
   * Mails what a booking's event says happened to the agent and the team member, each notice once (a redelivered
   * event sends nothing new; a failed send throws, so the event is retried).
   */
  async notify(event: BookingChangedV1, subject: 'created' | 'updated' | 'cancelled'): Promise<void> {
    const kind = noticeKind(event, subject);
    if (!kind) return;
    const key = `${kind}:${event.startsAt}`;
    if (await this.bookings.noticeSent(this.db.dataSource, event.bookingId, key)) return;
    const row = await this.bookings.booking(this.db.dataSource, event.providerId, event.bookingId);
    if (!row) return;
    const { people } = await this.rpc.ask<PeopleProfiles>(PEOPLE_PROFILES, {
      providerId: row.providerId,
      userIds: [row.assignedUserId],
    });
    const member = people[0];
    const addresses = await this.rpc
      .ask<ProviderAddresses>(PROVIDER_ADDRESSES, { providerId: row.providerId })
      .catch(() => null);
    const facts: BookingFacts = {
      ...row,
      providerName: addresses?.name ?? 'The photographer',
      memberName: member?.fullName ?? 'to be confirmed',
      sequence: event.sequence,
    };
    const host = new URL(this.config.APP_URL).host;
    const link = `${this.config.APP_URL}/provider/bookings/${row.id}`;
    for (const notice of notices(kind, facts, link)) {
      const to = notice.to === 'agent' ? row.emailAddress : member?.email;
      if (!to) continue;
      await this.mailer.send({
        to,
        subject: notice.subject,
        text: notice.text,
        attachments: notice.withCalendar
          ? [
              {
                name: 'booking.ics',
                contentType: 'text/calendar; charset=utf-8',
                content: bookingIcs(facts, host),
              },
            ]
          : undefined,
      });
    }
    await this.bookings.markNoticeSent(this.db.dataSource, event.bookingId, key);
  }

  /** Changes one booking under its lock, then announces what changed. */
  private async change(
    providerId: string,
    id: string,
    apply: (tx: EntityManager, current: BookingRow, state: BookingState) => Promise<void>,
  ): Promise<BookingResponseBody> {
    return this.db.transaction(async (tx) => {
      if (!(await this.bookings.lock(tx, providerId, id))) throw ApiError.notFound(BOOKING_NOT_FOUND);
      const current = (await this.bookings.booking(tx, providerId, id))!;
      const state: BookingState = {
        status: current.status,
        startsAt: current.startsAt,
        endsAt: current.endsAt,
        assignedUserId: current.assignedUserId,
        providerNotes: current.providerNotes,
        propertyId: current.propertyId,
        contactId: current.contactId,
        providerClientId: current.providerClientId,
        respondedAt: current.respondedAt,
        invoicedAt: current.invoicedAt,
        cancelledAt: current.cancelledAt,
        cancelReason: current.cancelReason,
      };
      await apply(tx, current, state);
      try {
        await this.bookings.update(tx, providerId, id, state);
      } catch (error) {
        // The member's time is booked already: the transaction is over, nothing was changed.
        if (!isExclusionViolation(error)) throw error;
        throw ApiError.conflict(SLOT_TAKEN);
      }
      const updated = (await this.bookings.booking(tx, providerId, id))!;
      const subject =
        updated.status === 'cancelled' && current.status !== 'cancelled'
          ? 'properties.booking.cancelled.v1'
          : 'properties.booking.updated.v1';
      if (JSON.stringify(updated) !== JSON.stringify(current))
        await this.events.publish(subject, changed(updated, current), tx);
      return this.get(providerId, id, tx);
    });
  }

  /**
   * The agent as the provider's contact (found by e-mail address, else made, with its agency as the client when it
   * named one: found by name, else made) and the provider's property at the address, when it has one. A property is
   * never made here: it needs the scan, which comes after the shoot (the provider makes it from the booking then).
   */
  private async link(tx: EntityManager, booking: BookingRow, state: BookingState): Promise<void> {
    const providerId = booking.providerId;
    const contact = await this.bookings.contactWithEmail(tx, providerId, booking.emailAddress);
    let clientId = contact?.providerClientId ?? null;
    if (!clientId && booking.agencyName) {
      clientId = (await this.bookings.clientNamed(tx, providerId, booking.agencyName)) ?? null;
      if (!clientId) {
        clientId = uuidv7();
        await this.clients.insertClient(tx, clientId, providerId, {
          name: booking.agencyName,
          emailAddress: null,
          phoneNumber: null,
          defaultPlayerBrandingLogoUrl: null,
        });
        await this.events.publish(
          'properties.client.created.v1',
          { providerId, clientId, name: booking.agencyName },
          tx,
        );
      }
    }
    let contactId = contact?.id ?? null;
    if (!contactId) {
      contactId = uuidv7();
      await this.clients.insertContact(tx, contactId, providerId, {
        fullName: booking.fullName,
        emailAddress: booking.emailAddress,
        phoneNumber: booking.phoneNumber,
        providerClientId: clientId,
      });
    }
    state.contactId = contactId;
    state.providerClientId = clientId;
    state.propertyId ??=
      (await this.bookings.propertyAtAddress(tx, providerId, booking.formattedAddress)) ?? null;
  }

  private async checkMember(providerId: string, userId: string): Promise<void> {
    const people = await this.rpc.ask<ProviderPeople>(PROVIDER_PEOPLE, { providerId, userIds: [userId] });
    if (!people.userIds.some((known) => known.toLowerCase() === userId.toLowerCase()))
      throw ApiError.invalid('providerPropertiesUpdateBookingForm.assignedUserId', NOT_A_TEAM_MEMBER);
  }

  private async timeZoneOf(providerId: string): Promise<string> {
    return (await this.bookings.page(this.db.dataSource, providerId))?.timeZone ?? 'UTC';
  }
}

/** The event a booking's change publishes: where it is now, and the count of its time changes (for calendars). */
function changed(booking: BookingRow, before: BookingRow | null): BookingChangedV1 {
  return {
    providerId: booking.providerId,
    bookingId: booking.id,
    status: booking.status,
    previousStatus: before?.status ?? null,
    startsAt: booking.startsAt.toISOString(),
    endsAt: booking.endsAt.toISOString(),
    assignedUserId: booking.assignedUserId,
    moved: before !== null && before.startsAt.getTime() !== booking.startsAt.getTime(),
    sequence: Math.floor(booking.updatedAt.getTime() / 1000),
  };
}

/** Which notice a change sends, if any: notes, invoicing and the property are the provider's own business. */
function noticeKind(
  event: BookingChangedV1,
  subject: 'created' | 'updated' | 'cancelled',
): NoticeKind | null {
  if (subject === 'created') return 'received';
  if (subject === 'cancelled') return 'cancelled';
  const from: BookingStatus | null = event.previousStatus;
  if (event.status === 'accepted' && from === 'pending') return 'accepted';
  if (event.status === 'declined' && from === 'pending') return 'declined';
  if (event.moved && event.status === 'accepted') return 'rescheduled';
  return null;
}

function toResponse(row: BookingRow, names: Map<string, string>): BookingResponseBody {
  return {
    id: row.id,
    status: row.status,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    timeZone: row.timeZone,
    assignedUserId: row.assignedUserId,
    assignedUserName: names.get(row.assignedUserId) ?? null,
    services: row.services,
    totalCents: row.totalCents,
    currency: row.currency,
    address: row.address,
    formattedAddress: row.formattedAddress,
    latitude: row.latitude,
    longitude: row.longitude,
    accessType: row.accessType,
    accessDetails: row.accessDetails,
    fullName: row.fullName,
    emailAddress: row.emailAddress,
    phoneNumber: row.phoneNumber,
    agencyName: row.agencyName,
    notes: row.notes,
    providerNotes: row.providerNotes,
    contactId: row.contactId,
    providerClientId: row.providerClientId,
    providerClientName: row.providerClientName ?? null,
    propertyId: row.propertyId,
    propertyTitle: row.propertyTitle ?? null,
    respondedAt: row.respondedAt?.toISOString() ?? null,
    invoicedAt: row.invoicedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancelReason: row.cancelReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
