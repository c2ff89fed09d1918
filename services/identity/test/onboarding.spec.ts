import { startIdentity, type SignedIn } from './support';

/** 002 §7: onboarding hints, each flag recording when the user did the thing it introduces. */
describe('onboarding', () => {
  let it_: Awaited<ReturnType<typeof startIdentity>>;
  let provider: SignedIn;

  beforeAll(async () => {
    it_ = await startIdentity();
    provider = await it_.signedIn('provider@demo.test');
  });
  afterAll(() => it_.stop());

  const patch = (body: unknown, user = provider) =>
    it_.http
      .patch('/provider/onboarding')
      .set('cookie', user.cookie)
      .set('x-csrf-token', user.csrfToken)
      .send(body as object);

  it('starts with every hint visible and no flag recorded', async () => {
    const info = await it_.http.get('/provider/onboarding/info.json').set('cookie', provider.cookie);
    expect(info.body.data).toEqual({
      vt_staging_start: null,
      dtx_experience: null,
      custom_tags_start: null,
      spatial_audio_start: null,
      global_lighting: null,
      cs_overlay: null,
      overlay_template: null,
      wayfinding_start: null,
    });
    const visible = await it_.http
      .get('/provider/onboarding/check_visibility.json?check=cs_overlay')
      .set('cookie', provider.cookie);
    expect(visible.body.data).toEqual({ check: 'cs_overlay', visible: true });
  });

  it('records flags as ISO times; a recorded hint is no longer visible, for this user only', async () => {
    const response = await patch({
      onboarding: { cs_overlay: '2026-11-20T10:00:00Z', wayfinding_start: '2026-11-21T08:30:00.000+02:00' },
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      cs_overlay: '2026-11-20T10:00:00.000Z',
      wayfinding_start: '2026-11-21T06:30:00.000Z',
      vt_staging_start: null,
    });
    const hidden = await it_.http
      .get('/provider/onboarding/check_visibility.json?check=cs_overlay')
      .set('cookie', provider.cookie);
    expect(hidden.body.data.visible).toBe(false);

    const other = await it_.signedIn('supplier@demo.test');
    const theirs = await it_.http
      .get('/provider/onboarding/check_visibility.json?check=cs_overlay')
      .set('cookie', other.cookie);
    expect(theirs.body.data.visible).toBe(true);
  });

  it('accepts only the spec’s flag names and ISO times, and records nothing from a bad request', async () => {
    const response = await patch({
      onboarding: {
        global_lighting: 'yesterday',
        made_up_flag: '2026-11-20T10:00:00Z',
        dtx_experience: '2026-11-20T10:00:00Z',
      },
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      errors: {
        'onboarding.global_lighting': ['Invalid Date'],
        'onboarding.made_up_flag': [
          'is not an onboarding flag (flags: vt_staging_start, dtx_experience, custom_tags_start, spatial_audio_start, global_lighting, cs_overlay, overlay_template, wayfinding_start)',
        ],
      },
    });
    const info = await it_.http.get('/provider/onboarding/info.json').set('cookie', provider.cookie);
    expect(info.body.data.dtx_experience).toBeNull();

    const unknownCheck = await it_.http
      .get('/provider/onboarding/check_visibility.json?check=nope')
      .set('cookie', provider.cookie);
    expect(unknownCheck.status).toBe(422);
    expect((await patch({ onboarding: 'soon' })).body).toEqual({ errors: { onboarding: ['Required'] } });
  });

  it('is for signed-in users', async () => {
    expect((await it_.http.get('/provider/onboarding/info.json')).status).toBe(401);
  });
});
