import type { Currency } from '@tourly/contracts';
import { one, rows } from '@tourly/platform';
import { ledgerInvariantBreaches, ledgerKinds } from './credits-support';
import { startBilling, type Billing, type Person } from './support';

const ADMIN = '/admin/vouchers';
const REDEEM = '/provider/billing/vouchers/redeem';
const REDEEMED = '/provider/billing/vouchers';
const BALANCE = '/provider/billing/account/credit_balance';
const PRICE = '/provider/billing/calculate_credits_price';
const INTENT = '/provider/billing/purchase_credits_payment_intent';
const SUCCESS = '/provider/billing/purchase_credits_success';
const UNKNOWN = '01a20000-0000-7000-8000-000000000000';

const CODE_RULE = 'must be 3 to 40 characters, each a letter A-Z, a digit 0-9, - or _';
const CREDITS_OR_DISCOUNT = 'Give the voucher either credits or a discount, not both.';
const LOCKED = 'can no longer change: the voucher has been redeemed';
const NOT_VALID = 'This voucher code is not valid; check it and try again.';
const EXPIRED = 'This voucher has expired.';
const FULLY_REDEEMED = 'This voucher has been fully redeemed.';
const ALREADY_REDEEMED = 'Your account has already redeemed this voucher.';
const DISCOUNT_WAITING = 'You already have a voucher discount waiting for your next credits purchase.';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Vouchers through billing's HTTP routes: the back office's codes (react-admin's flat records, validation, archive,
 * the redemptions CSV), providers redeeming them (credits at once through the ledger, each refusal in its words, a
 * limit never passed by concurrent redemptions, each provider's own list), and a discount voucher on the next credits
 * purchase (priced, claimed by one payment intent, used when it is paid).
 */
describe('vouchers', () => {
  let it_: Billing;
  let serial = 0;
  const admin = () => it_.staff();

  beforeAll(async () => {
    it_ = await startBilling();
  });
  afterAll(async () => {
    try {
      await it_.settled();
      expect(await ledgerInvariantBreaches(it_.billingDb)).toEqual([]);
    } finally {
      await it_.stop();
    }
  });

  /** A code no other test uses. */
  const aCode = (prefix: string) => `${prefix}-${++serial}`;

  async function aVoucher(body: Record<string, unknown>): Promise<Record<string, unknown> & { id: string }> {
    const created = await admin().send('post', ADMIN, body);
    if (created.status !== 201) throw new Error(`voucher refused: ${created.status} ${created.text}`);
    return created.body.data;
  }

  async function accountIn(name: string, currency: Currency = 'usd'): Promise<Person> {
    const person = await it_.signUp(name);
    await person
      .send('put', '/provider/billing/account', {
        name,
        email: 'billing@vouchers.test',
        address: '1 Main St',
        country: 'NZ',
        currency,
      })
      .expect(200);
    return person;
  }

  const redeem = (person: Person, code: string) => person.send('post', REDEEM, { code });
  const balanceOf = async (person: Person) => (await person.get(BALANCE).expect(200)).body.data;
  const voucherRows = async () =>
    (await one<{ count: number }>(it_.billingDb.dataSource, 'SELECT count(*)::int AS count FROM vouchers'))!
      .count;
  const redemptionOf = (voucherId: string, providerId: string) =>
    one<{ paymentIntentId: string | null; usedAt: Date | null; redeemedBy: string | null; redeemedAt: Date }>(
      it_.billingDb.dataSource,
      `SELECT payment_intent_id AS "paymentIntentId", used_at AS "usedAt", redeemed_by AS "redeemedBy",
              redeemed_at AS "redeemedAt"
         FROM voucher_redemptions WHERE voucher_id = $1 AND provider_id = $2`,
      [voucherId, providerId],
    );
  const purchaseOf = (paymentIntentId: string) =>
    one<{
      status: string;
      voucherCode: string | null;
      voucherDiscountPercent: number | null;
      amount: number;
    }>(
      it_.billingDb.dataSource,
      `SELECT status, voucher_code AS "voucherCode", voucher_discount_percent AS "voucherDiscountPercent",
              amount_in_cents AS amount
         FROM credit_purchases WHERE payment_intent_id = $1`,
      [paymentIntentId],
    );
  async function confirmOnPage(intentId: string, clientSecret: string, card: string) {
    const response = await fetch(`${it_.emulators.url}/v1/payment_intents/${intentId}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        key: 'pk_test_tourly_local',
        client_secret: clientSecret,
        payment_method: card,
      }).toString(),
    });
    return (await response.json()) as { status: string };
  }

  describe('the back office', () => {
    it('creates a voucher: the code trimmed and upper-cased, promotional by default, active', async () => {
      const before = Date.now();
      const created = await admin().send('post', ADMIN, { code: '  spring-10 ', credits: 10 });
      expect(created.status).toBe(201);
      expect(created.body.data).toEqual({
        id: expect.stringMatching(UUID),
        code: 'SPRING-10',
        description: null,
        credits: 10,
        discount_percent: null,
        category: 'promotional',
        redemption_limit: null,
        redemptions_count: 0,
        expires_at: null,
        status: 'active',
        created_at: expect.stringMatching(ISO),
        updated_at: expect.stringMatching(ISO),
      });
      expect(Date.parse(created.body.data.created_at)).toBeGreaterThanOrEqual(before - 1000);
      const shown = await admin().get(`${ADMIN}/${created.body.data.id}`);
      expect(shown.status).toBe(200);
      expect(shown.body.data).toEqual(created.body.data);

      const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
      const discount = await admin().send('post', ADMIN, {
        code: 'Welcome_25',
        description: '  25% off your next credits  ',
        discount_percent: 25,
        category: 'customer_loyalty',
        redemption_limit: 100,
        expires_at: expiresAt,
        credits: null,
      });
      expect(discount.status).toBe(201);
      expect(discount.body.data).toMatchObject({
        code: 'WELCOME_25',
        description: '25% off your next credits',
        credits: null,
        discount_percent: 25,
        category: 'customer_loyalty',
        redemption_limit: 100,
        redemptions_count: 0,
        expires_at: expiresAt,
        status: 'active',
      });
      const row = await one<{ createdBy: string }>(
        it_.billingDb.dataSource,
        'SELECT created_by AS "createdBy" FROM vouchers WHERE id = $1',
        [discount.body.data.id],
      );
      expect(row?.createdBy).toMatch(UUID);
    });

    it.each([
      [{}, { code: ['Required'] }],
      [{ code: '   ', credits: 1 }, { code: ['Required'] }],
      [{ code: 'ab', credits: 1 }, { code: [CODE_RULE] }],
      [{ code: 'x'.repeat(41), credits: 1 }, { code: [CODE_RULE] }],
      [{ code: 'two words', credits: 1 }, { code: [CODE_RULE] }],
      [{ code: 'HALF!OFF', credits: 1 }, { code: [CODE_RULE] }],
      [{ code: 7, credits: 1 }, { code: ['Required'] }],
      [{ code: 'OK-CODE', credits: 0 }, { credits: ['must be at least 1'] }],
      [{ code: 'OK-CODE', credits: 100_001 }, { credits: ['must be at most 100000'] }],
      [{ code: 'OK-CODE', credits: 1.5 }, { credits: ['must be a whole number'] }],
      [{ code: 'OK-CODE', credits: '5' }, { credits: ['must be a whole number'] }],
      [{ code: 'OK-CODE', discount_percent: 0 }, { discount_percent: ['must be at least 1'] }],
      [{ code: 'OK-CODE', discount_percent: 100 }, { discount_percent: ['must be at most 99'] }],
      [{ code: 'OK-CODE', credits: 5, discount_percent: 5 }, { base: [CREDITS_OR_DISCOUNT] }],
      [{ code: 'OK-CODE' }, { base: [CREDITS_OR_DISCOUNT] }],
      [{ code: 'OK-CODE', credits: null, discount_percent: null }, { base: [CREDITS_OR_DISCOUNT] }],
      [
        { code: 'OK-CODE', credits: 5, expires_at: '2020-01-01T00:00:00Z' },
        { expires_at: ['must be in the future'] },
      ],
      [
        { code: 'OK-CODE', expires_at: '2020-01-01T00:00:00Z' },
        { base: [CREDITS_OR_DISCOUNT], expires_at: ['must be in the future'] },
      ],
      [{ code: 'OK-CODE', credits: 5, expires_at: 'next week' }, { expires_at: ['Invalid Date'] }],
      [
        { code: 'OK-CODE', credits: 5, category: 'gift' },
        { category: [expect.stringMatching(/^must be one of: customer_purchase, /)] },
      ],
      [{ code: 'OK-CODE', credits: 5, redemption_limit: 0 }, { redemption_limit: ['must be at least 1'] }],
      [
        { code: 'OK-CODE', credits: 5, description: 'x'.repeat(501) },
        { description: ['must be at most 500 characters'] },
      ],
    ])('refuses %j with 422, storing nothing', async (body, errors) => {
      const before = await voucherRows();
      const answer = await admin().send('post', ADMIN, body);
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual(errors);
      expect(await voucherRows()).toBe(before);
    });

    it('refuses a code another voucher has, whatever its case, archived or not', async () => {
      const taken = await aVoucher({ code: aCode('TAKEN'), credits: 1 });
      const again = await admin().send('post', ADMIN, {
        code: String(taken.code).toLowerCase(),
        discount_percent: 5,
      });
      expect(again.status).toBe(422);
      expect(again.body.errors).toEqual({ code: ['has already been taken'] });
      await admin().send('delete', `${ADMIN}/${taken.id}`).expect(200);
      const afterArchive = await admin().send('post', ADMIN, { code: taken.code, credits: 1 });
      expect(afterArchive.body.errors).toEqual({ code: ['has already been taken'] });

      const other = await aVoucher({ code: aCode('OTHER'), credits: 1 });
      const renamed = await admin().send('put', `${ADMIN}/${other.id}`, { code: taken.code, credits: 1 });
      expect(renamed.status).toBe(422);
      expect(renamed.body.errors).toEqual({ code: ['has already been taken'] });
    });

    it('lists the vouchers newest first, a page at a time, searching code and description, archived left out', async () => {
      const tag = `LIST${Date.now()}`;
      const first = await aVoucher({ code: `${tag}-A`, credits: 1 });
      const second = await aVoucher({
        code: aCode('PLAIN'),
        credits: 2,
        description: `Spring ${tag}`.toLowerCase(),
      });
      const third = await aVoucher({ code: `${tag}-C`, discount_percent: 10 });
      const archived = await aVoucher({ code: `${tag}-D`, credits: 3 });
      await admin().send('delete', `${ADMIN}/${archived.id}`).expect(200);

      const found = await admin().get(`${ADMIN}?search=${tag.toLowerCase()}&page=1&page_size=2`);
      expect(found.status).toBe(200);
      expect(found.body.data).toMatchObject({ current_page: 1, total_pages: 2, total_count: 3 });
      expect(found.body.data.items.map((item: { id: string }) => item.id)).toEqual([third.id, second.id]);
      const next = await admin().get(`${ADMIN}?search=${tag}&page=2&page_size=2`).expect(200);
      expect(next.body.data.items).toEqual([first]);

      const wildcard = await admin().get(`${ADMIN}?search=%25_`).expect(200);
      expect(wildcard.body.data.total_count).toBe(0);
      const everything = await admin().get(`${ADMIN}?page_size=100`).expect(200);
      expect(everything.body.data.items.map((item: { id: string }) => item.id)).not.toContain(archived.id);
      expect(everything.body.data.items[0].id).toBe(third.id);

      const badPage = await admin().get(`${ADMIN}?page=0`);
      expect(badPage.status).toBe(422);
      expect(badPage.body.errors).toEqual({ page: ['must be at least 1'] });
    });

    it('changes a voucher until it is redeemed; then only its description, limit and expiry', async () => {
      const voucher = await aVoucher({ code: aCode('CHANGE'), credits: 10, category: 'trial' });
      const changed = await admin().send('put', `${ADMIN}/${voucher.id}`, {
        ...voucher,
        code: `${String(voucher.code)}-X`.toLowerCase(),
        credits: null,
        discount_percent: 15,
        category: 'customer_retention',
      });
      expect(changed.status).toBe(200);
      expect(changed.body.data).toEqual({
        ...voucher,
        code: `${String(voucher.code)}-X`,
        credits: null,
        discount_percent: 15,
        category: 'customer_retention',
        updated_at: expect.stringMatching(ISO),
      });
      expect(Date.parse(changed.body.data.updated_at)).toBeGreaterThanOrEqual(
        Date.parse(String(voucher.updated_at)),
      );

      // Back to credits; two providers redeem it.
      const terms = { code: voucher.code, credits: 10, category: 'trial' };
      await admin().send('put', `${ADMIN}/${voucher.id}`, terms).expect(200);
      for (const name of ['First Redeemer', 'Second Redeemer']) {
        expect((await redeem(await it_.signUp(name), String(voucher.code))).status).toBe(201);
      }

      const locked = await admin().send('put', `${ADMIN}/${voucher.id}`, {
        code: 'SOMETHING-ELSE',
        credits: null,
        discount_percent: 10,
        category: 'other',
        redemption_limit: 1,
      });
      expect(locked.status).toBe(422);
      expect(locked.body.errors).toEqual({
        code: [LOCKED],
        credits: [LOCKED],
        discount_percent: [LOCKED],
        category: [LOCKED],
        redemption_limit: ['must be at least 2, the redemptions so far'],
      });

      const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
      const allowed = await admin().send('put', `${ADMIN}/${voucher.id}`, {
        ...terms,
        code: String(voucher.code).toLowerCase(),
        description: 'Trial credits',
        redemption_limit: 2,
        expires_at: expiresAt,
        id: voucher.id,
        status: 'active',
        redemptions_count: 99,
      });
      expect(allowed.status).toBe(200);
      expect(allowed.body.data).toMatchObject({
        code: voucher.code,
        description: 'Trial credits',
        credits: 10,
        category: 'trial',
        redemption_limit: 2,
        redemptions_count: 2,
        expires_at: expiresAt,
        status: 'fully_redeemed',
      });

      // Expired since: its other terms still change, the passed expiry left as it is.
      await it_.billingDb.dataSource.query(
        "UPDATE vouchers SET expires_at = now() - interval '1 hour' WHERE id = $1",
        [voucher.id],
      );
      const expired = (await admin().get(`${ADMIN}/${voucher.id}`).expect(200)).body.data;
      expect(expired.status).toBe('expired');
      const described = await admin().send('put', `${ADMIN}/${voucher.id}`, {
        ...terms,
        description: 'Old trial credits',
        redemption_limit: 2,
        expires_at: expired.expires_at,
      });
      expect(described.status).toBe(200);
      expect(described.body.data).toMatchObject({ description: 'Old trial credits', status: 'expired' });
      const moved = await admin().send('put', `${ADMIN}/${voucher.id}`, {
        ...terms,
        expires_at: new Date(Date.now() - 60_000).toISOString(),
      });
      expect(moved.status).toBe(422);
      expect(moved.body.errors).toEqual({ expires_at: ['must be in the future'] });
    });

    it('archives a voucher: no longer listed or redeemable; its redemptions and ledger rows stay', async () => {
      const voucher = await aVoucher({ code: aCode('ARCHIVE'), credits: 4 });
      const holder = await it_.signUp('Archive Holder');
      await redeem(holder, String(voucher.code)).expect(201);

      const archived = await admin().send('delete', `${ADMIN}/${voucher.id}`);
      expect(archived.status).toBe(200);
      expect(archived.body.data).toEqual({
        ...voucher,
        redemptions_count: 1,
        status: 'archived',
        updated_at: expect.stringMatching(ISO),
      });
      const again = await admin().send('delete', `${ADMIN}/${voucher.id}`);
      expect(again.status).toBe(200);
      expect(again.body.data).toEqual(archived.body.data);
      expect((await admin().get(`${ADMIN}/${voucher.id}`).expect(200)).body.data).toEqual(archived.body.data);

      const changed = await admin().send('put', `${ADMIN}/${voucher.id}`, { code: voucher.code, credits: 4 });
      expect(changed.status).toBe(409);
      expect(changed.body.errors).toEqual({ base: ['This voucher is archived; it can no longer change.'] });

      const late = await redeem(await it_.signUp('Late Comer'), String(voucher.code));
      expect(late.status).toBe(422);
      expect(late.body.errors).toEqual({ code: [NOT_VALID] });

      expect(await balanceOf(holder)).toEqual({
        credit_balance: 4,
        available_balance: 4,
        reserved_balance: 0,
      });
      expect(await ledgerKinds(it_.billingDb, holder.providerId)).toEqual({ voucher: 1 });
      const listed = (await holder.get(REDEEMED).expect(200)).body.data;
      expect(listed.items).toEqual([expect.objectContaining({ code: voucher.code, credits: 4 })]);
    });

    it('answers 404 for an unknown or malformed id, in JSON, the CSV too', async () => {
      for (const id of [UNKNOWN, 'not-an-id', '1']) {
        const answers = [
          await admin().get(`${ADMIN}/${id}`),
          await admin().send('put', `${ADMIN}/${id}`, { code: 'WHATEVER', credits: 1 }),
          await admin().send('delete', `${ADMIN}/${id}`),
          await admin().get(`${ADMIN}/${id}.csv`),
        ];
        for (const answer of answers) {
          expect(answer.status).toBe(404);
          expect(answer.headers['content-type']).toMatch(/^application\/json/);
          expect(answer.body).toEqual({ errors: { base: ['Voucher not found'] } });
        }
      }
    });

    it('is the back office’s alone: a provider’s admin is refused (403)', async () => {
      const voucher = await aVoucher({ code: aCode('STAFF-ONLY'), credits: 1 });
      const provider = await it_.signUp('Curious Provider');
      const answers = [
        await provider.get(ADMIN),
        await provider.get(`${ADMIN}/${voucher.id}`),
        await provider.get(`${ADMIN}/${voucher.id}.csv`),
        await provider.send('post', ADMIN, { code: 'MINE', credits: 100_000 }),
        await provider.send('put', `${ADMIN}/${voucher.id}`, { code: voucher.code, credits: 100_000 }),
        await provider.send('delete', `${ADMIN}/${voucher.id}`),
      ];
      expect(answers.map((answer) => answer.status)).toEqual([403, 403, 403, 403, 403, 403]);
      for (const answer of answers) expect(answer.body.errors).toEqual({ base: [expect.any(String)] });
      expect((await admin().get(`${ADMIN}/${voucher.id}`).expect(200)).body.data).toEqual(voucher);
    });
  });

  describe('redeeming', () => {
    it('grants a credits voucher at once: the balance, a voucher ledger row with its category and code, the history', async () => {
      const voucher = await aVoucher({
        code: aCode('GIFT'),
        description: 'Ten credits on us',
        credits: 10,
        category: 'customer_loyalty',
      });
      const provider = await it_.signUp('Gift Receiver');
      const answer = await redeem(provider, `  ${String(voucher.code).toLowerCase()} `);
      expect(answer.status).toBe(201);
      expect(answer.body.data).toEqual({
        voucher: {
          code: voucher.code,
          description: 'Ten credits on us',
          credits: 10,
          discount_percent: null,
        },
        balance: { credit_balance: 10, available_balance: 10, reserved_balance: 0 },
      });
      expect(await balanceOf(provider)).toEqual({
        credit_balance: 10,
        available_balance: 10,
        reserved_balance: 0,
      });

      const redemption = await redemptionOf(voucher.id, provider.providerId);
      expect(redemption).toEqual({
        paymentIntentId: null,
        usedAt: null,
        redeemedBy: expect.stringMatching(UUID),
        redeemedAt: expect.any(Date),
      });
      const history = (await provider.get('/provider/billing/credit_bundles.json').expect(200)).body.data;
      expect(history).toMatchObject({ current_page: 1, total_pages: 1, total_count: 1 });
      expect(history.items).toEqual([
        {
          id: expect.any(Number),
          kind: 'voucher',
          category: 'customer_loyalty',
          amount: 10,
          actor: redemption!.redeemedBy,
          reference: voucher.id,
          note: voucher.code,
          status: null,
          created_at: expect.stringMatching(ISO),
        },
      ]);
      await it_.settled();
      expect(await it_.published('billing.credits.changed.v1', provider.providerId)).toEqual([
        expect.objectContaining({
          providerId: provider.providerId,
          change: 'voucher',
          category: 'customer_loyalty',
          amount: 10,
          reference: voucher.id,
          availableBalance: 10,
          reservedBalance: 0,
        }),
      ]);

      const mine = (await provider.get(REDEEMED).expect(200)).body.data;
      expect(mine).toEqual({
        items: [
          {
            code: voucher.code,
            description: 'Ten credits on us',
            credits: 10,
            discount_percent: null,
            redeemed_at: redemption!.redeemedAt.toISOString(),
            used_at: null,
            waiting: false,
          },
        ],
        current_page: 1,
        total_pages: 1,
        total_count: 1,
      });
      expect((await admin().get(`${ADMIN}/${voucher.id}`).expect(200)).body.data.redemptions_count).toBe(1);
    });

    it('refuses, in the page’s words: not valid, already redeemed, expired, fully redeemed, a second discount', async () => {
      const provider = await it_.signUp('Refused Redeemer');
      const once = await aVoucher({ code: aCode('ONCE'), credits: 1 });
      const expired = await aVoucher({ code: aCode('OLD'), credits: 1 });
      await it_.billingDb.dataSource.query(
        "UPDATE vouchers SET expires_at = now() - interval '1 second' WHERE id = $1",
        [expired.id],
      );
      const full = await aVoucher({ code: aCode('FULL'), credits: 1, redemption_limit: 1 });
      await redeem(await it_.signUp('First In'), String(full.code)).expect(201);
      const firstDiscount = await aVoucher({ code: aCode('TENOFF'), discount_percent: 10 });
      const secondDiscount = await aVoucher({ code: aCode('TWENTYOFF'), discount_percent: 20 });
      const archived = await aVoucher({ code: aCode('GONE'), credits: 1 });
      await admin().send('delete', `${ADMIN}/${archived.id}`).expect(200);

      await redeem(provider, String(once.code)).expect(201);
      await redeem(provider, String(firstDiscount.code)).expect(201);
      const refusals = {
        unknown: await redeem(provider, 'NO-SUCH-CODE'),
        malformed: await redeem(provider, 'not a code!'),
        archived: await redeem(provider, String(archived.code)),
        again: await redeem(provider, String(once.code).toLowerCase()),
        expired: await redeem(provider, String(expired.code)),
        full: await redeem(provider, String(full.code)),
        secondDiscount: await redeem(provider, String(secondDiscount.code)),
        missing: await provider.send('post', REDEEM, {}),
      };
      expect(
        Object.fromEntries(
          Object.entries(refusals).map(([name, answer]) => [name, [answer.status, answer.body]]),
        ),
      ).toEqual({
        unknown: [422, { errors: { code: [NOT_VALID] } }],
        malformed: [422, { errors: { code: [NOT_VALID] } }],
        archived: [422, { errors: { code: [NOT_VALID] } }],
        again: [422, { errors: { code: [ALREADY_REDEEMED] } }],
        expired: [422, { errors: { code: [EXPIRED] } }],
        full: [422, { errors: { code: [FULLY_REDEEMED] } }],
        secondDiscount: [422, { errors: { code: [DISCOUNT_WAITING] } }],
        missing: [422, { errors: { code: ['Required'] } }],
      });
      expect((await admin().get(`${ADMIN}/${expired.id}`).expect(200)).body.data.status).toBe('expired');
      expect((await admin().get(`${ADMIN}/${full.id}`).expect(200)).body.data.status).toBe('fully_redeemed');

      // Credits while a discount waits are fine; the refused ones left nothing behind.
      await redeem(provider, String((await aVoucher({ code: aCode('MORE'), credits: 2 })).code)).expect(201);
      expect(await balanceOf(provider)).toMatchObject({ available_balance: 3 });
      const mine = (await provider.get(REDEEMED).expect(200)).body.data;
      expect(mine.total_count).toBe(3);
      expect(mine.items.map((item: { code: string; waiting: boolean }) => [item.code, item.waiting])).toEqual(
        expect.arrayContaining([[firstDiscount.code, true]]),
      );
    });

    it('never passes a limit: 20 providers redeeming a limit-5 voucher at once, exactly 5 succeed', async () => {
      const voucher = await aVoucher({ code: aCode('RUSH'), credits: 3, redemption_limit: 5 });
      const providers = await Promise.all(Array.from({ length: 20 }, (_, n) => it_.signUp(`Rusher ${n}`)));
      const answers = await Promise.all(providers.map((provider) => redeem(provider, String(voucher.code))));
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([...Array(5).fill(201), ...Array(15).fill(422)]);
      for (const answer of answers.filter((one) => one.status === 422)) {
        expect(answer.body.errors).toEqual({ code: [FULLY_REDEEMED] });
      }
      const shown = (await admin().get(`${ADMIN}/${voucher.id}`).expect(200)).body.data;
      expect(shown).toMatchObject({ redemptions_count: 5, status: 'fully_redeemed' });
      const granted = await rows<{ providerId: string }>(
        it_.billingDb.dataSource,
        `SELECT provider_id AS "providerId" FROM credit_ledger WHERE kind = 'voucher' AND reference = $1`,
        [voucher.id],
      );
      expect(granted).toHaveLength(5);
      const winners = providers.filter((_, n) => answers[n]!.status === 201).map((p) => p.providerId);
      expect(granted.map((row) => row.providerId).sort()).toEqual([...winners].sort());
    });

    it('keeps each provider’s redemptions its own, and is for the provider’s admins', async () => {
      const voucher = await aVoucher({ code: aCode('MINE'), credits: 2 });
      const owner = await it_.signUp('Voucher Owner');
      const stranger = await it_.signUp('Voucher Stranger');
      await redeem(owner, String(voucher.code)).expect(201);
      expect((await owner.get(REDEEMED).expect(200)).body.data.total_count).toBe(1);
      expect((await stranger.get(REDEEMED).expect(200)).body.data).toEqual({
        items: [],
        current_page: 1,
        total_pages: 0,
        total_count: 0,
      });
      expect(await balanceOf(stranger)).toMatchObject({ credit_balance: 0 });

      const member = await it_.signUp('Member Only', 'member');
      expect((await redeem(member, String(voucher.code))).status).toBe(403);
      expect((await member.get(REDEEMED)).status).toBe(403);
      expect((await admin().send('post', REDEEM, { code: voucher.code })).status).toBe(403);
    });
  });

  describe('a discount on the next credits purchase', () => {
    it('prices the purchase with it, charges the exact total, and is used when the purchase is paid', async () => {
      const voucher = await aVoucher({ code: aCode('QUARTER'), discount_percent: 25 });
      const buyer = await accountIn('Discount Buyers');
      const visa = await it_.saveCard(buyer, 'pm_card_visa');
      const redeemed = await redeem(buyer, String(voucher.code));
      expect(redeemed.status).toBe(201);
      expect(redeemed.body.data).toEqual({
        voucher: { code: voucher.code, description: null, credits: null, discount_percent: 25 },
        balance: { credit_balance: 0, available_balance: 0, reserved_balance: 0 },
      });
      expect(await ledgerKinds(it_.billingDb, buyer.providerId)).toEqual({});

      const price = await buyer.get(`${PRICE}?credits_qty=50`);
      expect(price.status).toBe(200);
      expect(price.body.data).toEqual({
        credits_qty: 50,
        currency: 'usd',
        unit_price_in_cents: 100,
        bundle: 'medium',
        discount_percent: 20,
        subtotal_in_cents: 5000,
        discount_in_cents: 2000,
        voucher: { code: voucher.code, discount_percent: 25 },
        voucher_discount_in_cents: 1000,
        total_in_cents: 3000,
      });

      // A first attempt, confirmed on the page: it claims the discount.
      const first = await buyer.send('post', INTENT, { credits_qty: 50 });
      expect(first.status).toBe(201);
      expect(first.body.data).toMatchObject({
        ...price.body.data,
        result: 'requires_payment_method',
      });
      const firstId = first.body.data.id as string;
      expect(await redemptionOf(voucher.id, buyer.providerId)).toMatchObject({
        paymentIntentId: firstId,
        usedAt: null,
      });
      const firstIntent = await it_.stripe.paymentIntents.retrieve(firstId);
      expect(firstIntent).toMatchObject({ amount: 3000, currency: 'usd', status: 'requires_payment_method' });
      expect(firstIntent.metadata).toEqual({
        kind: 'credits_purchase',
        provider_id: buyer.providerId,
        credits_qty: '50',
        voucher_code: voucher.code,
        voucher_discount_percent: '25',
      });

      // The page is left; a second attempt with the saved card: the first is cancelled, the second has it.
      const second = await buyer.send('post', INTENT, { credits_qty: 50, payment_method_id: visa });
      expect(second.status).toBe(201);
      expect(second.body.data).toMatchObject({
        result: 'success',
        total_in_cents: 3000,
        voucher: { code: voucher.code, discount_percent: 25 },
      });
      const secondId = second.body.data.id as string;
      expect(await it_.stripe.paymentIntents.retrieve(firstId)).toMatchObject({ status: 'canceled' });
      expect(await it_.stripe.paymentIntents.retrieve(secondId)).toMatchObject({
        amount: 3000,
        status: 'succeeded',
      });
      const redemption = await redemptionOf(voucher.id, buyer.providerId);
      expect(redemption).toMatchObject({ paymentIntentId: secondId, usedAt: expect.any(Date) });
      // The first purchase's row learns of its cancellation from Stripe's webhook, a moment after the answer.
      await it_.settled();
      expect(await purchaseOf(firstId)).toEqual({
        status: 'canceled',
        voucherCode: voucher.code,
        voucherDiscountPercent: 25,
        amount: 3000,
      });
      expect(await purchaseOf(secondId)).toEqual({
        status: 'succeeded',
        voucherCode: voucher.code,
        voucherDiscountPercent: 25,
        amount: 3000,
      });
      expect(await balanceOf(buyer)).toEqual({
        credit_balance: 50,
        available_balance: 50,
        reserved_balance: 0,
      });

      // The first one can no longer be paid; the success call says it was cancelled.
      const late = await buyer.send('post', SUCCESS, { payment_intent_id: firstId });
      expect(late.status).toBe(422);
      expect(late.body.errors).toEqual({ base: ['This payment was cancelled; start a new purchase.'] });

      // Used: the next purchase is at the bundle's price.
      await it_.settled();
      expect((await buyer.get(`${PRICE}?credits_qty=50`).expect(200)).body.data).toMatchObject({
        voucher: null,
        voucher_discount_in_cents: 0,
        discount_in_cents: 1000,
        total_in_cents: 4000,
      });
      const third = await buyer.send('post', INTENT, { credits_qty: 50 });
      expect(third.body.data).toMatchObject({ voucher: null, total_in_cents: 4000 });
      const purchases = (await buyer.get('/provider/billing/credit_purchases').expect(200)).body.data.items;
      expect(
        purchases.map((item: Record<string, unknown>) => [
          item.id,
          item.status,
          item.voucher_code,
          item.voucher_discount_percent,
          item.amount_in_cents,
        ]),
      ).toEqual([
        [third.body.data.id, 'requires_payment_method', null, null, 4000],
        [secondId, 'succeeded', voucher.code, 25, 3000],
        [firstId, 'canceled', voucher.code, 25, 3000],
      ]);
      const mine = (await buyer.get(REDEEMED).expect(200)).body.data.items;
      expect(mine).toEqual([
        {
          code: voucher.code,
          description: null,
          credits: null,
          discount_percent: 25,
          redeemed_at: expect.stringMatching(ISO),
          used_at: redemption!.usedAt!.toISOString(),
          waiting: false,
        },
      ]);
      // A new discount voucher can be redeemed now that the first is used.
      await redeem(buyer, String((await aVoucher({ code: aCode('NEXT'), discount_percent: 5 })).code)).expect(
        201,
      );
    });

    it('counts as used when the intent that claimed it was paid meanwhile: no discount on the next', async () => {
      const voucher = await aVoucher({ code: aCode('TENTH'), discount_percent: 10 });
      const buyer = await accountIn('Quiet Payers', 'eur');
      await redeem(buyer, String(voucher.code)).expect(201);
      const first = await buyer.send('post', INTENT, { credits_qty: 10 });
      // eur: 10 x 90 = 900, small bundle 810, 10% voucher 81 off = 729.
      expect(first.body.data).toMatchObject({ total_in_cents: 729, voucher_discount_in_cents: 81 });
      const { id: firstId, client_secret: clientSecret } = first.body.data as {
        id: string;
        client_secret: string;
      };
      await it_.settled();

      it_.emulators.stripe!.setWebhooksReachable(false);
      try {
        expect((await confirmOnPage(firstId, clientSecret, 'pm_card_visa')).status).toBe('succeeded');
        const second = await buyer.send('post', INTENT, { credits_qty: 10 });
        expect(second.status).toBe(201);
        expect(second.body.data).toMatchObject({
          voucher: null,
          voucher_discount_in_cents: 0,
          total_in_cents: 810,
        });
        expect(await it_.stripe.paymentIntents.retrieve(firstId)).toMatchObject({ status: 'succeeded' });
        expect(await redemptionOf(voucher.id, buyer.providerId)).toMatchObject({
          paymentIntentId: firstId,
          usedAt: expect.any(Date),
        });
      } finally {
        it_.emulators.stripe!.setWebhooksReachable(true);
      }
      await it_.settled();
      expect(await balanceOf(buyer)).toMatchObject({ credit_balance: 10 });
      expect(await purchaseOf(firstId)).toEqual({
        status: 'succeeded',
        voucherCode: voucher.code,
        voucherDiscountPercent: 10,
        amount: 729,
      });
    });

    it('refuses a total below what a card can be charged, claiming nothing', async () => {
      const voucher = await aVoucher({ code: aCode('NINETY'), discount_percent: 90 });
      const buyer = await accountIn('Small Buyers', 'gbp');
      await redeem(buyer, String(voucher.code)).expect(201);
      // gbp: 3 credits = 240, 90% off = 24 pence, below Stripe's 30.
      const refused = await buyer.send('post', INTENT, { credits_qty: 3 });
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({
        credits_qty: [
          'comes to less than the smallest amount a card can be charged (£0.30); buy more credits',
        ],
      });
      expect(await redemptionOf(voucher.id, buyer.providerId)).toMatchObject({ paymentIntentId: null });
      expect((await buyer.get('/provider/billing/credit_purchases').expect(200)).body.data.total_count).toBe(
        0,
      );
      // 4 credits: 320, 90% off = 32 pence: taken.
      const taken = await buyer.send('post', INTENT, { credits_qty: 4 });
      expect(taken.status).toBe(201);
      expect(taken.body.data).toMatchObject({ total_in_cents: 32, voucher_discount_in_cents: 288 });
      expect(await it_.stripe.paymentIntents.retrieve(taken.body.data.id)).toMatchObject({ amount: 32 });
    });
  });

  describe('the redemptions CSV', () => {
    it('streams every redemption with the provider’s billing name and email, RFC 4180 quoted, ISO dates', async () => {
      const voucher = await aVoucher({ code: aCode('csv-export'), discount_percent: 50 });
      const quoted = await accountIn('Smith, "Jo" & Co');
      const visa = await it_.saveCard(quoted, 'pm_card_visa');
      await redeem(quoted, String(voucher.code)).expect(201);
      const paid = await quoted.send('post', INTENT, { credits_qty: 2, payment_method_id: visa });
      expect(paid.body.data).toMatchObject({ result: 'success', total_in_cents: 100 });
      const plain = await it_.signUp('No Billing Account');
      await redeem(plain, String(voucher.code)).expect(201);

      const answer = await admin().get(`${ADMIN}/${voucher.id}.csv`).buffer(true);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(answer.headers['content-disposition']).toBe(
        `attachment; filename="voucher-${String(voucher.code)}-redemptions.csv"`,
      );
      expect(answer.headers['transfer-encoding']).toBe('chunked');
      expect(answer.headers['content-length']).toBeUndefined();
      expect(answer.headers['cache-control']).toBe('no-store');

      const first = (await redemptionOf(voucher.id, quoted.providerId))!;
      const second = (await redemptionOf(voucher.id, plain.providerId))!;
      expect(answer.text).toBe(
        'provider_id,billing_name,billing_email,redeemed_at,redeemed_by,credits,discount_percent,' +
          'payment_intent_id,used_at\r\n' +
          `${quoted.providerId},"Smith, ""Jo"" & Co",billing@vouchers.test,${first.redeemedAt.toISOString()},` +
          `${first.redeemedBy},,50,${paid.body.data.id},${first.usedAt!.toISOString()}\r\n` +
          `${plain.providerId},,,${second.redeemedAt.toISOString()},${second.redeemedBy},,50,,\r\n`,
      );

      const empty = await aVoucher({ code: aCode('NOBODY'), credits: 1 });
      const header = await admin().get(`${ADMIN}/${empty.id}.csv`).buffer(true).expect(200);
      expect(header.text).toBe(
        'provider_id,billing_name,billing_email,redeemed_at,redeemed_by,credits,discount_percent,' +
          'payment_intent_id,used_at\r\n',
      );
    });

    it('reads a large export in batches, every redemption once, in order of redemption', async () => {
      const voucher = await aVoucher({ code: aCode('MANY'), credits: 1 });
      // 1,234 redemptions (more than two batches), some at the very same microsecond.
      await it_.billingDb.dataSource.query(
        `INSERT INTO voucher_redemptions (voucher_id, provider_id, redeemed_at, credits)
         SELECT $1, gen_random_uuid(), timestamptz '2026-01-01 00:00:00.000001+00' + (n / 3) * interval '1 microsecond', 1
           FROM generate_series(1, 1234) AS n`,
        [voucher.id],
      );
      const answer = await admin().get(`${ADMIN}/${voucher.id}.csv`).buffer(true).expect(200);
      const lines = answer.text.split('\r\n');
      expect(lines.pop()).toBe('');
      expect(lines).toHaveLength(1235);
      const providers = lines.slice(1).map((line) => line.split(',')[0]);
      expect(new Set(providers).size).toBe(1234);
      const expected = await rows<{ providerId: string }>(
        it_.billingDb.dataSource,
        `SELECT provider_id AS "providerId" FROM voucher_redemptions WHERE voucher_id = $1
          ORDER BY redeemed_at, provider_id`,
        [voucher.id],
      );
      expect(providers).toEqual(expected.map((row) => row.providerId));
      expect(lines[1]).toMatch(/^[0-9a-f-]{36},,,2026-01-01T00:00:00\.000Z,,1,,,$/);
    });
  });
});
