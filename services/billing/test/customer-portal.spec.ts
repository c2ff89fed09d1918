import { startBilling, type Billing, type Person } from './support';

const LINK = '/provider/billing/customer_portal_link';

/**
 * The link to Stripe's customer portal (000 §7: `came_from`, `return_url`): a session made for each visit, on the
 * provider's own Stripe customer, whose way back leads to a page of the platform (APP_URL) and nowhere else,
 * whatever host the request came to.
 */
describe("the link to Stripe's customer portal", () => {
  let it_: Billing;
  let provider: Person;

  beforeAll(async () => {
    it_ = await startBilling({ env: () => ({ APP_URL: 'https://app.example.com' }) });
    provider = await it_.signUp('Portal Media');
    await provider
      .send('put', '/provider/billing/account', {
        name: 'Portal Media',
        email: 'billing@portal.test',
        address: '1 Main St',
        country: 'US',
      })
      .expect(200);
    await it_.saveCard(provider, 'pm_card_visa');
  });
  afterAll(() => it_.stop());

  /** The host the person used, as the gateway forwards it. */
  const onSite = (path: string, host = 'app.example.com') =>
    provider.get(path).set('x-forwarded-host', host).set('x-forwarded-proto', 'https');

  const returnOf = async (url: string) =>
    /<a href="([^"]+)">Return to the site<\/a>/.exec(await (await fetch(url)).text())?.[1];

  it("opens the provider's own portal, which leads back to the page the person came from", async () => {
    const answer = await onSite(`${LINK}?came_from=credits`).expect(200);
    const url = answer.body.data.url as string;
    expect(url).toMatch(new RegExp(`^${it_.emulators.url}/v1/billing_portal/p/test_\\w+$`));

    const page = await (await fetch(url)).text();
    expect(page).toContain('Portal Media');
    expect(page).toContain('visa ending in 4242');
    expect(page).toContain(
      '<a href="https://app.example.com/provider/billing/credits">Return to the site</a>',
    );
  });

  it('leads back to a given page of the site, whole or as a path, and to the billing page by default', async () => {
    const returnFor = async (query: string) =>
      returnOf((await onSite(`${LINK}${query}`).expect(200)).body.data.url as string);
    expect(await returnFor('')).toBe('https://app.example.com/provider/billing');
    expect(await returnFor(`?return_url=${encodeURIComponent('/provider/billing?from=portal')}`)).toBe(
      'https://app.example.com/provider/billing?from=portal',
    );
    expect(
      await returnFor(
        `?came_from=billing&return_url=${encodeURIComponent('https://app.example.com/provider/properties')}`,
      ),
    ).toBe('https://app.example.com/provider/properties');
  });

  it('builds the way back from APP_URL, never from the host the request came to', async () => {
    const url = (await onSite(`${LINK}?came_from=credits`, 'evil.example').expect(200)).body.data
      .url as string;
    expect(await returnOf(url)).toBe('https://app.example.com/provider/billing/credits');
    const path = encodeURIComponent('/provider/billing?from=portal');
    const given = (await onSite(`${LINK}?return_url=${path}`, 'evil.example').expect(200)).body.data.url;
    expect(await returnOf(given)).toBe('https://app.example.com/provider/billing?from=portal');
    // The forged host's own pages are not "this site".
    const forged = await onSite(
      `${LINK}?return_url=${encodeURIComponent('https://evil.example/provider/billing')}`,
      'evil.example',
    ).expect(422);
    expect(forged.body).toEqual({ errors: { return_url: ['must be a page of this site'] } });
  });

  it('never sends the person to another site', async () => {
    for (const returnUrl of [
      'https://evil.example/provider/billing',
      '//evil.example/x',
      'javascript:alert(1)',
    ]) {
      const refused = await onSite(`${LINK}?return_url=${encodeURIComponent(returnUrl)}`).expect(422);
      expect(refused.body).toEqual({ errors: { return_url: ['must be a page of this site'] } });
    }
    const unknownPage = await onSite(`${LINK}?came_from=elsewhere`).expect(422);
    expect(unknownPage.body.errors.came_from).toEqual(['must be one of: billing, credits']);
  });

  it('asks for the billing information first, and is for the account admins only', async () => {
    const fresh = await it_.signUp('New Media');
    const refused = await fresh.get(LINK).expect(422);
    expect(refused.body).toEqual({
      errors: { base: ['Save your billing information first: name, email, address and country.'] },
    });
    const member = await it_.signUp('Member Media', 'member');
    await member.get(LINK).expect(403);
  });
});
