import { Injectable } from '@nestjs/common';
import type { AccessType, BookingStatus } from '@tourly/contracts';
import { queryAffected, queryOne, queryRows, sql, type Narrow, type Queryable } from '@tourly/platform';
import type {
  IAdminBookingPageQuery,
  IBookedTimesQuery,
  IBookingByIdQuery,
  IBookingByIdResult,
  IBookingCalendarQuery,
  IBookingPageByProviderQuery,
  IBookingPageByProviderResult,
  IBookingPageBySlugQuery,
  IBookingsPageQuery,
  IBookingServicesQuery,
  IBookingMembersQuery,
  IClientNamedQuery,
  IClientBookingPageQuery,
  IContactWithEmailQuery,
  IDeleteBookingMemberQuery,
  IDeleteBookingServiceQuery,
  IMembersAtQuery,
  IInsertBookingHoursQuery,
  IInsertBookingQuery,
  IInsertBookingServiceQuery,
  IInsertDefaultBookingPageQuery,
  ILockBookingQuery,
  IMarkNoticeSentQuery,
  INoticeSentQuery,
  IPropertyAtAddressQuery,
  IReplaceBookingMemberQuery,
  IClearBookingHoursQuery,
  ISaveBookingPageQuery,
  ISetBookingPagePublishedQuery,
  IUpdateBookingQuery,
  IUpdateBookingServiceQuery,
  IWorkingWindowsQuery,
} from './bookings.repository.types';

export type BookingPageRow = IBookingPageByProviderResult & { accessTypes: AccessType[] };

/** What a booking keeps of each service it took, as it was when booked. */
export type BookedService = {
  id: string;
  name: string;
  durationMinutes: number;
  priceCents: number;
};

/** The JSON and checked-text columns of a booking, as the CHECKs and the writer keep them. */
type KnownBooking = { status: BookingStatus; accessType: AccessType; services: BookedService[] };
export type BookingRow = Omit<IBookingByIdResult, keyof KnownBooking> & KnownBooking;

type KnownHours = { hours: Array<{ weekday: number; starts: string; ends: string }> };

export interface BookingPageValues {
  slug: string;
  title: string;
  intro: string | null;
  timeZone: string;
  leadTimeHours: number;
  slotMinutes: number;
  accessTypes: string[];
}

export interface BookingServiceValues {
  name: string;
  description: string | null;
  durationMinutes: number;
  priceCents: number;
  currency: string;
}

export interface NewBooking {
  id: string;
  providerId: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  assignedUserId: string;
  services: string;
  totalCents: number;
  currency: string;
  address: string;
  formattedAddress: string;
  latitude: number;
  longitude: number;
  accessType: string;
  accessDetails: string | null;
  fullName: string;
  emailAddress: string;
  phoneNumber: string | null;
  agencyName: string | null;
  notes: string | null;
}

export interface BookingState {
  status: string;
  startsAt: Date;
  endsAt: Date;
  assignedUserId: string;
  providerNotes: string | null;
  propertyId: string | null;
  contactId: string | null;
  providerClientId: string | null;
  respondedAt: Date | null;
  invoicedAt: Date | null;
  cancelledAt: Date | null;
  cancelReason: string | null;
}

const bookingPageByProvider = sql<Narrow<IBookingPageByProviderQuery, { accessTypes: AccessType[] }>>`
  SELECT provider_id AS "providerId", slug, title, intro, time_zone AS "timeZone", lead_time_hours AS "leadTimeHours",
  slot_minutes AS "slotMinutes", access_types AS "accessTypes", published FROM booking_pages WHERE provider_id = $providerId!`;

const bookingPageBySlug = sql<Narrow<IBookingPageBySlugQuery, { accessTypes: AccessType[] }>>`
  SELECT provider_id AS "providerId", slug, title, intro, time_zone AS "timeZone", lead_time_hours AS "leadTimeHours",
  slot_minutes AS "slotMinutes", access_types AS "accessTypes", published FROM booking_pages WHERE slug = $slug!`;

// The page's row made with what the provider has not chosen yet (a slug that is free, else none: try another).
const insertDefaultBookingPage = sql<IInsertDefaultBookingPageQuery>`
  INSERT INTO booking_pages (provider_id, slug, title) VALUES ($providerId!, $slug!, $title!)
  ON CONFLICT DO NOTHING RETURNING provider_id`;

const saveBookingPage = sql<ISaveBookingPageQuery>`
  INSERT INTO booking_pages (provider_id, slug, title, intro, time_zone, lead_time_hours, slot_minutes, access_types)
  VALUES ($providerId!, $slug!, $title!, $intro, $timeZone!, $leadTimeHours!, $slotMinutes!, $accessTypes!::text[])
  ON CONFLICT (provider_id) DO UPDATE
     SET slug = EXCLUDED.slug, title = EXCLUDED.title, intro = EXCLUDED.intro, time_zone = EXCLUDED.time_zone,
         lead_time_hours = EXCLUDED.lead_time_hours, slot_minutes = EXCLUDED.slot_minutes,
         access_types = EXCLUDED.access_types, updated_at = now()`;

const setBookingPagePublished = sql<ISetBookingPagePublishedQuery>`
  UPDATE booking_pages SET published = $published!, updated_at = now() WHERE provider_id = $providerId!`;

const bookingServices = sql<IBookingServicesQuery>`
  SELECT id, name, description, duration_minutes AS "durationMinutes", price_cents AS "priceCents", currency FROM booking_services WHERE provider_id = $providerId! ORDER BY created_at, id`;

const insertBookingService = sql<IInsertBookingServiceQuery>`
  INSERT INTO booking_services (id, provider_id, name, description, duration_minutes, price_cents, currency)
  VALUES ($id!, $providerId!, $name!, $description, $durationMinutes!, $priceCents!, $currency!)`;

const updateBookingService = sql<IUpdateBookingServiceQuery>`
  UPDATE booking_services
     SET name = $name!, description = $description, duration_minutes = $durationMinutes!,
         price_cents = $priceCents!, currency = $currency!, updated_at = now()
   WHERE provider_id = $providerId! AND id = $id!`;

const deleteBookingService = sql<IDeleteBookingServiceQuery>`
  DELETE FROM booking_services WHERE provider_id = $providerId! AND id = $id!`;

const bookingMembers = sql<Narrow<IBookingMembersQuery, KnownHours>>`
  SELECT m.user_id AS "userId", m.time_zone AS "timeZone",
         coalesce(json_agg(json_build_object('weekday', h.weekday, 'starts', to_char(h.starts, 'HH24:MI'),
                                             'ends', to_char(h.ends, 'HH24:MI'))
                           ORDER BY h.weekday, h.starts) FILTER (WHERE h.weekday IS NOT NULL), '[]') AS "hours!"
    FROM booking_members m
    LEFT JOIN booking_hours h ON h.provider_id = m.provider_id AND h.user_id = m.user_id
   WHERE m.provider_id = $providerId!
   GROUP BY m.user_id, m.time_zone, m.created_at ORDER BY m.created_at, m.user_id`;

const replaceBookingMember = sql<IReplaceBookingMemberQuery>`
  INSERT INTO booking_members (provider_id, user_id, time_zone) VALUES ($providerId!, $userId!, $timeZone!)
  ON CONFLICT (provider_id, user_id) DO UPDATE SET time_zone = EXCLUDED.time_zone, updated_at = now()`;

const clearBookingHours = sql<IClearBookingHoursQuery>`
  DELETE FROM booking_hours WHERE provider_id = $providerId! AND user_id = $userId!`;

const insertBookingHours = sql<IInsertBookingHoursQuery>`
  INSERT INTO booking_hours (provider_id, user_id, weekday, starts, ends)
  SELECT $providerId!, $userId!, weekday, starts::time, ends::time
    FROM unnest($weekdays!::int[], $starts!::text[], $ends!::text[]) AS hours (weekday, starts, ends)`;

const deleteBookingMember = sql<IDeleteBookingMemberQuery>`
  DELETE FROM booking_members WHERE provider_id = $providerId! AND user_id = $userId!`;

// Every member's working windows on the days around the period, in the member's own time zone (a window that ends
// at 24:00 ends at the next midnight), with the period the page offers: from the later of its first day and the lead
// time, to the earlier of its end and the horizon. No rows: no page, or nobody's hours.
const workingWindows = sql<IWorkingWindowsQuery>`
  WITH page AS (
    SELECT slot_minutes,
           greatest(now() + make_interval(hours => lead_time_hours),
                    ($from!::date)::timestamp AT TIME ZONE time_zone) AS earliest,
           least(($from!::date + $days!::int)::timestamp AT TIME ZONE time_zone,
                 now() + make_interval(days => $horizonDays!::int)) AS latest
      FROM booking_pages WHERE provider_id = $providerId!
  )
  SELECT m.user_id AS "userId", (d::date + h.starts) AT TIME ZONE m.time_zone AS "opens!",
         (d::date + h.ends) AT TIME ZONE m.time_zone AS "closes!", page.slot_minutes AS "slotMinutes",
         page.earliest AS "earliest!", page.latest AS "latest!"
    FROM page, booking_members m
    JOIN booking_hours h ON h.provider_id = m.provider_id AND h.user_id = m.user_id
   CROSS JOIN generate_series($from!::date - 1, $from!::date + $days!::int, interval '1 day') d
   WHERE m.provider_id = $providerId! AND extract(dow FROM d) = h.weekday`;

// The time the page's members have booked (with any provider) that could overlap the period the page offers: from
// its first day (a booking lasts at most 12 hours, so one that overlaps it starts at most that much before it) to its
// end plus the shoot's length (a start just before the end runs past it). Read from the index by member and time,
// beside the windows rather than after them.
const bookedTimes = sql<IBookedTimesQuery>`
  WITH page AS (
    SELECT ($from!::date)::timestamp AT TIME ZONE time_zone AS first_at,
           ($from!::date + $days!::int)::timestamp AT TIME ZONE time_zone AS last_at
      FROM booking_pages WHERE provider_id = $providerId!
  )
  SELECT k.assigned_user_id AS "userId", k.starts_at AS "startsAt", k.ends_at AS "endsAt"
    FROM page, bookings k
   WHERE k.assigned_user_id IN (SELECT user_id FROM booking_members WHERE provider_id = $providerId!)
     AND k.status IN ('pending', 'accepted', 'completed')
     AND k.starts_at > page.first_at - interval '12 hours'
     AND k.starts_at < page.last_at + make_interval(mins => $minutes!::int)
   ORDER BY k.assigned_user_id, k.starts_at`;

// The members whose working windows offer a shoot starting then (as above), and whether each is still free for its
// length. The free ones with fewer open bookings that day first, so work is spread.
const membersAt = sql<IMembersAtQuery>`
  WITH page AS (
    SELECT slot_minutes, now() + make_interval(hours => lead_time_hours) AS earliest
      FROM booking_pages WHERE provider_id = $providerId!
  ), windows AS (
    SELECT m.user_id, (d::date + h.starts) AT TIME ZONE m.time_zone AS opens,
           (d::date + h.ends) AT TIME ZONE m.time_zone AS closes
      FROM booking_members m
      JOIN booking_hours h ON h.provider_id = m.provider_id AND h.user_id = m.user_id
     CROSS JOIN generate_series(($startsAt!::timestamptz AT TIME ZONE 'UTC')::date - 1,
                                ($startsAt!::timestamptz AT TIME ZONE 'UTC')::date + 1, interval '1 day') d
     WHERE m.provider_id = $providerId! AND extract(dow FROM d) = h.weekday
  )
  SELECT w.user_id AS "userId!",
         NOT EXISTS (
           SELECT 1 FROM bookings k
            WHERE k.assigned_user_id = w.user_id AND k.status IN ('pending', 'accepted', 'completed')
              AND k.starts_at > $startsAt!::timestamptz - interval '12 hours'
              AND k.starts_at < $startsAt!::timestamptz + make_interval(mins => $minutes!::int)
              AND k.ends_at > $startsAt!::timestamptz
         ) AS "free!"
    FROM windows w CROSS JOIN page
   WHERE $startsAt!::timestamptz >= w.opens
     AND $startsAt!::timestamptz + make_interval(mins => $minutes!::int) <= w.closes
     AND mod(extract(epoch FROM $startsAt!::timestamptz - w.opens)::bigint, page.slot_minutes * 60) = 0
     AND $startsAt!::timestamptz >= page.earliest
     AND $startsAt!::timestamptz < now() + make_interval(days => $horizonDays!::int)
   ORDER BY 2 DESC, (SELECT count(*) FROM bookings k
              WHERE k.assigned_user_id = w.user_id AND k.status IN ('pending', 'accepted')
                AND k.starts_at >= w.opens AND k.starts_at < w.closes), w.user_id`;

// A second booking over the same member's time is not stored (no row comes back): the exclusion constraint.
const insertBooking = sql<IInsertBookingQuery>`
  INSERT INTO bookings (id, provider_id, starts_at, ends_at, time_zone, assigned_user_id, services, total_cents,
                        currency, address, formatted_address, latitude, longitude, access_type, access_details,
                        full_name, email_address, phone_number, agency_name, notes)
  VALUES ($id!, $providerId!, $startsAt!, $endsAt!, $timeZone!, $assignedUserId!, $services!::jsonb, $totalCents!,
          $currency!, $address!, $formattedAddress!, $latitude!, $longitude!, $accessType!, $accessDetails,
          $fullName!, $emailAddress!, $phoneNumber, $agencyName, $notes)
  ON CONFLICT DO NOTHING RETURNING id`;

const bookingById = sql<Narrow<IBookingByIdQuery, KnownBooking>>`
  SELECT b.id, b.provider_id AS "providerId", b.status, b.starts_at AS "startsAt", b.ends_at AS "endsAt",
  b.time_zone AS "timeZone", b.assigned_user_id AS "assignedUserId", b.services AS "services!",
  b.total_cents AS "totalCents", b.currency, b.address, b.formatted_address AS "formattedAddress", b.latitude,
  b.longitude, b.access_type AS "accessType", b.access_details AS "accessDetails", b.full_name AS "fullName",
  b.email_address AS "emailAddress", b.phone_number AS "phoneNumber", b.agency_name AS "agencyName", b.notes,
  b.provider_notes AS "providerNotes", b.contact_id AS "contactId", b.provider_client_id AS "providerClientId",
  c.name AS "providerClientName?", b.property_id AS "propertyId", p.title AS "propertyTitle?",
  b.responded_at AS "respondedAt", b.invoiced_at AS "invoicedAt", b.cancelled_at AS "cancelledAt",
  b.cancel_reason AS "cancelReason", b.created_at AS "createdAt", b.updated_at AS "updatedAt"
    FROM bookings b
    LEFT JOIN provider_clients c ON c.id = b.provider_client_id
    LEFT JOIN properties p ON p.id = b.property_id
   WHERE b.provider_id = $providerId! AND b.id = $id!`;

const bookingsPage = sql<Narrow<IBookingsPageQuery, KnownBooking>>`
  WITH page AS (
    SELECT id, starts_at, count(*) OVER () AS total FROM bookings
     WHERE provider_id = $providerId!
       AND ($from::date IS NULL OR starts_at >= ($from::date)::timestamp AT TIME ZONE $timeZone!)
       AND ($to::date IS NULL OR starts_at < ($to::date + 1)::timestamp AT TIME ZONE $timeZone!)
       AND ($status::text IS NULL OR status = $status)
       AND ($search::text IS NULL OR search_text LIKE lower($search))
     ORDER BY starts_at, id LIMIT $limit! OFFSET $offset!
  )
  SELECT b.id, b.provider_id AS "providerId", b.status, b.starts_at AS "startsAt", b.ends_at AS "endsAt",
  b.time_zone AS "timeZone", b.assigned_user_id AS "assignedUserId", b.services AS "services!",
  b.total_cents AS "totalCents", b.currency, b.address, b.formatted_address AS "formattedAddress", b.latitude,
  b.longitude, b.access_type AS "accessType", b.access_details AS "accessDetails", b.full_name AS "fullName",
  b.email_address AS "emailAddress", b.phone_number AS "phoneNumber", b.agency_name AS "agencyName", b.notes,
  b.provider_notes AS "providerNotes", b.contact_id AS "contactId", b.provider_client_id AS "providerClientId",
  c.name AS "providerClientName?", b.property_id AS "propertyId", p.title AS "propertyTitle?",
  b.responded_at AS "respondedAt", b.invoiced_at AS "invoicedAt", b.cancelled_at AS "cancelledAt",
  b.cancel_reason AS "cancelReason", b.created_at AS "createdAt", b.updated_at AS "updatedAt", page.total::int AS "total!"
    FROM bookings b JOIN page USING (id)
    LEFT JOIN provider_clients c ON c.id = b.provider_client_id
    LEFT JOIN properties p ON p.id = b.property_id
   ORDER BY page.starts_at, page.id`;

const bookingCalendar = sql<IBookingCalendarQuery>`
  SELECT to_char(starts_at AT TIME ZONE $timeZone!, 'YYYY-MM-DD') AS "date!",
         count(*) FILTER (WHERE status = 'pending')::int AS "pending!",
         count(*) FILTER (WHERE status = 'accepted')::int AS "accepted!",
         count(*) FILTER (WHERE status = 'completed')::int AS "completed!",
         count(*) FILTER (WHERE status IN ('declined', 'cancelled'))::int AS "closed!"
    FROM bookings
   WHERE provider_id = $providerId!
     AND starts_at >= ($month!::date)::timestamp AT TIME ZONE $timeZone!
     AND starts_at < ($month!::date + interval '1 month') AT TIME ZONE $timeZone!
   GROUP BY 1 ORDER BY 1`;

const lockBooking = sql<ILockBookingQuery>`
  SELECT id FROM bookings WHERE provider_id = $providerId! AND id = $id! FOR UPDATE`;

// Moving a booking onto time its member already has booked is refused by the exclusion constraint.
const updateBooking = sql<IUpdateBookingQuery>`
  UPDATE bookings
     SET status = $status!, starts_at = $startsAt!, ends_at = $endsAt!, assigned_user_id = $assignedUserId!,
         provider_notes = $providerNotes, property_id = $propertyId, contact_id = $contactId,
         provider_client_id = $providerClientId, responded_at = $respondedAt, invoiced_at = $invoicedAt,
         cancelled_at = $cancelledAt, cancel_reason = $cancelReason, updated_at = now()
   WHERE provider_id = $providerId! AND id = $id!`;

const adminBookingPage = sql<Narrow<IAdminBookingPageQuery, { status: BookingStatus }>>`
  SELECT id, status, starts_at AS "startsAt", full_name AS "fullName", formatted_address AS "formattedAddress",
         total_cents AS "totalCents", currency, invoiced_at AS "invoicedAt", created_at AS "createdAt",
         count(*) OVER ()::int AS "total!"
    FROM bookings WHERE provider_id = $providerId!
   ORDER BY starts_at DESC, id LIMIT $limit! OFFSET $offset!`;

// A client's bookings (those its agents made, linked when the provider accepted them): the shoots to come first, by
// time, then those past, latest first.
const clientBookingPage = sql<
  Narrow<IClientBookingPageQuery, { status: BookingStatus; services: BookedService[] }>
>`
  SELECT id, status, starts_at AS "startsAt", ends_at AS "endsAt", time_zone AS "timeZone", services AS "services!",
         total_cents AS "totalCents", currency, formatted_address AS "formattedAddress", full_name AS "fullName",
         property_id AS "propertyId", invoiced_at AS "invoicedAt", count(*) OVER ()::int AS "total!"
    FROM bookings WHERE provider_id = $providerId! AND provider_client_id = $clientId!
   ORDER BY ends_at < now(), CASE WHEN ends_at >= now() THEN starts_at END, starts_at DESC, id
   LIMIT $limit! OFFSET $offset!`;

const contactWithEmail = sql<IContactWithEmailQuery>`
  SELECT id, provider_client_id AS "providerClientId" FROM contacts
   WHERE provider_id = $providerId! AND lower(email_address) = lower($emailAddress!)`;

const clientNamed = sql<IClientNamedQuery>`
  SELECT id FROM provider_clients WHERE provider_id = $providerId! AND lower(name) = lower($name!)
   ORDER BY created_at LIMIT 1`;

const propertyAtAddress = sql<IPropertyAtAddressQuery>`
  SELECT id FROM properties
   WHERE provider_id = $providerId! AND deleted_at IS NULL AND lower(formatted_address) = lower($formattedAddress!)
   ORDER BY created_at DESC LIMIT 1`;

const noticeSent = sql<INoticeSentQuery>`
  SELECT 1 AS "sent!" FROM booking_notices WHERE booking_id = $bookingId! AND notice = $notice!`;

const markNoticeSent = sql<IMarkNoticeSentQuery>`
  INSERT INTO booking_notices (booking_id, notice) VALUES ($bookingId!, $notice!) ON CONFLICT DO NOTHING`;

/** The booking tables: every query of a provider's filters on the provider. */
@Injectable()
export class BookingsRepository {
  page(db: Queryable, providerId: string): Promise<BookingPageRow | undefined> {
    return queryOne(db, bookingPageByProvider, { providerId });
  }

  pageBySlug(db: Queryable, slug: string): Promise<BookingPageRow | undefined> {
    return queryOne(db, bookingPageBySlug, { slug });
  }

  /** False when the slug is another page's (nothing is written then). */
  async insertDefaultPage(db: Queryable, providerId: string, slug: string, title: string): Promise<boolean> {
    return (await queryRows(db, insertDefaultBookingPage, { providerId, slug, title })).length > 0;
  }

  async savePage(db: Queryable, providerId: string, values: BookingPageValues): Promise<void> {
    await queryRows(db, saveBookingPage, { providerId, ...values });
  }

  async setPublished(db: Queryable, providerId: string, published: boolean): Promise<void> {
    await queryRows(db, setBookingPagePublished, { providerId, published });
  }

  services(db: Queryable, providerId: string) {
    return queryRows(db, bookingServices, { providerId });
  }

  async insertService(db: Queryable, id: string, providerId: string, values: BookingServiceValues) {
    await queryRows(db, insertBookingService, { id, providerId, ...values });
  }

  async updateService(
    db: Queryable,
    providerId: string,
    id: string,
    values: BookingServiceValues,
  ): Promise<boolean> {
    return (await queryAffected(db, updateBookingService, { id, providerId, ...values })) > 0;
  }

  async deleteService(db: Queryable, providerId: string, id: string): Promise<boolean> {
    return (await queryAffected(db, deleteBookingService, { providerId, id })) > 0;
  }

  members(db: Queryable, providerId: string) {
    return queryRows(db, bookingMembers, { providerId });
  }

  /** Sets when a member takes bookings, replacing what was set. */
  async replaceMember(
    db: Queryable,
    providerId: string,
    userId: string,
    timeZone: string,
    hours: Array<{ weekday: number; starts: string; ends: string }>,
  ): Promise<void> {
    await queryRows(db, replaceBookingMember, { providerId, userId, timeZone });
    await queryRows(db, clearBookingHours, { providerId, userId });
    await queryRows(db, insertBookingHours, {
      providerId,
      userId,
      weekdays: hours.map((window) => window.weekday),
      starts: hours.map((window) => window.starts),
      ends: hours.map((window) => window.ends),
    });
  }

  async deleteMember(db: Queryable, providerId: string, userId: string): Promise<boolean> {
    return (await queryAffected(db, deleteBookingMember, { providerId, userId })) > 0;
  }

  /** The members' working windows around the period, each row carrying the period the page offers. */
  workingWindows(
    db: Queryable,
    providerId: string,
    period: { from: string; days: number; horizonDays: number },
  ) {
    return queryRows(db, workingWindows, { providerId, ...period });
  }

  /** The booked time of the page's members that could overlap the period, by person then start. */
  bookedTimes(db: Queryable, providerId: string, period: { from: string; days: number; minutes: number }) {
    return queryRows(db, bookedTimes, { providerId, ...period });
  }

  /** The members who work then, each with whether they are still free. */
  membersAt(
    db: Queryable,
    providerId: string,
    slot: { startsAt: Date; minutes: number; horizonDays: number },
  ) {
    return queryRows(db, membersAt, { providerId, ...slot });
  }

  /** False when the member's time is already booked (by a booking that committed first). */
  async insert(db: Queryable, booking: NewBooking): Promise<boolean> {
    return (await queryRows(db, insertBooking, { ...booking })).length > 0;
  }

  booking(db: Queryable, providerId: string, id: string): Promise<BookingRow | undefined> {
    return queryOne(db, bookingById, { providerId, id });
  }

  bookings(
    db: Queryable,
    providerId: string,
    filter: {
      from: string | null;
      to: string | null;
      status: string | null;
      search: string | null;
      timeZone: string;
    },
    limit: number,
    offset: number,
  ) {
    return queryRows(db, bookingsPage, { providerId, ...filter, limit, offset });
  }

  calendar(db: Queryable, providerId: string, month: string, timeZone: string) {
    return queryRows(db, bookingCalendar, { providerId, month: `${month}-01`, timeZone });
  }

  async lock(db: Queryable, providerId: string, id: string): Promise<boolean> {
    return (await queryRows(db, lockBooking, { providerId, id })).length > 0;
  }

  async update(db: Queryable, providerId: string, id: string, state: BookingState): Promise<void> {
    await queryRows(db, updateBooking, { providerId, id, ...state });
  }

  adminBookings(db: Queryable, providerId: string, limit: number, offset: number) {
    return queryRows(db, adminBookingPage, { providerId, limit, offset });
  }

  clientBookings(
    db: Queryable,
    scope: { providerId: string; clientId: string },
    limit: number,
    offset: number,
  ) {
    return queryRows(db, clientBookingPage, { ...scope, limit, offset });
  }

  contactWithEmail(db: Queryable, providerId: string, emailAddress: string) {
    return queryOne(db, contactWithEmail, { providerId, emailAddress });
  }

  async clientNamed(db: Queryable, providerId: string, name: string): Promise<string | undefined> {
    return (await queryOne(db, clientNamed, { providerId, name }))?.id;
  }

  async propertyAtAddress(db: Queryable, providerId: string, formattedAddress: string) {
    return (await queryOne(db, propertyAtAddress, { providerId, formattedAddress }))?.id;
  }

  async noticeSent(db: Queryable, bookingId: string, notice: string): Promise<boolean> {
    return (await queryOne(db, noticeSent, { bookingId, notice })) !== undefined;
  }

  async markNoticeSent(db: Queryable, bookingId: string, notice: string): Promise<void> {
    await queryRows(db, markNoticeSent, { bookingId, notice });
  }
}
