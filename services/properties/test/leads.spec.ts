import {
  MESSAGES,
  PEOPLE_PROFILES,
  PLAYER_MESSAGES,
  tourPublicId,
  type PeopleProfiles,
} from '@tourly/contracts';
import { Database, RpcClient, uuidv7 } from '@tourly/platform';
import { eventually } from '@tourly/platform/testing';
import { onStarter } from '../../../test/support/provider';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/support/webhook-receiver';
import { aProperty } from './media-support';
import { startPropertiesPlatform, type PropertiesPlatform, type Person } from './support';

const PER_ADDRESS = 3;
const PER_TOUR = 4;

interface Mail {
  subject: string;
  text_body?: string;
  textBody?: string;
}

/**
 * Leads (001 §5 "Contact form"): a visitor's message from a shared tour or a published website, checked with the
 * spec's words, refused quietly when the honeypot is filled in, limited per client address and per tour, kept for
 * the provider, announced on the outbox and mailed to the property's agents (its admins when it has none); phone
 * reveals recorded. The whole platform: identity counts the limits and knows the agents, the mail emulator's mailbox
 * receives the e-mails.
 */
describe('leads', () => {
  let it_: PropertiesPlatform;
  let provider: Person;
  let other: Person;
  let identityDb: Database;
  let propertyId: string;
  let tourId: string;
  let agent: { id: string; email: string };
  let receiver: WebhookReceiver;
  let addressCount = 0;

  /** Every visitor its own client address, so the per-address limit counts only where a test means it to. */
  const anAddress = () => `198.51.100.${++addressCount}`;
  const sendLead = (lead: Record<string, unknown>, address = anAddress()) =>
    it_.http.post('/v3_player_lead').set('x-forwarded-for', address).send({ lead });
  const aLead = (overrides: Record<string, unknown> = {}) => ({
    first_name: 'Nora',
    last_name: 'Visitor',
    email: 'nora@example.com',
    phone_number: '+1 555 0100',
    message: 'Is the garden south-facing?',
    tour_id: tourId,
    ...overrides,
  });
  const storedLeads = async (property = propertyId) =>
    Number(
      (
        (await it_.propertiesDb.dataSource.query('SELECT count(*) AS n FROM leads WHERE property_id = $1', [
          property,
        ])) as Array<{ n: string }>
      )[0]!.n,
    );
  const announced = async (leadId: string) =>
    (await it_.propertiesDb.dataSource.query(
      `SELECT envelope -> 'data' AS data FROM outbox
        WHERE subject = 'properties.lead.received.v1' AND envelope -> 'data' ->> 'lead_id' = $1`,
      [leadId],
    )) as Array<{ data: Record<string, unknown> }>;
  const mailbox = async (to: string, count = 1): Promise<Mail[]> => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const response = await fetch(`${it_.emulators.url}/mail/_messages?to=${encodeURIComponent(to)}`);
      const { messages } = (await response.json()) as { messages: Mail[] };
      if (messages.length >= count || Date.now() > deadline) return messages;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const adminEmailOf = async (person: Person) =>
    (
      (await identityDb.dataSource.query(
        `SELECT u.email FROM memberships m JOIN users u ON u.id = m.user_id
          WHERE m.provider_id = $1 AND m.role = 'admin'`,
        [person.providerId],
      )) as Array<{ email: string }>
    )[0]!.email;

  /** A property of the person's with its tour's player link (made when the tour space opens); its public id. */
  const aTour = async (person: Person, title: string, share = true) => {
    const id = await aProperty(person, title);
    const link = (await person.get(`/provider/properties/${id}/player_link`)).body.data.links
      .default as string;
    const [, , clientSlug, modelSlug] = new URL(link).pathname.split('/');
    if (share) {
      const published = await person.send('put', `/provider/properties/${id}/published_features`, {
        published_features: { tour: true },
      });
      expect(published.status).toBe(200);
    }
    return { propertyId: id, tourId: tourPublicId(clientSlug!, modelSlug!) };
  };

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    it_ = await startPropertiesPlatform({
      env: () => ({
        LEADS_PER_ADDRESS_PER_HOUR: String(PER_ADDRESS),
        LEADS_PER_TOUR_PER_HOUR: String(PER_TOUR),
      }),
    });
    identityDb = it_.platform.services.identity.app.get(Database);
    provider = await it_.signUp('Harbour Media');
    other = await it_.signUp('Other Media');
    await onStarter(it_, provider);
    ({ propertyId, tourId } = await aTour(provider, 'Seaside Villa'));
    const agentEmail = `agent.${uuidv7().slice(-8)}@example.com`;
    await it_.aMember(agentEmail, provider.providerId, 'member');
    const [row] = (await identityDb.dataSource.query('SELECT id FROM users WHERE email = $1', [
      agentEmail,
    ])) as Array<{ id: string }>;
    agent = { id: row!.id, email: agentEmail };
    const agents = await provider.send('patch', `/provider/properties/${propertyId}/contacts`, {
      agent_ids: [agent.id],
    });
    expect(agents.status).toBe(200);
  });
  afterAll(async () => {
    await it_?.stop();
    await receiver?.stop();
  });

  describe('the contact form is checked with the spec’s words, and nothing is kept when refused', () => {
    it.each([
      ['first_name', { first_name: '' }, MESSAGES.required],
      ['last_name', { last_name: '   ' }, MESSAGES.required],
      ['phone_number', { phone_number: undefined }, MESSAGES.required],
      ['message', { message: '' }, MESSAGES.required],
      ['email', { email: '' }, MESSAGES.required],
      ['email', { email: 'not-an-address' }, 'is not a valid email address'],
      ['tour_id', { tour_id: undefined }, MESSAGES.required],
      ['property_id', { property_id: uuidv7() }, 'must be left out when tour_id is given'],
    ])('%s: %j', async (field, overrides, message) => {
      const answer = await sendLead(aLead(overrides));
      expect(answer.status).toBe(422);
      expect(answer.body.errors[`lead.${field}`]).toEqual([message]);
      expect(await storedLeads()).toBe(0);
    });

    it('a body without a lead: Required', async () => {
      const answer = await it_.http.post('/v3_player_lead').set('x-forwarded-for', anAddress()).send({});
      expect(answer.status).toBe(422);
      expect(answer.body.errors.lead).toEqual([MESSAGES.required]);
    });
  });

  describe('the rooms behind a lead are checked strictly, and nothing is kept when refused', () => {
    const kitchen = { room: 'Kitchen', floor: 0, seconds: 120 };
    const rooms = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ room: `Room ${i}`, floor: 0, seconds: 1 }));
    const path = (n: number) => Array.from({ length: n }, (_, i) => `Room ${i}`);
    it.each([
      ['not an object', 'Kitchen', 'attribution', 'must be an object'],
      ['a list', [kitchen], 'attribution', 'must be an object'],
      ['no rooms', { path: [] }, 'attribution.rooms', MESSAGES.required],
      ['rooms not a list', { rooms: 'Kitchen', path: [] }, 'attribution.rooms', 'must be a list'],
      ['rooms of text', { rooms: ['Kitchen'], path: [] }, 'attribution.rooms', 'must list objects'],
      ['six rooms', { rooms: rooms(6), path: [] }, 'attribution.rooms', 'must list at most 5'],
      [
        'a room without a name',
        { rooms: [{ seconds: 3 }], path: [] },
        'attribution.rooms.0.room',
        MESSAGES.required,
      ],
      [
        'a blank room name',
        { rooms: [{ ...kitchen, room: '   ' }], path: [] },
        'attribution.rooms.0.room',
        'must be 1 to 100 characters',
      ],
      [
        'a room name of 101 characters',
        { rooms: [kitchen, { ...kitchen, room: 'x'.repeat(101) }], path: [] },
        'attribution.rooms.1.room',
        'must be 1 to 100 characters',
      ],
      [
        'a control character in a room name',
        { rooms: [{ ...kitchen, room: 'Kit\u0007chen' }], path: [] },
        'attribution.rooms.0.room',
        'must not hold control characters',
      ],
      [
        'a room name that is not text',
        { rooms: [{ ...kitchen, room: 7 }], path: [] },
        'attribution.rooms.0.room',
        'must be text',
      ],
      [
        'a floor of 1.5',
        { rooms: [{ ...kitchen, floor: 1.5 }], path: [] },
        'attribution.rooms.0.floor',
        'must be a whole number',
      ],
      [
        'a floor as text',
        { rooms: [{ ...kitchen, floor: '1' }], path: [] },
        'attribution.rooms.0.floor',
        'must be a whole number',
      ],
      [
        'a floor below 0',
        { rooms: [{ ...kitchen, floor: -1 }], path: [] },
        'attribution.rooms.0.floor',
        'must be at least 0',
      ],
      [
        'no seconds',
        { rooms: [{ room: 'Kitchen', floor: 0 }], path: [] },
        'attribution.rooms.0.seconds',
        MESSAGES.required,
      ],
      [
        'seconds of 12.5',
        { rooms: [{ ...kitchen, seconds: 12.5 }], path: [] },
        'attribution.rooms.0.seconds',
        'must be a whole number of seconds',
      ],
      [
        'negative seconds',
        { rooms: [{ ...kitchen, seconds: -1 }], path: [] },
        'attribution.rooms.0.seconds',
        'must be at least 0',
      ],
      [
        'more than a day',
        { rooms: [{ ...kitchen, seconds: 86_401 }], path: [] },
        'attribution.rooms.0.seconds',
        'must be at most 86400',
      ],
      ['no path', { rooms: [kitchen] }, 'attribution.path', MESSAGES.required],
      ['a path not a list', { rooms: [], path: 'Hall' }, 'attribution.path', 'must be a list'],
      ['a path of 31 rooms', { rooms: [], path: path(31) }, 'attribution.path', 'must list at most 30'],
      [
        'a number on the path',
        { rooms: [], path: ['Hall', 3] },
        'attribution.path',
        'must list room names as text',
      ],
      [
        'a blank room on the path',
        { rooms: [], path: ['Hall', ' '] },
        'attribution.path',
        'must list room names of 1 to 100 characters',
      ],
      [
        'a control character on the path',
        { rooms: [], path: ['Ha\u0001ll'] },
        'attribution.path',
        'must list room names without control characters',
      ],
    ])('%s: 422', async (_case, attribution, field, message) => {
      const answer = await sendLead(aLead({ attribution }));
      expect(answer.status).toBe(422);
      expect(answer.body.errors[`lead.${field}`]).toEqual([message]);
      expect(await storedLeads()).toBe(0);
    });
  });

  it('a tour nobody may see answers the public API’s one 404, and keeps nothing', async () => {
    const unshared = await aTour(provider, 'Draft House', false);
    const unknown = tourPublicId('nobody00', 'no-such-tour');
    for (const id of [unshared.tourId, unknown, 'not-a-public-id']) {
      const answer = await sendLead(aLead({ tour_id: id }));
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ errors: { base: [PLAYER_MESSAGES.tourNotFound] } });
    }
    expect(await storedLeads(unshared.propertyId)).toBe(0);
  });

  it('a lead is kept, listed newest first, announced on the outbox and mailed to the agents', async () => {
    const first = await sendLead(aLead({ message: 'First question' }));
    expect(first.status).toBe(201);
    const second = await sendLead(aLead({ email: '  Ann.Buyer@Example.COM ', message: 'Second question' }));
    expect(second.status).toBe(201);
    const id = second.body.data.id as string;

    const list = await provider.get(`/provider/properties/${propertyId}/leads?page_size=1`);
    expect(list.status).toBe(200);
    expect(list.body.data).toMatchObject({ current_page: 1, total_pages: 2, total_count: 2 });
    expect(list.body.data.items).toEqual([
      {
        id,
        first_name: 'Nora',
        last_name: 'Visitor',
        email: 'ann.buyer@example.com',
        phone_number: '+1 555 0100',
        message: 'Second question',
        source: 'tour',
        attribution: null,
        created_at: expect.any(String),
      },
    ]);
    const page2 = await provider.get(`/provider/properties/${propertyId}/leads?page=2&page_size=1`);
    expect(page2.body.data.items[0].message).toBe('First question');

    const [event] = await announced(id);
    expect(event?.data).toMatchObject({
      provider_id: provider.providerId,
      property_id: propertyId,
      lead_id: id,
      source: 'tour',
      tour_id: tourId,
      email: 'ann.buyer@example.com',
      message: 'Second question',
    });

    const mails = await mailbox(agent.email, 2);
    expect(mails).toHaveLength(2);
    const about = mails.find((mail) => (mail.textBody ?? mail.text_body)?.includes('Second question'));
    expect(about?.subject).toBe('New message about Seaside Villa from Nora Visitor');
    expect(about?.textBody ?? about?.text_body).toContain('Email: ann.buyer@example.com');
  });

  it('a property without agents has its leads mailed to the provider’s admins', async () => {
    const noAgents = await aTour(provider, 'Lonely Cottage');
    const answer = await sendLead(aLead({ tour_id: noAgents.tourId, message: 'Anyone there?' }));
    expect(answer.status).toBe(201);
    // The admin's first e-mail was its sign-up code.
    const mails = await mailbox(await adminEmailOf(provider), 2);
    expect(mails.map((mail) => mail.subject)).toContain('New message about Lonely Cottage from Nora Visitor');
  });

  it('a tour’s lead keeps the rooms its visitor reported: stored, announced, listed and sent to the lead.received webhook', async () => {
    const endpoint = await provider.send('post', '/provider/developers/webhooks_subscription/endpoints', {
      endpoint: { url: receiver.url('/leads'), event_types: ['lead.received'] },
    });
    expect(endpoint.status).toBe(201);
    const spot = await aTour(provider, 'Attributed House');
    const attribution = {
      rooms: [
        { room: 'Kitchen', floor: 0, seconds: 120 },
        { room: 'Living room', floor: null, seconds: 45 },
        { room: 'Loft', seconds: 3 },
      ],
      path: ['Hall', 'Kitchen', 'Living room', 'Kitchen', 'Loft'],
    };
    const kept = {
      rooms: [
        { room: 'Kitchen', floor: 0, seconds: 120 },
        { room: 'Living room', floor: null, seconds: 45 },
        { room: 'Loft', floor: null, seconds: 3 },
      ],
      path: ['Hall', 'Kitchen', 'Living room', 'Kitchen', 'Loft'],
    };
    const answer = await sendLead(aLead({ tour_id: spot.tourId, message: 'Love the kitchen', attribution }));
    expect(answer.status).toBe(201);
    const id = answer.body.data.id as string;

    const list = await provider.get(`/provider/properties/${spot.propertyId}/leads`);
    expect(list.body.data.items).toEqual([expect.objectContaining({ id, attribution: kept })]);
    const [event] = await announced(id);
    expect(event?.data.attribution).toEqual(kept);

    const [webhook] = await eventually(
      async () => receiver.at('/leads'),
      (received) => received.length > 0,
      'the lead.received webhook',
    );
    expect(webhook!.payload).toMatchObject({
      type: 'lead.received',
      data: { lead_id: id, property_id: spot.propertyId, source: 'tour', attribution: kept },
    });

    // The other provider sees neither the property's leads nor their rooms.
    const theirs = await other.get(`/provider/properties/${spot.propertyId}/leads`);
    expect(theirs.status).toBe(404);
    expect(JSON.stringify(theirs.body)).not.toContain('Kitchen');
  });

  it('a lead without rooms (no consent, or none named) keeps none', async () => {
    const spot = await aTour(provider, 'Quiet House');
    for (const attribution of [null, { rooms: [], path: [] }]) {
      expect((await sendLead(aLead({ tour_id: spot.tourId, attribution }))).status).toBe(201);
    }
    const list = await provider.get(`/provider/properties/${spot.propertyId}/leads`);
    expect(list.body.data.items.map((lead: { attribution: unknown }) => lead.attribution)).toEqual([
      null,
      null,
    ]);
  });

  it('the honeypot: answered as accepted, but nothing kept, announced or mailed', async () => {
    const before = await storedLeads();
    const answer = await sendLead(aLead({ company: 'Spam Inc.', email: 'robot@example.com' }));
    expect(answer.status).toBe(201);
    expect(answer.body.data.id).toEqual(expect.any(String));
    expect(await storedLeads()).toBe(before);
    expect(await announced(answer.body.data.id as string)).toEqual([]);
    expect((await mailbox(agent.email)).some((mail) => mail.subject.includes('robot'))).toBe(false);
  });

  /** The 429 of a lead: it says when to try again, in minutes, as Retry-After does in seconds. */
  const expectTooMany = (answer: Awaited<ReturnType<typeof sendLead>>) => {
    expect(answer.status).toBe(429);
    const seconds = Number(answer.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(3600);
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    expect(answer.body.errors.base).toEqual([
      `Too many messages sent. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    ]);
  };

  it(`one address may send ${PER_ADDRESS} leads an hour: then 429 saying when to try again, and nothing kept`, async () => {
    const spot = await aTour(provider, 'Busy Flat');
    const address = anAddress();
    for (let n = 0; n < PER_ADDRESS; n += 1) {
      expect((await sendLead(aLead({ tour_id: spot.tourId }), address)).status).toBe(201);
    }
    expectTooMany(await sendLead(aLead({ tour_id: spot.tourId }), address));
    expect(await storedLeads(spot.propertyId)).toBe(PER_ADDRESS);
    expect((await sendLead(aLead({ tour_id: spot.tourId }))).status).toBe(201);
  });

  it('counts the addresses of one IPv6 network (/64) as one sender', async () => {
    const spot = await aTour(provider, 'Network Flat');
    for (let n = 1; n <= PER_ADDRESS; n += 1) {
      expect((await sendLead(aLead({ tour_id: spot.tourId }), `2001:db8:5:9::${n}`)).status).toBe(201);
    }
    expectTooMany(await sendLead(aLead({ tour_id: spot.tourId }), '2001:db8:5:9::ff'));
    expect((await sendLead(aLead({ tour_id: spot.tourId }), '2001:db8:5:a::1')).status).toBe(201);
  });

  it('junk from a few addresses does not shut the form: a fresh visitor still writes', async () => {
    const spot = await aTour(provider, 'Popular Loft');
    // Two addresses send all they may, more leads together than the tour's limit.
    for (const address of [anAddress(), anAddress()]) {
      for (let n = 0; n < PER_ADDRESS; n += 1) {
        expect((await sendLead(aLead({ tour_id: spot.tourId, message: 'junk' }), address)).status).toBe(201);
      }
      expectTooMany(await sendLead(aLead({ tour_id: spot.tourId }), address));
    }
    const buyer = await sendLead(aLead({ tour_id: spot.tourId, message: 'A real question' }));
    expect(buyer.status).toBe(201);
    expect(await storedLeads(spot.propertyId)).toBe(2 * PER_ADDRESS + 1);
  });

  it(`one tour hears from ${PER_TOUR} new senders an hour; those it heard from keep writing`, async () => {
    const spot = await aTour(provider, 'Crowded Loft');
    const senders = Array.from({ length: PER_TOUR }, () => anAddress());
    for (const address of senders) {
      expect((await sendLead(aLead({ tour_id: spot.tourId }), address)).status).toBe(201);
    }
    expectTooMany(await sendLead(aLead({ tour_id: spot.tourId })));
    // A visitor the tour heard from this hour writes again (within the address's own limit).
    expect((await sendLead(aLead({ tour_id: spot.tourId }), senders[0])).status).toBe(201);
    expect(await storedLeads(spot.propertyId)).toBe(PER_TOUR + 1);
  });

  it('a published website’s form sends leads too; an unpublished one’s is 404', async () => {
    const site = await aProperty(provider, 'Website House');
    const refused = await sendLead(aLead({ tour_id: undefined, property_id: site }));
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ errors: { base: ['Website not found'] } });
    const published = await provider.send('put', `/provider/properties/${site}/published_features`, {
      published_features: { website: true },
    });
    expect(published.status).toBe(200);
    // A website has no tour to walk: rooms sent with its form are refused, and nothing is kept.
    const withRooms = await sendLead(
      aLead({ tour_id: undefined, property_id: site, attribution: { rooms: [], path: ['Hall'] } }),
    );
    expect(withRooms.status).toBe(422);
    expect(withRooms.body.errors['lead.attribution']).toEqual(['must be left out when property_id is given']);
    expect(await storedLeads(site)).toBe(0);
    const answer = await sendLead(aLead({ tour_id: undefined, property_id: site }));
    expect(answer.status).toBe(201);
    const list = await provider.get(`/provider/properties/${site}/leads`);
    expect(list.body.data.items).toEqual([expect.objectContaining({ source: 'website', attribution: null })]);
  });

  it('identity answers the profiles of the provider’s own people only (no phone number or avatar: none kept)', async () => {
    const [otherAdmin] = (await identityDb.dataSource.query(
      "SELECT user_id AS id FROM memberships WHERE provider_id = $1 AND role = 'admin'",
      [other.providerId],
    )) as Array<{ id: string }>;
    const rpc = it_.platform.services.properties.app.get(RpcClient);
    const answer = await rpc.ask<PeopleProfiles>(PEOPLE_PROFILES, {
      providerId: provider.providerId,
      userIds: [agent.id, otherAdmin!.id],
    });
    expect(answer.people).toEqual([
      { userId: agent.id, fullName: 'Test User', email: agent.email, phoneNumber: null, avatarUrl: null },
    ]);
  });

  it('another provider’s property’s leads: 404', async () => {
    const answer = await other.get(`/provider/properties/${propertyId}/leads`);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ errors: { base: ['Property not found'] } });
  });

  describe('phone reveals', () => {
    const reveal = (id: string, event: Record<string, unknown>) =>
      it_.http
        .post(`/digital_twin/${encodeURIComponent(id)}/events`)
        .set('x-forwarded-for', anAddress())
        .send({ event });
    const recorded = async () =>
      (await it_.propertiesDb.dataSource.query(
        'SELECT type, agent_id AS "agentId" FROM tour_events WHERE property_id = $1',
        [propertyId],
      )) as Array<{ type: string; agentId: string }>;

    it('are recorded: 204', async () => {
      const answer = await reveal(tourId, { type: 'phone_revealed', agent_id: agent.id });
      expect(answer.status).toBe(204);
      expect(await recorded()).toEqual([{ type: 'phone_revealed', agentId: agent.id }]);
    });

    it.each([
      ['an unknown type', { type: 'clicked', agent_id: 'x' }, 'event.type', 'must be one of: phone_revealed'],
      ['no agent', { type: 'phone_revealed' }, 'event.agent_id', MESSAGES.required],
      [
        'not an agent of the tour',
        { type: 'phone_revealed', agent_id: uuidv7() },
        'event.agent_id',
        'is not an agent of this tour',
      ],
    ])('%s: 422, nothing recorded', async (_case, event, field, message) => {
      const before = (await recorded()).length;
      const answer = await reveal(tourId, event);
      expect(answer.status).toBe(422);
      expect(answer.body.errors[field]).toEqual([message]);
      expect(await recorded()).toHaveLength(before);
    });

    it('of an unknown tour: 404 Tour not found', async () => {
      const answer = await reveal(tourPublicId('nobody00', 'nothing'), {
        type: 'phone_revealed',
        agent_id: agent.id,
      });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ errors: { base: [PLAYER_MESSAGES.tourNotFound] } });
    });
  });
});
