import { CatalogueService } from '../src/catalogue/catalogue.service';
import { startBilling, type Billing, type Person } from './support';

const INVOICES = '/provider/billing/invoices.json';
const UPCOMING = '/provider/billing/account/fetch_upcoming_invoice_details.json';
const HOUR_MS = 60 * 60 * 1000;

/**
 * The provider's invoices (000 §2, §7): every invoice of its Stripe customer, newest first, with Stripe's PDF and
 * page, paged as the platform pages; and its plan's next invoice as Stripe previews it.
 */
describe("the provider's invoices", () => {
  let it_: Billing;
  let provider: Person;
  let other: Person;

  const subscription = async () =>
    (await provider.get('/provider/billing/service_plan_subscription').set('cache-control', 'no-cache')).body
      .data;
  const stripeSubscriptionId = async () => {
    const [row] = (await it_.billingDb.dataSource.query(
      'SELECT stripe_subscription_id AS id FROM subscriptions WHERE provider_id = $1',
      [provider.providerId],
    )) as Array<{ id: string }>;
    return row!.id;
  };
  async function subscribeToStarter(person: Person, name: string) {
    await person
      .send('put', '/provider/billing/account', {
        name,
        email: `billing@${name.toLowerCase().replace(/\W/g, '')}.test`,
        address: '1 Main St',
        country: 'US',
        currency: 'usd',
      })
      .expect(200);
    const card = await it_.saveCard(person, 'pm_card_visa');
    const started = await person.send('put', '/provider/billing/service_plan_subscription', {
      service_plan_subscription: { product_code: 'starter_plan', interval: 'month', payment_method_id: card },
    });
    expect(started.body.data.result).toBe('success');
    await it_.settled();
  }

  beforeAll(async () => {
    it_ = await startBilling();
    provider = await it_.signUp('Invoiced Media');
    other = await it_.signUp('Other Media');
  });
  afterAll(() => it_.stop());

  it('is an empty page for a provider without a Stripe customer, and nothing upcoming', async () => {
    const answer = await provider.get(INVOICES).expect(200);
    expect(answer.body.data).toEqual({ items: [], current_page: 1, total_pages: 0, total_count: 0 });
    const upcoming = await provider
      .get(`${UPCOMING}?subscription_type=service_plan_subscription`)
      .expect(200);
    expect(upcoming.body).toEqual({ data: null });
  });

  it('lists the paid first invoice of a new subscription with its number, amounts, purpose and links', async () => {
    await subscribeToStarter(provider, 'Invoiced Media');
    const answer = await provider.get(INVOICES).expect(200);
    expect(answer.body.data).toMatchObject({ current_page: 1, total_pages: 1, total_count: 1 });
    const [invoice] = answer.body.data.items;
    const [stripeInvoice] = (await it_.stripe.invoices.list({ subscription: await stripeSubscriptionId() }))
      .data;
    expect(invoice).toEqual({
      id: stripeInvoice!.id,
      number: stripeInvoice!.number,
      status: 'paid',
      description: stripeInvoice!.lines.data[0]!.description,
      total_in_cents: stripeInvoice!.total,
      amount_paid_in_cents: stripeInvoice!.total,
      amount_due_in_cents: stripeInvoice!.total,
      currency: 'usd',
      created_at: new Date(stripeInvoice!.created * 1000).toISOString(),
      period_start: (await subscription()).period_start,
      period_end: (await subscription()).period_end,
      paid_at: expect.any(String),
      subscription_id: await stripeSubscriptionId(),
      invoice_pdf: expect.stringMatching(/^http:\/\/.+\/pdf$/),
      hosted_invoice_url: expect.stringMatching(/^http:\/\//),
    });
    expect(invoice.number).toMatch(/^[A-Z0-9]+-\d{4}$/);
    expect(invoice.description).toContain('Starter');
    expect(invoice.total_in_cents).toBe(1995); // Starter's monthly price in usd (000 §9), in full

    const pdf = await fetch(invoice.invoice_pdf);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).toString('latin1')).toMatch(/^%PDF-1\.4[\s\S]*%%EOF\n$/);
    const page = await fetch(invoice.hosted_invoice_url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`Invoice ${invoice.number}`);
  });

  it("answers the plan's next invoice: the renewal's date, amount and line", async () => {
    const current = await subscription();
    const answer = await provider.get(`${UPCOMING}?subscription_type=service_plan_subscription`).expect(200);
    const upcoming = answer.body.data;
    expect(upcoming).toMatchObject({
      subscription_type: 'service_plan_subscription',
      subscription_id: await stripeSubscriptionId(),
      date: current.period_end,
      currency: 'usd',
    });
    const [paid] = (await provider.get(INVOICES)).body.data.items;
    expect(upcoming.total_in_cents).toBe(paid.total_in_cents);
    expect(upcoming.amount_due_in_cents).toBe(paid.total_in_cents);
    expect(upcoming.lines).toEqual([
      {
        description: expect.stringContaining('Starter'),
        amount_in_cents: paid.total_in_cents,
        period_start: current.period_end,
        period_end: expect.any(String),
      },
    ]);
  });

  it('pages the invoices newest first after renewals', async () => {
    // Each renewal an hour past the period's end, as Stripe's calendar months fall (a fixed 61 days is one renewal
    // from the first of December).
    for (const _renewal of [1, 2]) {
      const clock = (await provider.get('/provider/billing/test_clock')).body.data.test_clock;
      const { current_period_end: periodEnd } = await subscription();
      await provider
        .send('post', '/provider/billing/advance_test_clock', {
          test_clock_id: clock.id,
          time: new Date(Date.parse(periodEnd) + HOUR_MS).toISOString(),
        })
        .expect(200);
      await it_.settled();
    }

    const all = (await provider.get(`${INVOICES}?page_size=100`).expect(200)).body.data;
    expect(all.total_count).toBe(3);
    const created = all.items.map((invoice: { created_at: string }) => Date.parse(invoice.created_at));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect(all.items.map((invoice: { status: string }) => invoice.status)).toEqual(['paid', 'paid', 'paid']);

    const first = (await provider.get(`${INVOICES}?page=1&page_size=2`).expect(200)).body.data;
    const second = (await provider.get(`${INVOICES}?page=2&page_size=2`).expect(200)).body.data;
    const beyond = (await provider.get(`${INVOICES}?page=3&page_size=2`).expect(200)).body.data;
    expect(first).toMatchObject({ current_page: 1, total_pages: 2, total_count: 3 });
    expect(second).toMatchObject({ current_page: 2, total_pages: 2, total_count: 3 });
    expect([...first.items, ...second.items]).toEqual(all.items);
    expect(beyond).toEqual({ items: [], current_page: 3, total_pages: 2, total_count: 3 });
  });

  it("shows another provider only its own invoices, never this provider's", async () => {
    await subscribeToStarter(other, 'Other Media');
    const mine = (await provider.get(`${INVOICES}?page_size=100`)).body.data.items.map(
      (invoice: { id: string }) => invoice.id,
    );
    const theirs = (await other.get(`${INVOICES}?page_size=100`)).body.data;
    expect(theirs.total_count).toBe(1);
    expect(mine).not.toContain(theirs.items[0].id);
  });

  it('names the plans on the invoices as a person reads them: the upgrade invoice says which plan was left', async () => {
    const creator = { product_code: 'vt_creator_plan', interval: 'month' };
    const preview = await other
      .send('post', '/provider/billing/service_plan_subscription/preview_change', {
        service_plan_subscription: creator,
      })
      .expect(200);
    const day = '\\d{1,2} [A-Z][a-z]{2} \\d{4}';
    expect(preview.body.data.line_items.map((line: { label: string }) => line.label)).toEqual([
      expect.stringMatching(new RegExp(`^Unused time on Starter plan after ${day}$`)),
      expect.stringMatching(new RegExp(`^Remaining time on Creator plan after ${day}$`)),
    ]);
    const upgraded = await other
      .send('put', '/provider/billing/service_plan_subscription', { service_plan_subscription: creator })
      .expect(200);
    expect(upgraded.body.data.result).toBe('success');
    await it_.settled();

    const items = (await other.get(`${INVOICES}?page_size=100`).expect(200)).body.data.items as Array<{
      description: string;
    }>;
    expect(items.map((invoice) => invoice.description)).toEqual([
      expect.stringMatching(new RegExp(`^Unused time on Starter plan after ${day}$`)),
      '1 × Starter plan (at $19.95 / month)',
    ]);
  });

  it("keeps Stripe's products named as the plans read, renaming one Stripe still knows by an older name", async () => {
    const names = async () =>
      Promise.all(
        ['starter_plan', 'vt_creator_plan', 'experience_creator_plan', 'immersive_extension'].map(
          async (id) => (await it_.stripe.products.retrieve(id)).name,
        ),
      );
    expect(await names()).toEqual([
      'Starter plan',
      'Creator plan',
      'Pro plan',
      'Premium tour (paid separately)',
    ]);
    await it_.stripe.products.update('vt_creator_plan', { name: 'Creator' });
    await it_.service.app.get(CatalogueService).sync();
    expect((await it_.stripe.products.retrieve('vt_creator_plan')).name).toBe('Creator plan');
  });

  it('says nothing is upcoming once the plan ends at the period end', async () => {
    await provider
      .send('put', '/provider/billing/service_plan_subscription', {
        service_plan_subscription: { product_code: 'free_tier_plan', interval: 'month' },
      })
      .expect(200);
    const upcoming = await provider
      .get(`${UPCOMING}?subscription_type=service_plan_subscription`)
      .expect(200);
    expect(upcoming.body).toEqual({ data: null });
  });

  it.each([
    [INVOICES, '?page=0', { page: ['must be at least 1'] }],
    [INVOICES, '?page=abc', { page: ['must be a whole number'] }],
    [INVOICES, '?page_size=101', { page_size: ['must be at most 100'] }],
    [UPCOMING, '', { subscription_type: ['Required'] }],
    [
      UPCOMING,
      '?subscription_type=addon',
      { subscription_type: ['must be one of: service_plan_subscription'] },
    ],
  ])('refuses %s%s with 422', async (path, query, errors) => {
    const answer = await provider.get(`${path}${query}`);
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual(errors);
  });

  it.each([INVOICES, `${UPCOMING}?subscription_type=service_plan_subscription`])(
    'is for the provider admin only: a member gets 403 at %s',
    async (path) => {
      const member = await it_.signUp('Invoiced Media', 'member');
      expect((await member.get(path)).status).toBe(403);
    },
  );
});
