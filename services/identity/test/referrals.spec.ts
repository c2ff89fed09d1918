import { parse } from 'csv-parse/sync';
import {
  startPlatformWithEmulators,
  type Person,
  type PlatformWithEmulators,
} from '../../../test/support/platform';
import { readZip } from '../../../test/support/zip';

const EXPORT = '/admin/referrers/referrals_export.zip';

/**
 * Referrals (issue 18): a provider's sign-up link records who it brought at sign-up, and the business they then set
 * up; administrators export who referred whom as a zip of CSVs, by period and by a referrer's member.
 */
describe('referrals', () => {
  let it_: PlatformWithEmulators;
  let admin: Person;
  let referrer: Person;
  let link: { code: string; url: string; referred: number };

  beforeAll(async () => {
    it_ = await startPlatformWithEmulators();
    admin = await it_.signIn('admin@demo.test');
    referrer = await it_.signUp('Referring Lens');
    link = (await referrer.get('/provider/settings/referral').expect(200)).body.data;
  }, 60_000);
  afterAll(() => it_?.stop());

  const emailOf = async (person: Person) => (await person.get('/users/me').expect(200)).body.data.email;

  /** The export's two CSVs, read back as records. */
  async function exported(query: Record<string, string> = {}) {
    const answer = await admin
      .get(`${EXPORT}?${new URLSearchParams(query)}`)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="referrals-[a-z0-9-]+-to-[a-z0-9-]+\.zip"/,
    );
    const entries = readZip(answer.body as Buffer);
    expect(entries.map((entry) => entry.name)).toEqual(['referrals.csv', 'referrers.csv']);
    const records = (name: string) =>
      parse(entries.find((entry) => entry.name === name)!.data.toString('utf8'), { columns: true }) as Array<
        Record<string, string>
      >;
    return { referrals: records('referrals.csv'), referrers: records('referrers.csv') };
  }

  it('gives each provider a sign-up link with its own code', async () => {
    expect(link.code).toMatch(/^[0-9a-f]{12}$/);
    expect(new URL(link.url).pathname).toBe('/users/sign_up');
    expect(new URL(link.url).searchParams.get('referral_code')).toBe(link.code);
    expect(link.referred).toBe(0);
    const other = await it_.signUp('Other Lens');
    const otherLink = (await other.get('/provider/settings/referral').expect(200)).body.data;
    expect(otherLink.code).not.toBe(link.code);
  });

  it('records who signed up through the link and the business they set up, and exports them', async () => {
    const referred = await it_.signUp('Referred Studio', { referralCode: link.code });
    // A code nobody has refers nobody, and does not stand in the way of signing up.
    const unreferred = await it_.signUp('Walk-in Studio', { referralCode: 'no-such-code' });
    expect(unreferred.providerId).toEqual(expect.any(String));
    expect((await referrer.get('/provider/settings/referral').expect(200)).body.data.referred).toBe(1);

    const { referrals, referrers } = await exported();
    const mine = referrals.filter((row) => row.referrer_code === link.code);
    expect(mine).toEqual([
      {
        referred_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        referrer_provider: 'Referring Lens',
        referrer_code: link.code,
        referred_email: await emailOf(referred),
        referred_name: '',
        referred_provider: 'Referred Studio',
        provider_set_up_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    ]);
    expect(referrers.find((row) => row.referrer_code === link.code)).toEqual({
      referrer_provider: 'Referring Lens',
      referrer_code: link.code,
      admin_emails: await emailOf(referrer),
      referrals: '1',
      providers_set_up: '1',
    });
    expect(referrals.some((row) => row.referred_provider === 'Walk-in Studio')).toBe(false);
  });

  it('exports a period and one referrer’s referrals only; refuses a period that ends before it starts', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const byReferrer = await exported({ email: await emailOf(referrer) });
    expect(new Set(byReferrer.referrals.map((row) => row.referrer_code))).toEqual(new Set([link.code]));
    expect(byReferrer.referrers).toHaveLength(1);

    expect((await exported({ start_date: today, end_date: today })).referrals.length).toBeGreaterThan(0);
    const before = await exported({ end_date: '2020-01-01' });
    expect(before).toEqual({ referrals: [], referrers: [] });

    const backwards = await admin.get(`${EXPORT}?start_date=${today}&end_date=2020-01-01`);
    expect([backwards.status, backwards.body.errors]).toEqual([
      422,
      { end_date: ['must not be before start_date'] },
    ]);
    const notADate = await admin.get(`${EXPORT}?start_date=yesterday`);
    expect(notADate.status).toBe(422);
    expect(Object.keys(notADate.body.errors)).toEqual(['start_date']);
  });

  it('lets only platform administrators export', async () => {
    expect((await referrer.get(EXPORT)).status).toBe(403);
    expect((await it_.http.get(EXPORT)).status).toBe(401);
  });
});
