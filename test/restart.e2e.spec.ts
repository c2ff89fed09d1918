import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BACKEND_SERVICES, DEFAULT_PORTS } from '@tourly/contracts';
import { createTestDatabase, freePort, type TestDatabase } from '@tourly/platform/testing';
import { connectMatterport } from './support/matterport';
import { gatewayClient, type Person } from './support/platform';
import { builtServices, machineLock, nodeProgram, ready, type Program } from './support/processes';

const CARDS = '/provider/billing/account/credit_cards';
const INTENT = '/provider/billing/purchase_credits_payment_intent';
const SUCCESS = '/provider/billing/purchase_credits_success';
const BALANCE = '/provider/billing/account/credit_balance';
const PLAN = '/provider/billing/service_plan_subscription';
const MODELS = '/provider/matterport_api/models';

/**
 * `npm start`, a paid journey, then Ctrl-C (or kill -9) and `npm start` again on the same data directory: the
 * all-in-one process with everything of its own (its vendor emulators, in-process events), only the database given.
 * What a provider set up with Stripe and Matterport before the restart still works after it, and what was under way
 * (a 3-D Secure payment) can be finished.
 */
describe('the all-in-one restarted on its data', () => {
  let database: TestDatabase;
  let dataDir: string;
  let allInOne: Program;
  let gatewayUrl: string;
  let emulatorsUrl: string;
  let people: ReturnType<typeof gatewayClient>;
  let provider: Person;
  let card: string;
  let releasePorts: (() => void) | undefined;

  const allReady = () =>
    Promise.all(
      [gatewayUrl, ...BACKEND_SERVICES.map((name) => `http://127.0.0.1:${DEFAULT_PORTS[name]}`)].map((url) =>
        ready(url, 90_000),
      ),
    );
  const report = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      console.error(`the all-in-one's last lines:\n${allInOne?.output()}`);
      throw error;
    }
  };

  /** What the provider sees of its billing and Matterport: the same before and after every restart. */
  async function whatTheProviderSees() {
    const [cards, plan, balance, models] = await Promise.all([
      provider.get(CARDS),
      provider.get(PLAN),
      provider.get(BALANCE),
      provider.get(MODELS),
    ]);
    return {
      cards: [cards.status, cards.body.data?.map((c: { id: string; last4: string }) => [c.id, c.last4])],
      plan: [plan.status, plan.body.data?.product_code],
      balance: [balance.status, balance.body.data?.available_balance],
      models: [models.status, models.body.data?.connection, models.body.data?.total_results],
    };
  }

  beforeAll(async () => {
    // The all-in-one puts its services on their conventional ports: one such process on the machine at a time.
    releasePorts = await machineLock('all-in-one-ports');
    const [, gatewayPort, emulatorsPort, dir, created] = await Promise.all([
      builtServices(),
      freePort(),
      freePort(),
      mkdtemp(path.join(tmpdir(), 'tourly-restart-data-')),
      createTestDatabase(),
    ]);
    database = created;
    dataDir = dir;
    gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
    emulatorsUrl = `http://127.0.0.1:${emulatorsPort}`;
    allInOne = nodeProgram('all-in-one', 'infra/launcher/dist/all-in-one.js', {
      DATABASE_URL: database.url,
      PORT: String(gatewayPort),
      EMULATORS_PORT: String(emulatorsPort),
      TOURLY_DATA_DIR: dataDir,
      // Nothing here uploads: an endpoint nothing calls keeps the local S3 off its fixed port.
      S3_ENDPOINT: 'http://127.0.0.1:9',
      LOG_LEVEL: 'warn',
      CREDENTIAL_RATE_LIMIT: '100000',
    });
    allInOne.start();
    await report(allReady);
    people = gatewayClient(gatewayUrl, emulatorsUrl);
  }, 180_000);

  afterAll(async () => {
    await allInOne?.stop();
    releasePorts?.();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('keeps a paying provider’s cards, plan, credits and Matterport connection through kill -9 and Ctrl-C', async () => {
    await report(async () => {
      provider = await people.signUp('Restart Media');
      await provider
        .send('put', '/provider/billing/account', {
          name: 'Restart Media',
          email: 'accounts@restart.test',
          address: '1 Harbour Road, Sydney',
          country: 'AU',
          currency: 'usd',
        })
        .expect(200);
      card = await people.saveCard(provider, 'pm_card_visa');
      const starter = await provider.send('put', PLAN, {
        service_plan_subscription: {
          product_code: 'starter_plan',
          interval: 'month',
          payment_method_id: card,
        },
      });
      expect(starter.body.data?.result).toBe('success');
      const bought = await provider.send('post', INTENT, { credits_qty: 50, payment_method_id: card });
      expect(bought.body.data).toMatchObject({ result: 'success' });
      await connectMatterport(gatewayUrl, provider, 'harbour-studio');

      // Under way at the kill: a purchase whose 3-D Secure the person has not completed yet.
      const started = await provider.send('post', INTENT, { credits_qty: 10 }).expect(201);
      const { id: pending, client_secret: clientSecret } = started.body.data;
      const confirm = await fetch(`${emulatorsUrl}/v1/payment_intents/${pending}/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          key: 'pk_test_emulator',
          client_secret: clientSecret,
          payment_method: 'pm_card_authenticationRequired',
        }).toString(),
      });
      expect(((await confirm.json()) as { status: string }).status).toBe('requires_action');

      const before = await whatTheProviderSees();
      expect(before).toEqual({
        cards: [200, [[card, '4242']]],
        plan: [200, 'starter_plan'],
        balance: [200, 50],
        models: [200, 'connected', 4],
      });

      await allInOne.kill9();
      allInOne.start();
      await allReady();
      expect(await whatTheProviderSees()).toEqual(before);

      // The purchase under way is finished after the restart, and a new one is paid with the kept card.
      expect((await people.authenticate(clientSecret, 'complete')).status).toBe('succeeded');
      const finished = await provider.send('post', SUCCESS, { payment_intent_id: pending });
      expect(finished.body.data).toMatchObject({ result: 'success', credits_qty: 10 });
      const again = await provider.send('post', INTENT, { credits_qty: 5, payment_method_id: card });
      expect(again.status).toBe(201);
      expect(again.body.data).toMatchObject({ result: 'success' });

      await allInOne.stop();
      allInOne.start();
      await allReady();
      expect(await whatTheProviderSees()).toEqual({ ...before, balance: [200, 65] });
      // Billing still changes the plan at Stripe: Starter to VT Creator, charged to the kept card.
      const upgraded = await provider.send('put', PLAN, {
        service_plan_subscription: {
          product_code: 'vt_creator_plan',
          interval: 'month',
          payment_method_id: card,
        },
      });
      expect(upgraded.body.data?.result).toBe('success');
    });
  }, 240_000);
});
