import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MATTERPORT_OAUTH_CLIENT_DEFAULTS, startEmulators, type RunningEmulators } from '@tourly/emulators';
import { aCustomerWithCard, aPrice, stripeClient } from './stripe-support';

const REDIRECT_URI = 'http://localhost:3000/api/integrations/matterport/callback';
const CLIENT_AUTH = `Basic ${Buffer.from(
  `${MATTERPORT_OAUTH_CLIENT_DEFAULTS.clientId}:${MATTERPORT_OAUTH_CLIENT_DEFAULTS.clientSecret}`,
).toString('base64')}`;

/** A webhook receiver that counts what it was sent, by event id. */
async function aReceiver(): Promise<{ url: string; eventIds: string[]; close(): Promise<void> }> {
  const eventIds: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      eventIds.push((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string }).id);
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    eventIds,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Consent on Matterport's page as `harbour-studio`, then the code exchanged: the tokens. */
async function connectMatterport(url: string): Promise<{ access_token: string; refresh_token: string }> {
  const verifier = randomBytes(32).toString('base64url');
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: MATTERPORT_OAUTH_CLIENT_DEFAULTS.clientId,
    redirect_uri: REDIRECT_URI,
    scope: 'ViewDetails',
    state: 'state-1',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  const page = await (await fetch(`${url}/matterport/oauth/authorize?${params.toString()}`)).text();
  const form = new URLSearchParams();
  for (const [, name, value] of page.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    form.append(
      name!,
      value!.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code))),
    );
  form.set('account', 'harbour-studio');
  const approved = await fetch(`${url}/matterport/oauth/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  const code = new URL(approved.headers.get('location')!).searchParams.get('code')!;
  const tokens = await fetch(`${url}/matterport/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: CLIENT_AUTH },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    }).toString(),
  });
  expect(tokens.status).toBe(200);
  return (await tokens.json()) as { access_token: string; refresh_token: string };
}

async function modelCount(url: string, accessToken: string): Promise<number | string> {
  const response = await fetch(`${url}/matterport/api/models/graph`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ query: '{ models { totalResults } }' }),
  });
  const body = (await response.json()) as { data?: { models: { totalResults: number } } };
  return body.data?.models.totalResults ?? `${response.status} ${JSON.stringify(body)}`;
}

describe('the emulators keep what the vendors remember across restarts (stateDir)', () => {
  let stateDir: string;
  let receiver: Awaited<ReturnType<typeof aReceiver>>;
  let running: RunningEmulators | undefined;
  const secret = 'whsec_restart';

  const start = async (retryDelaysMs = [20, 20]) => {
    running = await startEmulators({
      port: 0,
      stateDir,
      stripe: { webhookEndpoints: [{ url: receiver.url, secret }], retryDelaysMs },
    });
    return running;
  };

  beforeEach(async () => {
    stateDir = await mkdtemp(path.join(tmpdir(), 'tourly-emulator-state-'));
    receiver = await aReceiver();
  });
  afterEach(async () => {
    await running?.close();
    running = undefined;
    await receiver.close();
    await rm(stateDir, { recursive: true, force: true });
  });

  it('is the same Stripe account, Matterport grant and mailbox after a restart', async () => {
    const first = await start();
    const stripe = stripeClient(first.url);
    const { customer, paymentMethod } = await aCustomerWithCard(stripe);
    const price = await aPrice(stripe, 2_900);
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
    });
    const tokens = await connectMatterport(first.url);
    await fetch(`${first.url}/mail/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-postmark-server-token': 't' },
      body: JSON.stringify({
        From: 'a@tourly.test',
        To: 'ada@example.com',
        Subject: 'Reset',
        TextBody: 'link',
      }),
    });
    await first.stripe!.webhooksSettled();
    await first.close();

    const second = await start();
    const again = stripeClient(second.url);
    expect((await again.customers.retrieve(customer.id)).id).toBe(customer.id);
    const cards = await again.customers.listPaymentMethods(customer.id, { type: 'card' });
    expect(cards.data.map((card) => card.id)).toEqual([paymentMethod.id]);
    const kept = await again.subscriptions.retrieve(subscription.id);
    expect([kept.status, kept.items.data[0]!.price.id]).toEqual(['active', price.id]);
    // The listing order survives too: the newest customer is still listed first.
    const newer = await again.customers.create({ email: 'grace@example.com' });
    expect((await again.customers.list()).data.map((c) => c.id)).toEqual([newer.id, customer.id]);
    // A new subscription's first invoice is paid with the kept default card.
    const another = await again.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    expect(another.status).toBe('active');

    expect(await modelCount(second.url, tokens.access_token)).toBe(4);
    const refreshed = await fetch(`${second.url}/matterport/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: CLIENT_AUTH },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
      }).toString(),
    });
    expect(refreshed.status).toBe(200);

    const mailbox = await fetch(`${second.url}/mail/_messages?to=ada@example.com`);
    expect(((await mailbox.json()) as { messages: Array<{ subject: string }> }).messages).toEqual([
      expect.objectContaining({ subject: 'Reset' }),
    ]);
  });

  it('has saved what it answered before the answer left, and delivers after a restart the webhooks it still owed', async () => {
    // The endpoint unreachable and the next retry a minute away: the event is owed when the process goes.
    const first = await start([60_000]);
    first.stripe!.setWebhooksReachable(false);
    const stripe = stripeClient(first.url);
    const customer = await stripe.customers.create({ email: 'ada@example.com' });
    expect(await readFile(path.join(stateDir, 'stripe.state'))).toEqual(expect.any(Buffer));
    expect((await readFile(path.join(stateDir, 'stripe.state'))).includes(customer.id)).toBe(true);
    const owed = (await stripe.events.list({ type: 'customer.created' })).data.map((event) => event.id);
    expect(owed).toHaveLength(1);
    expect(receiver.eventIds).toEqual([]);
    await first.close();
    // Only the vendors that were asked anything have a file.
    expect(await readdir(stateDir)).toEqual(['stripe.state']);

    const second = await start();
    expect((await stripeClient(second.url).customers.retrieve(customer.id)).id).toBe(customer.id);
    await second.stripe!.webhooksSettled();
    expect(receiver.eventIds).toEqual(owed);
  });

  it("keeps the connected accounts and each account's objects, and owes their Connect webhooks, across a restart", async () => {
    const first = await startEmulators({
      port: 0,
      stateDir,
      stripe: { webhookEndpoints: [{ url: receiver.url, secret, connect: true }], retryDelaysMs: [60_000] },
    });
    running = first;
    const stripe = stripeClient(first.url);
    const account = await stripe.accounts.create({ type: 'standard', country: 'GB' });
    first.stripe!.setWebhooksReachable(false);
    const on = { stripeAccount: account.id };
    const customer = await stripe.customers.create({ email: 'client@example.com' }, on);
    const rate = await stripe.taxRates.create({ display_name: 'VAT', percentage: 20, inclusive: false }, on);
    const owed = (await stripe.events.list({ type: 'customer.created' }, on)).data.map((event) => event.id);
    await first.close();

    running = await startEmulators({
      port: 0,
      stateDir,
      stripe: { webhookEndpoints: [{ url: receiver.url, secret, connect: true }], retryDelaysMs: [20] },
    });
    const again = stripeClient(running.url);
    expect((await again.accounts.retrieve(account.id)).default_currency).toBe('gbp');
    expect((await again.customers.retrieve(customer.id, {}, on)).id).toBe(customer.id);
    expect((await again.taxRates.list({}, on)).data.map((r) => r.id)).toEqual([rate.id]);
    await expect(again.customers.retrieve(customer.id)).rejects.toMatchObject({ code: 'resource_missing' });
    await running.stripe!.webhooksSettled();
    expect(receiver.eventIds).toEqual(expect.arrayContaining(owed));
  });

  it('refuses to start on a state file it cannot read, and says which and what to do', async () => {
    await writeFile(path.join(stateDir, 'stripe.state'), 'not what a save writes');
    await expect(start()).rejects.toThrow(
      `The stripe emulator's saved state in ${path.join(stateDir, 'stripe.state')} cannot be read`,
    );
  });

  it('keeps nothing without a stateDir', async () => {
    const emulators = await startEmulators({ port: 0 });
    try {
      const customer = await stripeClient(emulators.url).customers.create({ email: 'ada@example.com' });
      expect(customer.id).toMatch(/^cus_/);
      expect(await readdir(stateDir)).toEqual([]);
    } finally {
      await emulators.close();
    }
  });
});
