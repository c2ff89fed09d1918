import type { INestApplicationContext } from '@nestjs/common';
import { PEOPLE_PROFILES, type PeopleProfiles } from '@tourly/contracts';
import { Database, RpcClient, uuidv7 } from '@tourly/platform';
import { BookingPagesService } from '../bookings/booking-pages.service';
import { BookingsRepository, type BookingState } from '../bookings/bookings.repository';
import { DEMO_CONTACT } from './demo-properties';

export const DEMO_BOOKING_SLUG = 'demo-media';
const ZONE = 'Australia/Sydney';

/**
 * The demo provider's booking page, set up (three services, its admin's weekday hours in Sydney) but not published:
 * the demo provider is on the free plan, which builds and previews the form and publishes it after an upgrade
 * (000 §6). And three bookings by the demo client's agent: one waiting for an answer, one accepted, one done.
 */
export async function seedDemoBookings(app: INestApplicationContext, providerId: string): Promise<void> {
  const pages = app.get(BookingPagesService);
  const { people } = await app
    .get(RpcClient)
    .ask<PeopleProfiles>(PEOPLE_PROFILES, { providerId, userIds: [], admins: true });
  const admin = people[0];
  if (!admin) return;
  await pages.savePage(providerId, {
    slug: DEMO_BOOKING_SLUG,
    title: 'Book a shoot with Demo Media',
    intro: 'Photos, 3D tours and floor plans across Sydney. Pick what you need and a time that suits you.',
    timeZone: ZONE,
    leadTimeHours: 24,
    slotMinutes: 30,
    accessTypes: ['on_site', 'key_safe', 'office', 'other'],
  });
  const scan = await pages.addService(providerId, {
    name: '3D tour and photos',
    description: 'A Matterport scan of the whole home and 25 edited photos.',
    durationMinutes: 90,
    priceCents: 45_000,
    currency: 'aud',
  });
  await pages.addService(providerId, {
    name: 'Photos',
    description: '25 edited photos, delivered the next day.',
    durationMinutes: 60,
    priceCents: 25_000,
    currency: 'aud',
  });
  await pages.addService(providerId, {
    name: 'Floor plan measure',
    durationMinutes: 30,
    priceCents: 12_000,
    currency: 'aud',
  });
  await pages.setMember(providerId, admin.userId, {
    timeZone: ZONE,
    hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, starts: '09:00', ends: '17:00' })),
  });

  const db = app.get(Database).dataSource;
  const bookings = app.get(BookingsRepository);
  const at = (days: number, hourUtc: number) => {
    const day = new Date(Date.now() + days * 86_400_000);
    day.setUTCHours(hourUtc, 0, 0, 0);
    return day;
  };
  const demo = [
    { startsAt: at(3, 23), address: '1 Macquarie Street, Sydney', status: 'pending' },
    { startsAt: at(5, 0), address: '48 Darling Point Road, Sydney', status: 'accepted' },
    { startsAt: at(-4, 1), address: '7 Bondi Road, Sydney', status: 'completed' },
  ] as const;
  for (const booking of demo) {
    const id = uuidv7();
    const endsAt = new Date(booking.startsAt.getTime() + scan.durationMinutes * 60_000);
    await bookings.insert(db, {
      id,
      providerId,
      startsAt: booking.startsAt,
      endsAt,
      timeZone: ZONE,
      assignedUserId: admin.userId,
      services: JSON.stringify([
        { id: scan.id, name: scan.name, durationMinutes: scan.durationMinutes, priceCents: scan.priceCents },
      ]),
      totalCents: scan.priceCents,
      currency: scan.currency,
      address: booking.address,
      formattedAddress: `${booking.address} NSW, Australia`,
      latitude: -33.87,
      longitude: 151.21,
      accessType: 'key_safe',
      accessDetails: 'Lockbox on the front gate, code 2580',
      fullName: DEMO_CONTACT.fullName,
      emailAddress: DEMO_CONTACT.emailAddress,
      phoneNumber: DEMO_CONTACT.phoneNumber,
      agencyName: 'Harbour Realty',
      notes: 'The vendors are home until 10.',
    });
    if (booking.status === 'pending') continue;
    const row = (await bookings.booking(db, providerId, id))!;
    const state: BookingState = {
      status: booking.status,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      assignedUserId: row.assignedUserId,
      providerNotes: null,
      propertyId: null,
      contactId: (await bookings.contactWithEmail(db, providerId, DEMO_CONTACT.emailAddress))?.id ?? null,
      providerClientId: (await bookings.clientNamed(db, providerId, 'Harbour Realty')) ?? null,
      respondedAt: new Date(),
      invoicedAt: booking.status === 'completed' ? new Date() : null,
      cancelledAt: null,
      cancelReason: null,
    };
    await bookings.update(db, providerId, id, state);
  }
}
