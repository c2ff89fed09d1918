// Bookings (issue 31) through the gateway at a steady 100 requests a second, each against the same request for a
// provider with little in it (the baseline: what the request costs apart from the data):
// - the provider's calendar for a month holding 2,000 bookings (`GET /provider/bookings/calendar`, signed in),
//   against a month with 10;
// - the public form's availability for a week across 10 team members who each have bookings that week
//   (`GET /booking_pages/{slug}/availability`, anonymous), against one member with none.
// Three alternating rounds of 10 s each, median reported. Target: p99 < 50 ms for both on this machine.
const { randomBytes, randomUUID } = require('node:crypto');
const { Client } = require('pg');
const { freshDatabase, serve, paced, signIn, NATS_URL, record, secondProvider } = require('./support');

const DURATION_S = Number(process.env.BENCH_DURATION_S || 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const RATE = 100;
const MEMBERS = 10;
const BOOKINGS = 2_000;
const ZONE = 'Australia/Sydney';

/** The first day of next month and the Monday of its second week, as YYYY-MM-DD. */
function nextMonth() {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const monday = new Date(first.getTime() + 7 * 86_400_000);
  while (monday.getUTCDay() !== 1) monday.setTime(monday.getTime() + 86_400_000);
  return { month: first.toISOString().slice(0, 7), first, monday: monday.toISOString().slice(0, 10) };
}

/**
 * A booking page with one service, `members` people working Monday to Friday 09:00-17:00 Sydney time, and `count`
 * bookings of 30 minutes spread over the month's working slots, member by member (none overlapping), straight into
 * the tables as months of use would leave them.
 */
async function seedBookings(db, providerId, slug, { members, count, first }) {
  await db.query(
    `INSERT INTO properties.booking_pages (provider_id, slug, title, time_zone, lead_time_hours, published)
     VALUES ($1, $2, 'Book a shoot', $3, 0, true)`,
    [providerId, slug, ZONE],
  );
  const serviceId = randomUUID();
  await db.query(
    `INSERT INTO properties.booking_services (id, provider_id, name, duration_minutes, price_cents, currency)
     VALUES ($1, $2, '3D scan', 60, 25000, 'aud')`,
    [serviceId, providerId],
  );
  const people = Array.from({ length: members }, () => randomUUID());
  for (const userId of people) {
    await db.query(
      'INSERT INTO properties.booking_members (provider_id, user_id, time_zone) VALUES ($1, $2, $3)',
      [providerId, userId, ZONE],
    );
    await db.query(
      `INSERT INTO properties.booking_hours (provider_id, user_id, weekday, starts, ends)
       SELECT $1, $2, weekday, '09:00', '17:00' FROM generate_series(1, 5) AS weekday`,
      [providerId, userId],
    );
  }
  // Each member's working half hours of the month (16 a day), booked but for three free hours a day (10:00, 13:00,
  // 15:00: where a one-hour shoot still fits), taken in time order until `count` are booked.
  await db.query(
    `WITH slots AS (
       SELECT m.user_id, s AS starts_at,
              row_number() OVER (PARTITION BY m.user_id, d ORDER BY s) - 1 AS k,
              row_number() OVER (ORDER BY s, m.user_id) AS n
         FROM unnest($2::uuid[]) AS m (user_id),
              generate_series($3::date, $3::date + interval '1 month' - interval '1 day', interval '1 day') AS d,
              generate_series((d::date + time '09:00') AT TIME ZONE $4, (d::date + time '16:30') AT TIME ZONE $4,
                              interval '30 minutes') AS s
        WHERE extract(isodow FROM d) < 6
     )
     INSERT INTO properties.bookings (id, provider_id, status, starts_at, ends_at, time_zone, assigned_user_id,
                                      services, total_cents, currency, address, formatted_address, latitude,
                                      longitude, access_type, full_name, email_address)
     SELECT gen_random_uuid(), $1, (ARRAY['pending', 'accepted', 'completed'])[1 + n % 3], starts_at,
            starts_at + interval '30 minutes', $4, user_id, '[]', 25000, 'aud', 'Harbour View', 'Harbour View, Sydney',
            -33.86, 151.2, 'key_safe', 'Agent ' || n, 'agent' || n || '@bench.test'
       FROM slots WHERE k NOT IN (2, 3, 8, 9, 12, 13) ORDER BY n LIMIT $5`,
    [providerId, people, first.toISOString().slice(0, 10), ZONE, count],
  );
  await db.query('ANALYZE properties.bookings');
  return serviceId;
}

/** The paid plan the public form needs, as billing would have announced it. */
async function onPaidPlan(db, providerId) {
  await db.query(
    `INSERT INTO properties.provider_plans (provider_id, product_code, status, premium_tour_limit, changed_at)
     VALUES ($1, 'starter_plan', 'active', 20, now())`,
    [providerId],
  );
}

async function main() {
  const database = await freshDatabase();
  const namespace = `bench_${randomBytes(3).toString('hex')}`;
  const shared = { NATS_URL, EVENTS_NAMESPACE: namespace, DATABASE_URL: database.url };
  const [identity, properties] = await Promise.all([
    serve('identity', { ...shared, NODE_ENV: 'development' }),
    serve('properties', { ...shared, PUBLIC_RATE_LIMIT: '100000' }),
  ]);
  const gateway = await serve('gateway', {
    ...shared,
    IDENTITY_URL: identity.url,
    BILLING_URL: identity.url,
    PROPERTIES_URL: properties.url,
    ORDERS_URL: identity.url,
    CREDENTIAL_RATE_LIMIT: '1000',
  });
  const db = new Client({ connectionString: database.url });
  await db.connect();
  try {
    const { month, first, monday } = nextMonth();
    const large = await signIn(gateway.url, 'provider@demo.test');
    await secondProvider(db);
    const small = await signIn(gateway.url, 'small@bench.test');
    const largeService = await seedBookings(db, large.providerId, 'large-media', {
      members: MEMBERS,
      count: BOOKINGS,
      first,
    });
    const smallService = await seedBookings(db, small.providerId, 'small-media', {
      members: 1,
      count: 10,
      first,
    });
    await onPaidPlan(db, large.providerId);
    await onPaidPlan(db, small.providerId);
    const [{ booked }] = (
      await db.query('SELECT count(*)::int AS booked FROM properties.bookings WHERE provider_id = $1', [
        large.providerId,
      ])
    ).rows;
    if (booked !== BOOKINGS) throw new Error(`seeded ${booked} bookings, not ${BOOKINGS}`);

    const calendar = (cookie) =>
      paced(`${gateway.url}/provider/bookings/calendar?month=${month}`, {
        headers: { cookie },
        rate: RATE,
        durationS: DURATION_S,
      });
    const availability = (slug, serviceId) =>
      paced(
        `${gateway.url}/booking_pages/${slug}/availability?from=${monday}&days=7&service_ids=${serviceId}`,
        {
          headers: {},
          rate: RATE,
          durationS: DURATION_S,
        },
      );
    // Whatever the load does, each answer must say the right thing once: the month holds every booking.
    const answer = await fetch(`${gateway.url}/provider/bookings/calendar?month=${month}`, {
      headers: { cookie: large.cookie },
    }).then((response) => response.json());
    const counted = answer.data.days.reduce(
      (sum, day) => sum + day.pending + day.accepted + day.completed,
      0,
    );
    if (counted !== BOOKINGS) throw new Error(`the calendar counted ${counted} bookings, not ${BOOKINGS}`);

    const week = await fetch(
      `${gateway.url}/booking_pages/large-media/availability?from=${monday}&days=7&service_ids=${largeService}`,
    ).then((response) => response.json());
    const offered = week.data.days.reduce((sum, day) => sum + day.slots.length, 0);
    if (offered === 0)
      throw new Error('the busy week offers no time: the availability measured would be empty');

    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const calendarBaseline = await calendar(small.cookie);
      const calendarLarge = await calendar(large.cookie);
      const availabilityBaseline = await availability('small-media', smallService);
      const availabilityLarge = await availability('large-media', largeService);
      rounds.push({
        calendar: {
          tenBookings: calendarBaseline,
          twoThousandBookings: calendarLarge,
          p99Ratio: +(calendarLarge.p99Ms / calendarBaseline.p99Ms).toFixed(2),
        },
        availability: {
          oneMember: availabilityBaseline,
          tenMembers: availabilityLarge,
          p99Ratio: +(availabilityLarge.p99Ms / availabilityBaseline.p99Ms).toFixed(2),
        },
        failedRequests:
          calendarBaseline.failures +
          calendarLarge.failures +
          availabilityBaseline.failures +
          availabilityLarge.failures,
      });
    }
    const medianOf = (kind, large) =>
      [...rounds].sort((a, b) => a[kind][large].p99Ms - b[kind][large].p99Ms)[Math.floor(rounds.length / 2)][
        kind
      ];
    const result = {
      requestsPerSecond: RATE,
      durationSeconds: DURATION_S,
      bookingsInTheMonth: BOOKINGS,
      members: MEMBERS,
      slotsOfferedThatWeek: offered,
      median: {
        calendar: medianOf('calendar', 'twoThousandBookings'),
        availability: medianOf('availability', 'tenMembers'),
      },
      rounds,
    };
    record('bookings', result);
    console.log(JSON.stringify(result, null, 2));
    if (rounds.some((r) => r.failedRequests > 0)) process.exitCode = 1;
  } finally {
    await db.end();
    await gateway.stop();
    await properties.stop();
    await identity.stop();
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
