import { DEMO_CREDITS, seedDemoCredits } from '@tourly/billing';
import { startBilling, type Billing } from './support';

/** `npm start` gives the demo provider credits to order floor plans with, once. */
describe('demo credits', () => {
  let it_: Billing;
  beforeAll(async () => {
    it_ = await startBilling();
  });
  afterAll(() => it_.stop());

  it("grants the demo credits once, in the provider's history", async () => {
    const provider = await it_.signUp('Seeded Media');
    expect(await seedDemoCredits(it_.service, provider.providerId)).toBe(true);
    expect(await seedDemoCredits(it_.service, provider.providerId)).toBe(false);
    const balance = await provider.get('/provider/billing/account/credit_balance').expect(200);
    expect(balance.body.data).toMatchObject({ available_balance: DEMO_CREDITS, reserved_balance: 0 });
    const history = await provider.get('/provider/billing/credit_bundles.json').expect(200);
    expect(history.body.data.items).toEqual([
      expect.objectContaining({ kind: 'grant', category: 'promotional', amount: DEMO_CREDITS }),
    ]);
  });
});
