import {
  FAILING_CAPTCHA_TOKEN,
  startEmulators,
  type RunningEmulators,
  type SiteverifyResult,
} from '@tourly/emulators';

describe('captcha vendor (reCAPTCHA siteverify)', () => {
  let emulators: RunningEmulators;

  beforeAll(async () => {
    emulators = await startEmulators({ port: 0 });
  });

  afterAll(() => emulators.close());

  async function siteverifyForm(fields: Record<string, string>): Promise<SiteverifyResult> {
    const response = await fetch(`${emulators.url}/captcha/siteverify`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as SiteverifyResult;
  }

  it('accepts any non-empty token', async () => {
    const before = Date.now();
    const result = await siteverifyForm({ secret: 'site-secret', response: 'token-from-the-widget' });

    expect(result).toEqual({ success: true, challenge_ts: expect.any(String), hostname: 'localhost' });
    const { challenge_ts } = result as Extract<SiteverifyResult, { success: true }>;
    expect(challenge_ts).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(Date.parse(challenge_ts)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
  });

  it('takes a JSON body as well', async () => {
    const response = await fetch(`${emulators.url}/captcha/siteverify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ secret: 'site-secret', response: 'token' }),
    });

    expect(await response.json()).toMatchObject({ success: true, hostname: 'localhost' });
  });

  it('takes the parameters from the query string, as Google does', async () => {
    const query = new URLSearchParams({ secret: 'site-secret', response: 'token' });
    const response = await fetch(`${emulators.url}/captcha/siteverify?${query}`, { method: 'POST' });

    expect(await response.json()).toMatchObject({ success: true });
  });

  it.each([
    ['the failing token', { secret: 'site-secret', response: FAILING_CAPTCHA_TOKEN }],
    ['an empty token', { secret: 'site-secret', response: '' }],
    ['a missing token', { secret: 'site-secret' }],
  ])('rejects %s', async (_case, fields) => {
    expect(await siteverifyForm(fields)).toEqual({
      success: false,
      'error-codes': ['invalid-input-response'],
    });
  });

  it('rejects a request without a secret', async () => {
    expect(await siteverifyForm({ response: 'token' })).toEqual({
      success: false,
      'error-codes': ['missing-input-secret'],
    });
  });
});
