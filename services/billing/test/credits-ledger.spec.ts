import {
  CREDITS_CAPTURE,
  CREDITS_RELEASE,
  CREDITS_RESERVE,
  MESSAGES,
  type CreditReservation,
} from '@tourly/contracts';
import { ApiError, RpcClient, rows } from '@tourly/platform';
import { rpcRefusal } from '@tourly/platform/testing';
import { CreditReservationSweep } from '../src/credits/credit-reservation-sweep.service';
import { ledgerInvariantBreaches, ledgerKinds } from './credits-support';
import { startBilling, type Billing, type Person } from './support';

const RPC_TIMEOUT_MS = 20_000;

/**
 * Other services spend credits over request-reply (reserve, capture, release), against the ledger: concurrent
 * spends never take the balance below zero, a retried reserve holds once, and a hold never captured comes back.
 */
describe('credits over request-reply', () => {
  let it_: Billing;
  let admin: Person;

  beforeAll(async () => {
    it_ = await startBilling();
    admin = it_.staff();
  });
  afterAll(async () => {
    try {
      expect(await ledgerInvariantBreaches(it_.billingDb)).toEqual([]);
    } finally {
      await it_.stop();
    }
  });

  const ask = (subject: string, request: object) =>
    it_.service.app.get(RpcClient).ask<CreditReservation>(subject, request, RPC_TIMEOUT_MS);
  async function providerWith(credits: number): Promise<Person> {
    const provider = await it_.signUp('Spending Media');
    await admin
      .send('post', `/admin/providers/${provider.providerId}/credit_adjustments`, {
        category: 'promotional',
        amount: credits,
        note: 'welcome credits',
      })
      .expect(201);
    return provider;
  }
  const balance = async (provider: Person) =>
    (await provider.get('/provider/billing/account/credit_balance').expect(200)).body.data;

  it('lets exactly 10 of 50 concurrent one-credit reserves through a balance of 10', async () => {
    const provider = await providerWith(10);
    const answers = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) =>
        ask(CREDITS_RESERVE, { providerId: provider.providerId, amount: 1, reference: `order:${index}` }),
      ),
    );
    const held = answers.filter((answer) => answer.status === 'fulfilled');
    const refused = answers.filter((answer) => answer.status === 'rejected');
    expect(held).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const answer of refused) {
      const error = (answer as PromiseRejectedResult).reason as ApiError;
      expect(error.getStatus()).toBe(422);
      expect(error.errors).toEqual({ base: [MESSAGES.notEnoughCredits] });
    }
    expect(await balance(provider)).toEqual({
      credit_balance: 10,
      available_balance: 0,
      reserved_balance: 10,
    });
    expect(await ledgerKinds(it_.billingDb, provider.providerId)).toEqual({ adjustment: 1, spend: 10 });
  });

  it('holds once for a retried reserve, and refuses the same reference for another amount', async () => {
    const provider = await providerWith(5);
    const request = { providerId: provider.providerId, amount: 3, reference: 'order:retried' };
    const [first, second] = await Promise.all([ask(CREDITS_RESERVE, request), ask(CREDITS_RESERVE, request)]);
    expect(first).toMatchObject({ reference: 'order:retried', amount: 3, status: 'held' });
    expect(second).toMatchObject({
      reference: 'order:retried',
      amount: 3,
      status: 'held',
      availableBalance: 2,
    });
    expect(await ask(CREDITS_RESERVE, request)).toMatchObject({ status: 'held', availableBalance: 2 });
    expect(await balance(provider)).toEqual({ credit_balance: 5, available_balance: 2, reserved_balance: 3 });

    expect(await rpcRefusal(ask(CREDITS_RESERVE, { ...request, amount: 2 }))).toEqual({
      status: 422,
      errors: { reference: ['was already reserved for another amount'] },
    });
    expect(await rpcRefusal(ask(CREDITS_RESERVE, { ...request, reference: 'order:big', amount: 3 }))).toEqual(
      {
        status: 422,
        errors: { base: ['Provider does not have enough credits'] },
      },
    );
  });

  it('answers one reservation to many callers reserving the same reference at once, holding it once', async () => {
    // Exactly the balance: every caller but the first finds too few credits left, and must still be answered the hold.
    const provider = await providerWith(3);
    const { providerId } = provider;
    const request = { providerId, amount: 3, reference: 'order:everyone' };
    const answers = await Promise.all(Array.from({ length: 12 }, () => ask(CREDITS_RESERVE, request)));
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]).toMatchObject({
      reference: 'order:everyone',
      amount: 3,
      status: 'held',
      availableBalance: 0,
    });
    expect(await ledgerKinds(it_.billingDb, providerId)).toEqual({ adjustment: 1, spend: 1 });
    expect(
      (await it_.published('billing.credits.changed.v1', providerId)).map((event) => [
        event.change,
        event.version,
      ]),
    ).toEqual([
      ['adjustment', 1],
      ['reserve', 2],
    ]);
  });

  it('settles a hold once when captures and releases of it race', async () => {
    const provider = await providerWith(4);
    const { providerId } = provider;
    await ask(CREDITS_RESERVE, { providerId, amount: 4, reference: 'order:raced' });
    const settle = { providerId, reference: 'order:raced' };
    const answers = await Promise.allSettled(
      Array.from({ length: 10 }, (_, index) => ask(index % 2 ? CREDITS_RELEASE : CREDITS_CAPTURE, settle)),
    );
    const statuses = answers.map((answer) =>
      answer.status === 'fulfilled' ? answer.value.status : (answer.reason as ApiError).getStatus(),
    );
    // Whichever came first won; the same verb answers it again, the other one 409.
    const won = statuses.includes('captured') ? 'captured' : 'released';
    expect(statuses.every((status) => status === won || status === 409)).toBe(true);
    expect(statuses.filter((status) => status === won)).toHaveLength(5);
    const changes = (await it_.published('billing.credits.changed.v1', providerId)).map((event) => [
      event.change,
      event.amount,
      event.availableBalance,
      event.reservedBalance,
      event.version,
    ]);
    expect(changes).toEqual([
      ['adjustment', 4, 4, 0, 1],
      ['reserve', -4, 0, 4, 2],
      won === 'captured' ? ['capture', 0, 0, 0, 3] : ['release', 4, 4, 0, 3],
    ]);
    expect(await ledgerKinds(it_.billingDb, providerId)).toEqual(
      won === 'captured' ? { adjustment: 1, spend: 1 } : { adjustment: 1, spend: 1, release: 1 },
    );
  });

  it('captures a hold into a spend and releases another back, each once', async () => {
    const provider = await providerWith(10);
    const { providerId } = provider;
    await ask(CREDITS_RESERVE, { providerId, amount: 4, reference: 'order:completed' });
    await ask(CREDITS_RESERVE, { providerId, amount: 3, reference: 'order:cancelled' });
    expect(await balance(provider)).toEqual({
      credit_balance: 10,
      available_balance: 3,
      reserved_balance: 7,
    });

    const captured = await ask(CREDITS_CAPTURE, { providerId, reference: 'order:completed' });
    expect(captured).toMatchObject({ status: 'captured', amount: 4, availableBalance: 3 });
    expect(await ask(CREDITS_CAPTURE, { providerId, reference: 'order:completed' })).toMatchObject({
      status: 'captured',
    });
    const released = await ask(CREDITS_RELEASE, { providerId, reference: 'order:cancelled' });
    expect(released).toMatchObject({ status: 'released', amount: 3, availableBalance: 6 });
    expect(await ask(CREDITS_RELEASE, { providerId, reference: 'order:cancelled' })).toMatchObject({
      status: 'released',
      availableBalance: 6,
    });
    expect(await balance(provider)).toEqual({ credit_balance: 6, available_balance: 6, reserved_balance: 0 });
    expect(await ledgerKinds(it_.billingDb, providerId)).toEqual({ adjustment: 1, spend: 2, release: 1 });
    const history = (await provider.get('/provider/billing/credit_bundles.json').expect(200)).body.data;
    expect(history.total_count).toBe(4);
    expect(
      history.items.map((item: Record<string, unknown>) => [
        item.kind,
        item.amount,
        item.reference,
        item.status,
      ]),
    ).toEqual([
      ['release', 3, 'order:cancelled', null],
      ['spend', -3, 'order:cancelled', 'released'],
      ['spend', -4, 'order:completed', 'captured'],
      ['adjustment', 10, null, null],
    ]);

    expect(await rpcRefusal(ask(CREDITS_RELEASE, { providerId, reference: 'order:completed' }))).toEqual({
      status: 409,
      errors: { base: ['These credits were already spent.'] },
    });
    expect(await rpcRefusal(ask(CREDITS_CAPTURE, { providerId, reference: 'order:cancelled' }))).toEqual({
      status: 409,
      errors: { base: ['These credits were released; reserve them again.'] },
    });
    expect(await rpcRefusal(ask(CREDITS_CAPTURE, { providerId, reference: 'order:unknown' }))).toEqual({
      status: 404,
      errors: { base: ['No credits are reserved under this reference.'] },
    });

    const changes = (await it_.published('billing.credits.changed.v1', providerId)).map((event) => ({
      change: event.change,
      amount: event.amount,
      availableBalance: event.availableBalance,
      reservedBalance: event.reservedBalance,
      version: event.version,
    }));
    expect(changes).toEqual([
      { change: 'adjustment', amount: 10, availableBalance: 10, reservedBalance: 0, version: 1 },
      { change: 'reserve', amount: -4, availableBalance: 6, reservedBalance: 4, version: 2 },
      { change: 'reserve', amount: -3, availableBalance: 3, reservedBalance: 7, version: 3 },
      { change: 'capture', amount: 0, availableBalance: 3, reservedBalance: 3, version: 4 },
      { change: 'release', amount: 3, availableBalance: 6, reservedBalance: 0, version: 5 },
    ]);
    // Written by the release's own statement: the envelope as the event bus makes it, the data completed.
    const [releasedEvent] = await rows<{ id: string; envelope: Record<string, unknown> }>(
      it_.billingDb.dataSource,
      `SELECT id, envelope FROM outbox WHERE subject = 'billing.credits.changed.v1'
          AND envelope -> 'data' ->> 'provider_id' = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
      [providerId],
    );
    expect(releasedEvent!.envelope).toEqual({
      id: releasedEvent!.id,
      type: 'billing.credits.changed.v1',
      occurred_at: expect.any(String),
      provider_id: providerId,
      data: {
        provider_id: providerId,
        change: 'release',
        category: null,
        amount: 3,
        reference: 'order:cancelled',
        available_balance: 6,
        reserved_balance: 0,
        version: 5,
      },
    });
  });

  it('releases a hold never captured once its time is up, and not one captured', async () => {
    const provider = await providerWith(6);
    const { providerId } = provider;
    const held = await ask(CREDITS_RESERVE, { providerId, amount: 2, reference: 'order:abandoned' });
    // The documented default: seven days.
    expect(Date.parse(held.expiresAt) - Date.now()).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
    await ask(CREDITS_RESERVE, { providerId, amount: 1, reference: 'order:done' });
    await ask(CREDITS_CAPTURE, { providerId, reference: 'order:done' });
    await it_.billingDb.dataSource.query(
      `UPDATE credit_reservations SET expires_at = now() - interval '1 second' WHERE provider_id = $1`,
      [providerId],
    );
    expect(await it_.service.app.get(CreditReservationSweep).runNow()).toBe(1);
    expect(await balance(provider)).toEqual({ credit_balance: 5, available_balance: 5, reserved_balance: 0 });
    expect(await ask(CREDITS_RESERVE, { providerId, amount: 2, reference: 'order:abandoned' })).toMatchObject(
      {
        status: 'released',
      },
    );
    expect(await it_.service.app.get(CreditReservationSweep).runNow()).toBe(0);
  });

  it('holds for the holdSeconds asked (a paused order), and refuses a hold out of range', async () => {
    const provider = await providerWith(5);
    const { providerId } = provider;
    const ninetyDays = 90 * 24 * 3600;
    const before = Date.now();
    const held = await ask(CREDITS_RESERVE, {
      providerId,
      amount: 2,
      reference: 'order:paused',
      holdSeconds: ninetyDays,
    });
    expect(held).toMatchObject({ status: 'held', amount: 2, availableBalance: 3 });
    const expiresIn = Date.parse(held.expiresAt) - before;
    expect(expiresIn).toBeGreaterThan(ninetyDays * 1000 - 60_000);
    expect(expiresIn).toBeLessThan(ninetyDays * 1000 + 60_000);
    // Past the default seven days, the sweep leaves it held.
    await it_.billingDb.dataSource.query(
      `UPDATE credit_reservations SET expires_at = expires_at - interval '720 hours' WHERE provider_id = $1`,
      [providerId],
    );
    expect(await it_.service.app.get(CreditReservationSweep).runNow()).toBe(0);
    // A retried reserve answers the hold as it is, whatever it asks for now.
    const again = await ask(CREDITS_RESERVE, {
      providerId,
      amount: 2,
      reference: 'order:paused',
      holdSeconds: 60,
    });
    expect(again).toMatchObject({ status: 'held', availableBalance: 3 });
    expect(Date.parse(again.expiresAt)).toBe(Date.parse(held.expiresAt) - 30 * 24 * 3600_000);

    for (const holdSeconds of [59, 180 * 24 * 3600 + 1, 3600.5, '3600', null]) {
      expect(
        await rpcRefusal(
          ask(CREDITS_RESERVE, { providerId, amount: 1, reference: 'order:odd', holdSeconds }),
        ),
      ).toEqual({
        status: 422,
        errors: { hold_seconds: ['must be a whole number of seconds from 60 to 15552000 (180 days)'] },
      });
    }
    expect(await balance(provider)).toEqual({ credit_balance: 5, available_balance: 3, reserved_balance: 2 });
  });

  it('keeps the ledger append-only', async () => {
    await expect(
      it_.billingDb.dataSource.query('UPDATE credit_ledger SET amount = amount + 1'),
    ).rejects.toThrow(/append-only/);
    await expect(it_.billingDb.dataSource.query('DELETE FROM credit_ledger')).rejects.toThrow(/append-only/);
  });

  it('refuses malformed requests in words the caller can act on', async () => {
    expect(
      await rpcRefusal(ask(CREDITS_RESERVE, { providerId: 'someone', amount: 0, reference: '' })),
    ).toEqual({
      status: 422,
      errors: {
        provider_id: ['must be a provider id (a UUID)'],
        reference: ['Required'],
        amount: ['must be at least 1'],
      },
    });
    expect(await rpcRefusal(ask(CREDITS_CAPTURE, null as unknown as object))).toEqual({
      status: 422,
      errors: { provider_id: ['must be a provider id (a UUID)'], reference: ['Required'] },
    });
    expect(await rpcRefusal(ask(CREDITS_RELEASE, { reference: 'order:1' }))).toEqual({
      status: 422,
      errors: { provider_id: ['must be a provider id (a UUID)'] },
    });
  });
});
