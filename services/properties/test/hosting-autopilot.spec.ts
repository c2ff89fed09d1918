import { HOSTING_MESSAGES, tourPublicId, type HostingInvoiceOverdueV1 } from '@tourly/contracts';
import { Database, rows, uuidv7 } from '@tourly/platform';
import { HostingToursService } from '../src/hosting/hosting-tours.service';
import { aProperty } from './media-support';
import { shareTour, startProperties, type PropertiesAlone, type Person } from './support';

interface Mail {
  subject: string;
  textBody: string;
}

/**
 * The autopilot (issue 32; properties alone): billing's word that a hosting-fee invoice is overdue pauses its tours
 * for visitors (the player answers 423 and its paused page's contact, never a 404), the provider's exemption keeps a
 * tour online, and the invoice paid or voided brings the tours back, each change an event. Billing's events are
 * applied as its listener does, in a transaction of properties'.
 */
describe('hosting that follows payment', () => {
  let it_: PropertiesAlone;
  let provider: Person;
  let other: Person;

  beforeAll(async () => {
    it_ = await startProperties();
    provider = await it_.signUp('Autopilot Media');
    other = await it_.signUp('Other Media');
  });
  afterAll(() => it_.stop());

  const db = () => it_.propertiesDb.dataSource;
  const hosting = () => it_.service.app.get(HostingToursService);
  const inTx = <T>(work: (tx: Parameters<Parameters<Database['transaction']>[0]>[0]) => Promise<T>) =>
    it_.service.app.get(Database).transaction(work);

  const aTour = async (person: Person, title: string) => {
    const propertyId = await aProperty(person, title);
    const link = (await person.get(`/provider/properties/${propertyId}/player_link`)).body.data;
    await shareTour(it_, person, propertyId);
    return { propertyId, publicId: tourPublicId(link.client_slug, link.model_slug) };
  };
  const base = (publicId: string) =>
    it_.http.get(`/digital_twin/${encodeURIComponent(publicId)}/layers/base.json`);
  /** A built answer is kept PLAYER_CACHE_SECONDS (2 s): a change shows within that. */
  const eventually = async (check: () => Promise<boolean>) => {
    for (let tries = 0; tries < 50; tries++) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the change did not show within 5 s');
  };
  const statusOf = async (publicId: string) => (await base(publicId)).status;

  const overdue = (providerId: string, propertyIds: string[], email: string): HostingInvoiceOverdueV1 => ({
    providerId,
    invoiceId: uuidv7(),
    subscriptionId: uuidv7(),
    customerId: uuidv7(),
    customerName: 'Bay Agents',
    customerEmail: email,
    number: 'HF-0001',
    amountDue: 5390,
    currency: 'aud',
    dueDate: '2030-01-15T00:00:00.000Z',
    hostedInvoiceUrl: 'https://pay.example.com/i/1',
    propertyIds,
  });
  const changed = (event: HostingInvoiceOverdueV1, status: 'paid' | 'void' | 'uncollectible') => ({
    providerId: event.providerId,
    invoiceId: event.invoiceId,
    subscriptionId: event.subscriptionId,
    customerId: event.customerId,
    status,
    previousStatus: 'open' as const,
    amountDue: event.amountDue,
    amountPaid: status === 'paid' ? event.amountDue : 0,
    currency: event.currency,
    dueDate: event.dueDate,
    propertyIds: event.propertyIds,
  });
  const announced = async (propertyId: string) =>
    (
      await rows<{ subject: string; data: Record<string, unknown> }>(
        db(),
        `SELECT subject, envelope -> 'data' AS data FROM outbox
          WHERE subject LIKE 'properties.hosting.tour.%' AND envelope -> 'data' ->> 'property_id' = $1
          ORDER BY id`,
        [propertyId],
      )
    ).map((row) => `${row.subject.split('.')[3]}:${String(row.data.reason)}`);
  const mailbox = async (to: string, count = 1): Promise<Mail[]> => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const response = await fetch(`${it_.emulators.url}/mail/_messages?to=${encodeURIComponent(to)}`);
      const { messages } = (await response.json()) as { messages: Mail[] };
      if (messages.length >= count || Date.now() > deadline) return messages;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('pauses the tours of an overdue invoice for visitors, tells the client, and resumes them once paid', async () => {
    const villa = await aTour(provider, 'Autopilot Villa');
    const loft = await aTour(provider, 'Autopilot Loft');
    expect(await statusOf(villa.publicId)).toBe(200);
    const event = overdue(provider.providerId, [villa.propertyId, loft.propertyId], 'bay@agents.example');

    await inTx((tx) => hosting().overdue(event, tx));
    await eventually(async () => (await statusOf(villa.publicId)) === 423);
    const refused = await base(villa.publicId).expect(423);
    expect(refused.body).toEqual({ errors: { base: [HOSTING_MESSAGES.tourPaused] } });
    const page = await it_.http
      .get(`/digital_twin/${encodeURIComponent(villa.publicId)}/paused.json`)
      .expect(200);
    expect(page.body.data).toEqual({
      id: villa.publicId,
      message: 'This tour is paused.',
      language: 'en',
      provider: { name: expect.any(String), url: null, logo_url: null },
      agents: [],
    });
    // The tour's other public reads are paused too; a tour that is not paused has no paused page.
    await it_.http.get(`/digital_twin/${encodeURIComponent(villa.publicId)}/layers/tags.json`).expect(423);
    const property = await provider.get(`/provider/properties/${villa.propertyId}`).expect(200);
    expect(property.body.data.hosting).toEqual({
      exempt: false,
      paused: true,
      paused_at: expect.any(String),
    });
    expect(await announced(villa.propertyId)).toEqual(['paused:invoice_overdue']);

    const [client] = await mailbox('bay@agents.example');
    expect(client!.subject).toBe('Your tours are paused: invoice HF-0001 is overdue');
    expect(client!.textBody).toContain('AUD 53.90');
    expect(client!.textBody).toContain('- Autopilot Villa\n- Autopilot Loft');
    expect(client!.textBody).toContain('https://pay.example.com/i/1');

    // Redelivered: nothing new.
    await inTx((tx) => hosting().overdue(event, tx));
    expect(await announced(villa.propertyId)).toEqual(['paused:invoice_overdue']);
    expect(await mailbox('bay@agents.example')).toHaveLength(1);

    await inTx((tx) => hosting().invoiceChanged(changed(event, 'paid'), tx));
    await eventually(async () => (await statusOf(villa.publicId)) === 200);
    expect(await statusOf(loft.publicId)).toBe(200);
    await it_.http.get(`/digital_twin/${encodeURIComponent(villa.publicId)}/paused.json`).expect(404);
    expect(await announced(villa.propertyId)).toEqual(['paused:invoice_overdue', 'resumed:invoice_paid']);
  });

  it('keeps an exempt tour online, pauses it when the exemption ends, and refuses another provider', async () => {
    const tour = await aTour(provider, 'Exempt Cottage');
    await other
      .send('put', `/provider/properties/${tour.propertyId}/hosting_exempt`, { hosting_exempt: true })
      .expect(404, { errors: { base: ['Property not found'] } });
    await provider
      .send('put', `/provider/properties/${tour.propertyId}/hosting_exempt`, { hosting_exempt: 'yes' })
      .expect(422, { errors: { hosting_exempt: ['must be true or false'] } });
    const exempt = await provider
      .send('put', `/provider/properties/${tour.propertyId}/hosting_exempt`, { hosting_exempt: true })
      .expect(200);
    expect(exempt.body.data).toEqual({ exempt: true, paused: false, paused_at: null });

    const event = overdue(provider.providerId, [tour.propertyId], 'cottage@agents.example');
    await inTx((tx) => hosting().overdue(event, tx));
    expect(await statusOf(tour.publicId)).toBe(200);
    expect(await announced(tour.propertyId)).toEqual([]);

    const ended = await provider
      .send('put', `/provider/properties/${tour.propertyId}/hosting_exempt`, { hosting_exempt: false })
      .expect(200);
    expect(ended.body.data).toMatchObject({ exempt: false, paused: true });
    await eventually(async () => (await statusOf(tour.publicId)) === 423);
    const again = await provider
      .send('put', `/provider/properties/${tour.propertyId}/hosting_exempt`, { hosting_exempt: true })
      .expect(200);
    expect(again.body.data).toMatchObject({ exempt: true, paused: false });
    expect(await announced(tour.propertyId)).toEqual(['paused:unexempted', 'resumed:exempted']);
  });

  it('resumes on a voided invoice, keeps an uncollectible one paused, and ignores an overdue event after the payment', async () => {
    const tour = await aTour(provider, 'Void Terrace');
    const first = overdue(provider.providerId, [tour.propertyId], 'terrace@agents.example');
    await inTx((tx) => hosting().overdue(first, tx));
    await inTx((tx) => hosting().invoiceChanged(changed(first, 'uncollectible'), tx));
    await eventually(async () => (await statusOf(tour.publicId)) === 423);
    await inTx((tx) => hosting().invoiceChanged(changed(first, 'void'), tx));
    await eventually(async () => (await statusOf(tour.publicId)) === 200);

    // Paid first, its overdue event late (another consumer): the tour stays online.
    const late = overdue(provider.providerId, [tour.propertyId], 'terrace@agents.example');
    await inTx((tx) => hosting().invoiceChanged(changed(late, 'paid'), tx));
    await inTx((tx) => hosting().overdue(late, tx));
    expect(await statusOf(tour.publicId)).toBe(200);
    expect(await announced(tour.propertyId)).toEqual(['paused:invoice_overdue', 'resumed:invoice_voided']);

    // Another provider's invoice naming this tour pauses nothing.
    await inTx((tx) => hosting().overdue(overdue(other.providerId, [tour.propertyId], 'x@example.com'), tx));
    expect(await statusOf(tour.publicId)).toBe(200);
  });
});
