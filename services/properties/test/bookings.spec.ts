import { BOOKING_NEEDS_PLAN, MESSAGES, type SubscriptionChangedV1 } from '@tourly/contracts';
import { Database, uuidv7 } from '@tourly/platform';
import { nextDelivery } from '@tourly/platform/testing';
import { Plans } from '../src/plans/plans';
import {
  BOOKING_PAGE_NOT_FOUND,
  NOT_A_SLOT,
  NOT_A_TEAM_MEMBER,
  SETUP_INCOMPLETE,
  SLOT_TAKEN,
  SLUG_RULE,
  SLUG_TAKEN,
} from '../src/bookings/bookings.dto';
import { startPropertiesPlatform, type PropertiesPlatform, type Person } from './support';

interface Mail {
  subject: string;
  text_body: string;
  attachments: Array<{ name: string; contentType: string; content: string }>;
}

const ZONE = 'Australia/Sydney';

/** The date (YYYY-MM-DD) of the first Monday at least a week from now, in Sydney. */
function aMondayAhead(): string {
  const day = new Date(Date.now() + 7 * 86_400_000);
  while (new Intl.DateTimeFormat('en-US', { timeZone: ZONE, weekday: 'short' }).format(day) !== 'Mon')
    day.setTime(day.getTime() + 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(day);
}

/** 09:00 Sydney time on a day, as UTC ISO (Sydney is UTC+10 or +11: the offset is read, not assumed). */
function sydneyNine(day: string): string {
  for (const offset of [10, 11]) {
    const at = new Date(Date.parse(`${day}T09:00:00Z`) - offset * 3_600_000);
    const clock = new Intl.DateTimeFormat('en-GB', {
      timeZone: ZONE,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(at);
    if (clock === '09:00') return at.toISOString();
  }
  throw new Error('no 09:00 in Sydney');
}

/**
 * Bookings (issue 31), on the whole platform (identity knows the team and counts the public form's limits, the
 * mail emulator receives the e-mails): the provider sets up its booking page, publishing needs a paid plan, the
 * public form offers real availability in the page's time zone, an agent books, ten agents racing for one slot get
 * one booking, and the provider answers, completes, invoices and cancels. Every bad input is a 4xx in clear words
 * with nothing stored; another provider's bookings are a 404.
 */
describe('bookings', () => {
  let it_: PropertiesPlatform;
  let provider: Person;
  let other: Person;
  let identityDb: Database;
  let memberId: string;
  let memberEmail: string;
  let serviceId: string;
  let slug: string;
  let monday: string;
  let addressCount = 0;

  const db = () => it_.propertiesDb.dataSource;
  const count = async (sql: string, params: unknown[]) =>
    Number(((await db().query(sql, params)) as Array<{ n: string }>)[0]!.n);
  const bookingsOf = (providerId: string) =>
    count('SELECT count(*) AS n FROM bookings WHERE provider_id = $1', [providerId]);
  const mailbox = async (to: string, atLeast: number): Promise<Mail[]> => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const response = await fetch(`${it_.emulators.url}/mail/_messages?to=${encodeURIComponent(to)}`);
      const { messages } = (await response.json()) as { messages: Array<Record<string, unknown>> };
      const mails = messages.map((message) => ({
        subject: message.subject as string,
        text_body: (message.textBody ?? message.text_body) as string,
        attachments: (message.attachments ?? []) as Mail['attachments'],
      }));
      if (mails.length >= atLeast || Date.now() > deadline) return mails;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const onPaidPlan = async (person: Person) => {
    const app = it_.platform.services.properties.app;
    const change: SubscriptionChangedV1 = {
      providerId: person.providerId,
      productCode: 'starter_plan',
      interval: 'month',
      status: 'active',
      premiumTourLimit: 20,
    };
    await app
      .get(Database)
      .transaction((tx) =>
        app.get(Plans).apply(change, { occurredAt: new Date().toISOString(), eventId: uuidv7() }, tx),
      );
  };
  const book = (booking: Record<string, unknown>, address = `203.0.113.${++addressCount}`) =>
    it_.http.post(`/booking_pages/${slug}/bookings`).set('x-forwarded-for', address).send({ booking });
  const aBooking = (overrides: Record<string, unknown> = {}) => ({
    service_ids: [serviceId],
    starts_at: sydneyNine(monday),
    address: '12 Harbour View, Sydney',
    access_type: 'key_safe',
    access_details: 'Code 4821, by the side gate',
    full_name: 'Ana Ng',
    email_address: `ana.${uuidv7().slice(-6)}@harbour.example`,
    phone_number: '+61 400 000 000',
    agency_name: 'Harbour Realty',
    ...overrides,
  });

  beforeAll(async () => {
    it_ = await startPropertiesPlatform();
    identityDb = it_.platform.services.identity.app.get(Database);
    provider = await it_.signUp('Harbour Media');
    other = await it_.signUp('Other Media');
    memberEmail = `tech.${uuidv7().slice(-8)}@example.com`;
    await it_.aMember(memberEmail, provider.providerId, 'scan_technician');
    const [row] = (await identityDb.dataSource.query('SELECT id FROM users WHERE email = $1', [
      memberEmail,
    ])) as Array<{ id: string }>;
    memberId = row!.id;
    monday = aMondayAhead();
  });
  afterAll(() => it_.stop());

  describe('the booking page', () => {
    it('starts from suggestions, and its setup progress shows what is left', async () => {
      const page = await provider.get('/provider/booking_page').expect(200);
      expect(page.body.data).toMatchObject({
        saved: false,
        slug: expect.stringMatching(/^[a-z0-9-]{3,60}$/),
        title: 'Book a shoot with Harbour Media',
        time_zone: 'UTC',
        access_types: ['on_site', 'key_safe', 'office', 'other'],
        published: false,
        can_publish: false,
        services: [],
        members: [],
      });
      expect(page.body.data.setup.map((step: { done: boolean }) => step.done)).toEqual([
        false,
        false,
        false,
        false,
      ]);
    });

    it('refuses bad settings in clear words, storing nothing', async () => {
      const bad = await provider.send('put', '/provider/booking_page', {
        booking_page: {
          slug: '-Not OK-',
          title: '',
          time_zone: 'Mars/Olympus',
          lead_time_hours: 1000,
          slot_minutes: 20,
          access_types: ['teleport'],
        },
      });
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toMatchObject({
        'booking_page.slug': [SLUG_RULE],
        'booking_page.title': [MESSAGES.required],
        'booking_page.time_zone': [expect.stringContaining('must be one of')],
        'booking_page.lead_time_hours': ['must be at most 720'],
        'booking_page.slot_minutes': ['must be one of: 15, 30, 60'],
        'booking_page.access_types': [expect.stringContaining('must each be one of')],
      });
      expect(
        await count('SELECT count(*) AS n FROM booking_pages WHERE provider_id = $1', [provider.providerId]),
      ).toBe(0);
    });

    it('saves the page; another provider cannot take its address', async () => {
      slug = `harbour-${uuidv7().slice(-6)}`;
      const saved = await provider.send('put', '/provider/booking_page', {
        booking_page: {
          slug: slug.toUpperCase(),
          title: 'Book a shoot with Harbour Media',
          intro: 'Photos, 3D tours and floor plans across Sydney.',
          time_zone: ZONE,
          lead_time_hours: 24,
          slot_minutes: 30,
          access_types: ['key_safe', 'on_site'],
        },
      });
      expect(saved.status).toBe(200);
      expect(saved.body.data).toMatchObject({
        saved: true,
        slug,
        path: `/book/${slug}`,
        time_zone: ZONE,
        access_types: ['on_site', 'key_safe'],
      });
      const taken = await other.send('put', '/provider/booking_page', {
        booking_page: { ...saved.body.data, slug, access_types: ['on_site'] },
      });
      expect(taken.status).toBe(422);
      expect(taken.body.errors).toEqual({ 'booking_page.slug': [SLUG_TAKEN] });
    });

    it('adds, changes and removes services; another provider’s service is a 404', async () => {
      const bad = await provider.send('post', '/provider/booking_page/services', {
        booking_service: { name: '', duration_minutes: 5, price_cents: -1, currency: 'dollars' },
      });
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.body.errors).sort()).toEqual([
        'booking_service.currency',
        'booking_service.duration_minutes',
        'booking_service.name',
        'booking_service.price_cents',
      ]);
      const added = await provider.send('post', '/provider/booking_page/services', {
        booking_service: { name: '3D scan', duration_minutes: 60, price_cents: 25_000, currency: 'aud' },
      });
      expect(added.status).toBe(201);
      serviceId = added.body.data.id;
      const photos = await provider.send('post', '/provider/booking_page/services', {
        booking_service: { name: 'Photos', duration_minutes: 30, price_cents: 15_000 },
      });
      expect(photos.body.data).toMatchObject({ name: 'Photos', currency: 'usd', duration_minutes: 30 });
      const changed = await provider.send('put', `/provider/booking_page/services/${photos.body.data.id}`, {
        booking_service: { name: 'Photos (20)', duration_minutes: 30, price_cents: 18_000, currency: 'aud' },
      });
      expect(changed.body.data).toMatchObject({ name: 'Photos (20)', price_cents: 18_000 });
      expect(
        (await other.send('delete', `/provider/booking_page/services/${photos.body.data.id}`)).status,
      ).toBe(404);
      expect(
        (await provider.send('delete', `/provider/booking_page/services/${photos.body.data.id}`)).status,
      ).toBe(200);
      const page = await provider.get('/provider/booking_page');
      expect(page.body.data.services.map((service: { name: string }) => service.name)).toEqual(['3D scan']);
    });

    it('sets a team member’s hours in their time zone; overlaps and strangers are refused', async () => {
      const overlapping = await provider.send('put', `/provider/booking_page/members/${memberId}`, {
        booking_member: {
          time_zone: ZONE,
          hours: [
            { weekday: 1, starts: '09:00', ends: '13:00' },
            { weekday: 1, starts: '12:00', ends: '17:00' },
            { weekday: 2, starts: '17:00', ends: '09:00' },
          ],
        },
      });
      expect(overlapping.status).toBe(422);
      expect(overlapping.body.errors).toEqual({
        'booking_member.hours.1.starts': ['must not overlap on the same day'],
        'booking_member.hours.2.ends': ['must be after the start'],
      });
      const stranger = await provider.send('put', `/provider/booking_page/members/${uuidv7()}`, {
        booking_member: { time_zone: ZONE, hours: [{ weekday: 1, starts: '09:00', ends: '17:00' }] },
      });
      expect(stranger.status).toBe(422);
      expect(stranger.body.errors).toEqual({ user_id: [NOT_A_TEAM_MEMBER] });
      // A list inside the list (the route guard's find) is refused, not a 500.
      const nested = await provider.send('put', `/provider/booking_page/members/${memberId}`, {
        booking_member: { time_zone: ZONE, hours: [[]] },
      });
      expect(nested.status).toBe(422);
      expect(nested.body.errors).toEqual({ 'booking_member.hours': ['must list objects'] });
      expect(
        await count('SELECT count(*) AS n FROM booking_hours WHERE provider_id = $1', [provider.providerId]),
      ).toBe(0);

      const set = await provider.send('put', `/provider/booking_page/members/${memberId}`, {
        booking_member: {
          time_zone: ZONE,
          hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, starts: '09:00', ends: '17:00' })),
        },
      });
      expect(set.status).toBe(200);
      expect(set.body.data.members).toEqual([
        {
          user_id: memberId,
          full_name: 'Test User',
          time_zone: ZONE,
          hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, starts: '09:00', ends: '17:00' })),
        },
      ]);
      expect(set.body.data.setup.map((step: { done: boolean }) => step.done)).toEqual([
        true,
        true,
        true,
        false,
      ]);
    });

    it('stops offering someone who leaves the team', async () => {
      const leaverEmail = `leaver.${uuidv7().slice(-8)}@example.com`;
      await it_.aMember(leaverEmail, provider.providerId, 'scan_technician');
      const [leaver] = (await identityDb.dataSource.query('SELECT id FROM users WHERE email = $1', [
        leaverEmail,
      ])) as Array<{ id: string }>;
      const set = await provider.send('put', `/provider/booking_page/members/${leaver!.id}`, {
        booking_member: { time_zone: 'UTC', hours: [{ weekday: 6, starts: '10:00', ends: '12:00' }] },
      });
      expect(set.body.data.members).toHaveLength(2);
      const handled = nextDelivery(it_.platform.services.properties, 'identity.membership.changed.v1');
      await provider.send('delete', `/provider/settings/team/members/${leaver!.id}`).expect(200);
      await handled;
      const page = await provider.get('/provider/booking_page');
      expect(page.body.data.members.map((member: { user_id: string }) => member.user_id)).toEqual([memberId]);
    });

    it('is previewed on the free plan, and published only on a paid plan', async () => {
      const preview = await provider.get('/provider/booking_page/preview').expect(200);
      expect(preview.body.data).toMatchObject({ slug, published: false, provider_name: 'Harbour Media' });
      expect((await it_.http.get(`/booking_pages/${slug}`)).status).toBe(404);
      // The preview suggests addresses too, though the public form does not answer yet.
      const suggested = await provider
        .get('/provider/booking_page/preview/addresses')
        .query({ q: '12 Harbour View, Sydney' })
        .expect(200);
      expect(suggested.body.data[0].formatted_address).toContain('Sydney');
      expect((await it_.http.get(`/booking_pages/${slug}/addresses`).query({ q: 'Sydney' })).status).toBe(
        404,
      );

      const refused = await provider.send('post', '/provider/booking_page/publish');
      expect(refused.status).toBe(403);
      expect(refused.body.errors).toEqual({ base: [BOOKING_NEEDS_PLAN] });

      await onPaidPlan(other);
      const empty = await other.send('post', '/provider/booking_page/publish');
      expect(empty.status).toBe(422);
      expect(empty.body.errors).toEqual({ base: [SETUP_INCOMPLETE] });

      await onPaidPlan(provider);
      const published = await provider.send('post', '/provider/booking_page/publish');
      expect(published.status).toBe(201);
      expect(published.body.data).toMatchObject({ published: true, can_publish: true });
      const open = await it_.http.get(`/booking_pages/${slug}`).expect(200);
      expect(open.body.data).toMatchObject({
        title: 'Book a shoot with Harbour Media',
        provider_name: 'Harbour Media',
        time_zone: ZONE,
        services: [{ id: serviceId, name: '3D scan', duration_minutes: 60 }],
      });
      expect((await it_.http.get('/booking_pages/no-such-page')).body.errors).toEqual({
        base: [BOOKING_PAGE_NOT_FOUND],
      });
    });

    it('a member reads the page but cannot change it', async () => {
      const readerEmail = `reader.${uuidv7().slice(-8)}@example.com`;
      await it_.aMember(readerEmail, provider.providerId, 'member');
      const reader = await it_.signIn(readerEmail);
      expect((await reader.get('/provider/booking_page')).status).toBe(200);
      expect((await reader.send('post', '/provider/booking_page/unpublish')).status).toBe(403);
    });
  });

  describe('the public form', () => {
    it('offers the member’s working hours in the page’s time zone, every 30 minutes', async () => {
      const week = await it_.http
        .get(`/booking_pages/${slug}/availability`)
        .query({ from: monday, days: 7, service_ids: serviceId })
        .expect(200);
      expect(week.body.data.time_zone).toBe(ZONE);
      expect(week.body.data.duration_minutes).toBe(60);
      const days = week.body.data.days as Array<{ date: string; slots: string[] }>;
      expect(days).toHaveLength(7);
      expect(days[0]!.date).toBe(monday);
      // Monday to Friday: 09:00 to 16:00 (a 60-minute shoot ends by 17:00), 15 starts a day; none at the weekend.
      expect(days.map((day) => day.slots.length)).toEqual([15, 15, 15, 15, 15, 0, 0]);
      expect(days[0]!.slots[0]).toBe(sydneyNine(monday));

      const bad = await it_.http
        .get(`/booking_pages/${slug}/availability`)
        .query({ from: '2026-02-31', service_ids: uuidv7() });
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toEqual({ from: [MESSAGES.invalidDate] });
      const unknown = await it_.http
        .get(`/booking_pages/${slug}/availability`)
        .query({ from: monday, service_ids: uuidv7() });
      expect(unknown.status).toBe(422);
      expect(unknown.body.errors).toEqual({ service_ids: ['must be services this booking page offers'] });
    });

    it('suggests addresses with a location as the agent types', async () => {
      const found = await it_.http
        .get(`/booking_pages/${slug}/addresses`)
        .query({ q: '12 Harbour View, Sydney' })
        .expect(200);
      expect(found.body.data[0]).toMatchObject({
        formatted_address: expect.stringContaining('Sydney'),
        latitude: expect.any(Number),
        longitude: expect.any(Number),
      });
      const none = await it_.http.get(`/booking_pages/${slug}/addresses`).query({ q: 'nowhere at all' });
      expect(none.body.data).toEqual([]);
    });

    it('refuses a time that is not offered, an address it cannot find and an access type the page does not take', async () => {
      const before = await bookingsOf(provider.providerId);
      // 07:00 in Sydney: before the member's day starts.
      const offHours = await book(
        aBooking({ starts_at: new Date(Date.parse(sydneyNine(monday)) - 2 * 3_600_000).toISOString() }),
      );
      expect(offHours.status).toBe(422);
      expect(offHours.body.errors).toEqual({ 'booking.starts_at': [NOT_A_SLOT] });
      const nowhere = await book(aBooking({ address: 'nowhere street' }));
      expect(nowhere.status).toBe(422);
      expect(nowhere.body.errors).toEqual({ 'booking.address': [MESSAGES.addressNotFound] });
      const office = await book(aBooking({ access_type: 'office' }));
      expect(office.status).toBe(422);
      expect(office.body.errors).toEqual({ 'booking.access_type': ['must be one of: on_site, key_safe'] });
      const empty = await book({});
      expect(empty.status).toBe(422);
      expect(empty.body.errors).toMatchObject({
        'booking.full_name': [MESSAGES.required],
        'booking.email_address': [MESSAGES.required],
        'booking.starts_at': [MESSAGES.required],
      });
      expect(await bookingsOf(provider.providerId)).toBe(before);
    });

    it('ten agents confirming the same slot at once get one booking and nine clear refusals', async () => {
      const startsAt = new Date(Date.parse(sydneyNine(monday)) + 3 * 3_600_000).toISOString();
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          book(aBooking({ starts_at: startsAt, full_name: `Agent ${index}` })),
        ),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
      for (const refused of answers.filter((answer) => answer.status === 409))
        expect(refused.body.errors).toEqual({ base: [SLOT_TAKEN] });
      expect(
        await count('SELECT count(*) AS n FROM bookings WHERE provider_id = $1 AND starts_at = $2', [
          provider.providerId,
          startsAt,
        ]),
      ).toBe(1);
      // The slot, and the two whose hour would overlap it (half an hour either side), are no longer offered.
      const day = await it_.http
        .get(`/booking_pages/${slug}/availability`)
        .query({ from: monday, days: 1, service_ids: serviceId });
      expect(day.body.data.days[0].slots).not.toContain(startsAt);
      expect(day.body.data.days[0].slots).toHaveLength(12);
    });
  });

  describe('answering bookings', () => {
    let bookingId: string;
    let agentEmail: string;

    beforeAll(async () => {
      const request = aBooking();
      agentEmail = request.email_address;
      const created = await book(request);
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({ status: 'pending', time_zone: ZONE });
      bookingId = created.body.data.id;
    });

    it('tells the agent it was received and the team member to answer it', async () => {
      const [received] = await mailbox(agentEmail, 1);
      expect(received!.subject).toContain('Booking request received');
      const [asked] = await mailbox(memberEmail, 1);
      expect(asked!.text_body).toContain(`/provider/bookings/${bookingId}`);
    });

    it('lists the bookings by day and month; another provider sees none of them', async () => {
      const list = await provider.get('/provider/bookings').query({ from: monday, to: monday }).expect(200);
      expect(list.body.data.items.map((item: { id: string }) => item.id)).toContain(bookingId);
      expect(list.body.data.items[0]).toMatchObject({ assigned_user_name: 'Test User', time_zone: ZONE });
      const month = await provider.get('/provider/bookings/calendar').query({ month: monday.slice(0, 7) });
      expect(month.body.data.days).toContainEqual(expect.objectContaining({ date: monday, pending: 2 }));
      expect((await other.get('/provider/bookings')).body.data.items).toEqual([]);
      for (const [method, path] of [
        ['get', `/provider/bookings/${bookingId}`],
        ['post', `/provider/bookings/${bookingId}/update_from_dashboard`],
        ['post', `/provider/bookings/${bookingId}/mark_as_invoiced`],
        ['post', `/provider/bookings/${bookingId}/cancel_from_dashboard`],
      ] as const) {
        const answer =
          method === 'get'
            ? await other.get(path)
            : await other.send(
                method,
                path,
                path.endsWith('dashboard') && path.includes('update')
                  ? { provider_properties_update_booking_form: { response: 'accepted' } }
                  : {},
              );
        expect([path, answer.status]).toEqual([path, 404]);
      }
      const bad = await provider.get('/provider/bookings/calendar').query({ month: '2026-13' });
      expect(bad.status).toBe(422);
    });

    it('accepts it: the agent becomes a contact of the agency, a client, and both get the calendar invitation', async () => {
      const early = await provider.send('post', `/provider/bookings/${bookingId}/update_from_dashboard`, {
        provider_properties_update_booking_form: { outcome: 'completed' },
      });
      expect(early.status).toBe(422);
      expect(early.body.errors).toEqual({
        'provider_properties_update_booking_form.outcome': [
          'cannot be completed: the booking is pending, not accepted',
        ],
      });
      const accepted = await provider.send('post', `/provider/bookings/${bookingId}/update_from_dashboard`, {
        provider_properties_update_booking_form: {
          response: 'accepted',
          provider_notes: 'Bring the wide lens',
        },
      });
      expect(accepted.status).toBe(201);
      expect(accepted.body.data).toMatchObject({
        status: 'accepted',
        provider_notes: 'Bring the wide lens',
        provider_client_name: 'Harbour Realty',
        contact_id: expect.any(String),
        responded_at: expect.any(String),
      });
      const contacts = await provider.get('/provider/contacts').query({ q: agentEmail });
      expect(contacts.body.data.items).toEqual([
        expect.objectContaining({
          id: accepted.body.data.contact_id,
          provider_client_name: 'Harbour Realty',
        }),
      ]);
      const confirmed = (await mailbox(agentEmail, 2)).find((mail) =>
        mail.subject.startsWith('Booking confirmed'),
      );
      expect(confirmed?.attachments).toEqual([
        expect.objectContaining({ name: 'booking.ics', contentType: 'text/calendar; charset=utf-8' }),
      ]);
      expect(confirmed!.attachments[0]!.content).toMatch(/BEGIN:VEVENT[\s\S]*STATUS:CONFIRMED/);
      expect((await mailbox(memberEmail, 2)).some((mail) => mail.subject.startsWith('Booked:'))).toBe(true);
      const [event] = (await db().query(
        `SELECT envelope -> 'data' AS data FROM outbox WHERE subject = 'properties.booking.updated.v1'
          AND envelope -> 'data' ->> 'booking_id' = $1`,
        [bookingId],
      )) as Array<{ data: Record<string, unknown> }>;
      expect(event?.data).toMatchObject({ status: 'accepted', previous_status: 'pending' });
    });

    it('completes it once the shoot has started, and marks it invoiced', async () => {
      const notYet = await provider.send('post', `/provider/bookings/${bookingId}/update_from_dashboard`, {
        provider_properties_update_booking_form: { outcome: 'completed' },
      });
      expect(notYet.body.errors).toEqual({
        'provider_properties_update_booking_form.outcome': ['cannot be completed before the shoot starts'],
      });
      // The shoot took place yesterday.
      await db().query(
        `UPDATE bookings SET starts_at = now() - interval '1 day', ends_at = now() - interval '23 hours' WHERE id = $1`,
        [bookingId],
      );
      const done = await provider.send('post', `/provider/bookings/${bookingId}/update_from_dashboard`, {
        provider_properties_update_booking_form: { outcome: 'completed' },
      });
      expect(done.body.data.status).toBe('completed');
      const invoiced = await provider.send('post', `/provider/bookings/${bookingId}/mark_as_invoiced`);
      expect(invoiced.status).toBe(201);
      expect(invoiced.body.data.invoiced_at).toEqual(expect.any(String));
      const again = await provider.send('post', `/provider/bookings/${bookingId}/mark_as_invoiced`);
      expect(again.body.data.invoiced_at).toBe(invoiced.body.data.invoiced_at);
      const cancel = await provider.send('post', `/provider/bookings/${bookingId}/cancel_from_dashboard`, {});
      expect(cancel.status).toBe(422);
    });

    it('cancels an open booking: its time is offered again and the agent is told', async () => {
      const startsAt = new Date(Date.parse(sydneyNine(monday)) + 26 * 3_600_000).toISOString();
      const request = aBooking({ starts_at: startsAt });
      const created = await book(request);
      expect(created.status).toBe(201);
      const notInvoiced = await provider.send(
        'post',
        `/provider/bookings/${created.body.data.id}/mark_as_invoiced`,
      );
      expect(notInvoiced.status).toBe(422);
      const cancelled = await provider.send(
        'post',
        `/provider/bookings/${created.body.data.id}/cancel_from_dashboard`,
        { reason: 'The agent asked us to' },
      );
      expect(cancelled.body.data).toMatchObject({
        status: 'cancelled',
        cancel_reason: 'The agent asked us to',
      });
      const mails = await mailbox(request.email_address, 2);
      expect(mails.some((mail) => mail.subject.startsWith('Booking cancelled'))).toBe(true);
      const rebooked = await book(aBooking({ starts_at: startsAt }));
      expect(rebooked.status).toBe(201);
    });

    it('declines a pending booking, and the back office lists the provider’s bookings', async () => {
      const startsAt = new Date(Date.parse(sydneyNine(monday)) + 5 * 3_600_000).toISOString();
      const created = await book(aBooking({ starts_at: startsAt }));
      const declined = await provider.send(
        'post',
        `/provider/bookings/${created.body.data.id}/update_from_dashboard`,
        {
          provider_properties_update_booking_form: { response: 'declined' },
        },
      );
      expect(declined.body.data.status).toBe('declined');
      const staff = await it_.signIn('admin@demo.test');
      const listed = await staff.get(`/admin/providers/${provider.providerId}/bookings`).expect(200);
      expect(listed.body.data.total_count).toBe(await bookingsOf(provider.providerId));
      expect(listed.body.data.items).toContainEqual(
        expect.objectContaining({ id: created.body.data.id, status: 'declined' }),
      );
    });
  });
});
