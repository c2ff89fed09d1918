import { CONFIG } from '@tourly/platform';
import type { BillingConfig } from '../src/config';
import { startBillingPlatform, type BillingPlatform, type Person } from './support';

const LINK = '/provider/billing/customer_portal_link';

/**
 * Issue 29 item 7, through the gateway: the customer portal's way back is built from APP_URL (or a host of the
 * provider's own), never from the Host header a request carries, which anyone can write.
 */
describe("the customer portal's way back, through the gateway", () => {
  let it_: BillingPlatform;
  let provider: Person;
  let app: URL;

  beforeAll(async () => {
    it_ = await startBillingPlatform();
    app = new URL(it_.platform.services.billing.app.get<BillingConfig>(CONFIG).APP_URL);
    provider = await it_.signUp('Forged Host Media');
    await provider
      .send('put', '/provider/billing/account', {
        name: 'Forged Host Media',
        email: 'billing@forged-host.test',
        address: '1 Main St',
        country: 'US',
      })
      .expect(200);
  }, 60_000);
  afterAll(() => it_.stop());

  const returnOf = async (url: string) =>
    /<a href="([^"]+)">Return to the site<\/a>/.exec(await (await fetch(url)).text())?.[1];

  it('leads back to APP_URL whatever Host the request carried', async () => {
    for (const host of ['evil.example', 'evil.example:8443', app.host]) {
      const answer = await provider.get(`${LINK}?came_from=credits`).set('host', host).expect(200);
      expect(await returnOf(answer.body.data.url)).toBe(`${app.origin}/provider/billing/credits`);
    }
    const path = encodeURIComponent('/provider/billing?tab=invoices');
    const answer = await provider.get(`${LINK}?return_url=${path}`).set('host', 'evil.example').expect(200);
    expect(await returnOf(answer.body.data.url)).toBe(`${app.origin}/provider/billing?tab=invoices`);

    const forged = await provider
      .get(`${LINK}?return_url=${encodeURIComponent('http://evil.example/provider/billing')}`)
      .set('host', 'evil.example')
      .expect(422);
    expect(forged.body).toEqual({ errors: { return_url: ['must be a page of this site'] } });
  });

  it("leads back to the provider's own subdomain when asked, never to another provider's", async () => {
    const subdomain = `forged-${Date.now().toString(36)}`;
    await provider.send('post', '/provider/subdomains', { subdomain }).expect(200);
    const own = `${app.protocol}//${subdomain}.${app.host}/provider/billing`;
    const answer = await provider.get(`${LINK}?return_url=${encodeURIComponent(own)}`).expect(200);
    expect(await returnOf(answer.body.data.url)).toBe(own);

    const other = await it_.signUp('Other Host Media');
    await other
      .send('put', '/provider/billing/account', {
        name: 'Other Host Media',
        email: 'billing@other-host.test',
        address: '1 Main St',
        country: 'US',
      })
      .expect(200);
    const refused = await other.get(`${LINK}?return_url=${encodeURIComponent(own)}`).expect(422);
    expect(refused.body).toEqual({ errors: { return_url: ['must be a page of this site'] } });
  });
});
