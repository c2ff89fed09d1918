import { startEmulators, type EmulatorsOptions, type RunningEmulators, type Vendor } from '@tourly/emulators';

/** A vendor with one counter, enough to see that reset reaches every vendor's state. */
function aCountingVendor(): Vendor {
  let hits = 0;
  return {
    name: 'counter',
    prefix: '/counter',
    routes: async (app) => {
      app.post('/hit', async () => ({ hits: ++hits }));
    },
    reset: () => {
      hits = 0;
    },
  };
}

describe('emulators server', () => {
  let emulators: RunningEmulators | undefined;

  afterEach(async () => {
    await emulators?.close();
    emulators = undefined;
  });

  async function start(options: EmulatorsOptions): Promise<RunningEmulators> {
    const started = await startEmulators(options);
    emulators = started;
    return started;
  }

  it('reports the real port when started on port 0, and is healthy with the registry vendors', async () => {
    const { url } = await start({ port: 0 });

    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(url).not.toMatch(/:0$/);
    const response = await fetch(`${url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ok',
      vendors: [
        'captcha',
        'mail',
        'stripe',
        'stripejs',
        'maps',
        'matterport',
        'sketchfab',
        'asset-host',
        'segmentation',
      ],
    });
  });

  it('lists the vendors it was given', async () => {
    const { url } = await start({ port: 0, vendors: [aCountingVendor()] });

    const response = await fetch(`${url}/healthz`);
    expect(await response.json()).toEqual({ status: 'ok', vendors: ['counter'] });
  });

  it('mounts vendor routes under their prefix and resets their state', async () => {
    const { url } = await start({ port: 0, vendors: [aCountingVendor()] });
    const hit = async () => (await fetch(`${url}/counter/hit`, { method: 'POST' })).json();

    expect(await hit()).toEqual({ hits: 1 });
    expect(await hit()).toEqual({ hits: 2 });
    const reset = await fetch(`${url}/_emulator/reset`, { method: 'POST' });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ status: 'ok' });
    expect(await hit()).toEqual({ hits: 1 });
  });

  it('answers unknown routes with a JSON 404 naming the method and path', async () => {
    const { url } = await start({ port: 0 });

    const response = await fetch(`${url}/x?with=query`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ error: { message: 'No emulated route for GET /x' } });
  });

  it('answers a malformed body with a 400 in the same error shape', async () => {
    const { url } = await start({ port: 0 });

    const response = await fetch(`${url}/captcha/siteverify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { message: expect.any(String) } });
  });

  it('refuses two vendors on the same prefix', async () => {
    const clash = { ...aCountingVendor(), name: 'other' };
    await expect(start({ port: 0, vendors: [aCountingVendor(), clash] })).rejects.toThrow(
      'Vendor other: prefix /counter is already taken',
    );
  });
});
