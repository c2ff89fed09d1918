import { startBilling, type Billing, type Person } from './support';

/** 000 §3, §5: the billing account and its Stripe customer; cards saved through setup intents. */
describe('billing account and cards', () => {
  let it_: Billing;
  let provider: Person;

  beforeAll(async () => {
    it_ = await startBilling();
    provider = await it_.signUp('Cards Media');
  });
  afterAll(() => it_.stop());

  const form = {
    name: 'Cards Media Ltd',
    email: 'Billing@Cards.test',
    address: '1 Main St, Springfield',
    country: 'us',
  };

  it('starts empty in usd, refuses a blank form field by field with Required, and loses nothing', async () => {
    const empty = await provider.get('/provider/billing/account');
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual({
      name: '',
      email: '',
      address: '',
      country: '',
      currency: 'usd',
      complete: false,
    });

    const blank = await provider.send('put', '/provider/billing/account', {
      name: '  ',
      email: 'not-an-email',
      address: '',
    });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual({
      name: ['Required'],
      email: ['is not a valid email address'],
      address: ['Required'],
      country: ['Required'],
    });
    expect((await provider.get('/provider/billing/account')).body.data.complete).toBe(false);
    expect(
      (await provider.send('put', '/provider/billing/account', { ...form, currency: 'chf' })).body.errors,
    ).toEqual({
      currency: ['must be one of: aud, cad, eur, gbp, nzd, usd'],
    });
  });

  it('creates one Stripe customer on the first save and keeps it in step afterwards', async () => {
    const saved = await provider.send('put', '/provider/billing/account', form);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({
      name: 'Cards Media Ltd',
      email: 'billing@cards.test',
      address: '1 Main St, Springfield',
      country: 'US',
      currency: 'usd',
      complete: true,
    });
    await provider.send('put', '/provider/billing/account', {
      ...form,
      name: 'Cards Media Group',
      currency: 'eur',
    });
    const [account] = await it_.billingDb.dataSource.query(
      'SELECT stripe_customer_id AS id, currency FROM billing_accounts WHERE provider_id = $1',
      [provider.providerId],
    );
    expect(account.currency).toBe('eur');
    const customer = await it_.stripe.customers.retrieve(account.id);
    expect(customer).toMatchObject({ name: 'Cards Media Group', email: 'billing@cards.test' });
    const customers = await it_.stripe.customers.list({ email: 'billing@cards.test', limit: 10 });
    expect(customers.data).toHaveLength(1);
  });

  it('saves cards through setup intents, lists them with brand and default, and removes one', async () => {
    const visa = await it_.saveCard(provider, 'pm_card_visa');
    const amex = await it_.saveCard(provider, 'pm_card_amex');
    let cards = (await provider.get('/provider/billing/account/credit_cards')).body.data;
    expect(cards).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: visa, brand: 'visa', last4: '4242', is_default: false }),
        expect.objectContaining({ id: amex, brand: 'amex', is_default: false }),
      ]),
    );
    expect(cards[0].expiry).toMatch(/^\d{2}\/\d{4}$/);

    const made = await provider.send('post', '/provider/billing/set_default_payment_method', {
      payment_method_id: amex,
    });
    expect(made.status).toBe(200);
    expect(made.body.data.find((card: { id: string }) => card.id === amex).is_default).toBe(true);

    const removed = await provider.send('delete', `/provider/billing/account/credit_card/${visa}`);
    expect(removed.status).toBe(200);
    cards = (await provider.get('/provider/billing/account/credit_cards')).body.data;
    expect(cards.map((card: { id: string }) => card.id)).toEqual([amex]);
  });

  it('never reaches another provider’s card', async () => {
    const other = await it_.signUp('Other Media');
    await other.send('put', '/provider/billing/account', { ...form, email: 'billing@other.test' });
    const theirs = await it_.saveCard(other, 'pm_card_mastercard');
    const steal = await provider.send('delete', `/provider/billing/account/credit_card/${theirs}`);
    expect(steal.status).toBe(404);
    expect(steal.body.errors.base).toEqual(['Card not found']);
    const defaulted = await provider.send('post', '/provider/billing/set_default_payment_method', {
      payment_method_id: theirs,
    });
    expect(defaulted.status).toBe(404);
    expect((await other.get('/provider/billing/account/credit_cards')).body.data).toHaveLength(1);
  });

  it('asks for the billing information before a card can be saved', async () => {
    const fresh = await it_.signUp('Fresh Media');
    const intent = await fresh.send('post', '/provider/billing/create_setup_intent');
    expect(intent.status).toBe(422);
    expect(intent.body.errors.base).toEqual([
      'Save your billing information first: name, email, address and country.',
    ]);
    expect((await fresh.get('/provider/billing/account/credit_cards')).body.data).toEqual([]);
  });
});
