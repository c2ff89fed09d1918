import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NodeIO } from '@gltf-transform/core';
import { strFromU8, unzipSync } from 'fflate';
import {
  createSketchfabVendor,
  SKETCHFAB_CATALOGUE,
  SKETCHFAB_DOWNLOAD_URL_TTL_S,
  SKETCHFAB_OAUTH_CLIENT_DEFAULTS,
  SKETCHFAB_TOKEN_DEFAULTS,
  startEmulators,
  type RunningEmulators,
  type SketchfabOAuthAccountId,
} from '@tourly/emulators';
import { basic, hiddenInputs } from './oauth-support';

const CLIENT = {
  id: SKETCHFAB_OAUTH_CLIENT_DEFAULTS.clientId,
  secret: SKETCHFAB_OAUTH_CLIENT_DEFAULTS.clientSecret,
};
const REDIRECT_URI = 'http://localhost:3000/api/integrations/sketchfab/callback';
const NOT_AUTHENTICATED = { detail: 'Authentication credentials were not provided.' };

interface Tokens {
  access_token: string;
  expires_in: number;
  token_type: string;
  scope: string;
  refresh_token: string;
}

interface DownloadAnswer {
  gltf: { url: string; size: number; expires: number };
  glb: { url: string; size: number; expires: number };
  usdz: { url: string; size: number; expires: number };
}

interface ModelAnswer {
  uid: string;
  name: string;
  isDownloadable: boolean;
  license: { slug: string; label: string; url: string };
  user: { username: string; displayName: string; profileUrl: string };
  thumbnails: { images: Array<{ url: string; width: number; height: number }> };
}

interface PageAnswer {
  cursors: { next: string | null; previous: string | null };
  next: string | null;
  previous: string | null;
  results: ModelAnswer[];
}

const byName = (name: string) => SKETCHFAB_CATALOGUE.find((model) => model.name === name)!;
const SOFA = byName('Mid-Century Sofa'); // by, downloadable
const FIG = byName('Fiddle Leaf Fig Plant'); // by-nd: no derivatives
const ARMCHAIR = byName('Velvet Armchair'); // not downloadable

describe('sketchfab emulator: OAuth 2.0, the Data API v3 and real downloads', () => {
  let emulators: RunningEmulators;
  /** The server the helpers talk to: the suite's, or a restart test's own. */
  let base: string;
  let clock = Date.now();

  beforeAll(async () => {
    emulators = await startEmulators({ port: 0, vendors: [createSketchfabVendor({ now: () => clock })] });
    base = emulators.url;
  });
  afterAll(() => emulators.close());
  beforeEach(async () => {
    clock = Date.now();
    await fetch(`${emulators.url}/_emulator/reset`, { method: 'POST' });
  });

  const url = (path: string) => `${base}/sketchfab${path}`;

  function authorizeParams(overrides: Record<string, string | null> = {}): URLSearchParams {
    const params = new URLSearchParams({
      response_type: 'code',
      client_id: CLIENT.id,
      redirect_uri: REDIRECT_URI,
      state: 'state-123',
    });
    for (const [name, value] of Object.entries(overrides)) {
      if (value === null) params.delete(name);
      else params.set(name, value);
    }
    return params;
  }

  const getAuthorize = (params: URLSearchParams) =>
    fetch(`${url('/oauth2/authorize/')}?${params.toString()}`, { redirect: 'manual' });

  const postForm = (path: string, form: URLSearchParams, headers: Record<string, string> = {}) =>
    fetch(url(path), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: form.toString(),
      redirect: 'manual',
    });

  /** Opens the authorize page, then clicks "Continue as <account>": the redirect's query. */
  async function approve(account: SketchfabOAuthAccountId, params = authorizeParams()) {
    const page = await getAuthorize(params);
    expect(page.status).toBe(200);
    const form = hiddenInputs(await page.text());
    form.set('account', account);
    const response = await postForm('/oauth2/authorize/', form);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    return location.searchParams;
  }

  async function token(form: Record<string, string>, authorization = basic(CLIENT.id, CLIENT.secret)) {
    const response = await postForm('/oauth2/token/', new URLSearchParams(form), { authorization });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async function connect(account: SketchfabOAuthAccountId = 'harbour-staging'): Promise<Tokens> {
    const code = (await approve(account)).get('code')!;
    const answer = await token({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI });
    expect(answer.status).toBe(200);
    return answer.body as unknown as Tokens;
  }

  const getJson = async <T = Record<string, unknown>>(path: string, accessToken?: string) => {
    const response = await fetch(path.startsWith('http') ? path : url(path), {
      headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as T };
  };

  describe('OAuth 2.0 (authorization code)', () => {
    it('shows the authorize page, then sends the code back with the state; the code buys a 30-day bearer token', async () => {
      const page = await getAuthorize(authorizeParams());
      const html = await page.text();
      expect(html).toContain('Authorize Tourly');
      expect(html).toContain(
        '<button type="submit" name="account" value="harbour-staging">Continue as Harbour Staging Co</button>',
      );
      expect(page.headers.get('x-frame-options')).toBe('DENY');

      const redirect = await approve('harbour-staging');
      expect(redirect.get('state')).toBe('state-123');
      expect(redirect.get('code')).toMatch(/^[A-Za-z0-9]{30}$/);

      const answer = await token({
        grant_type: 'authorization_code',
        code: redirect.get('code')!,
        redirect_uri: REDIRECT_URI,
      });
      expect(answer).toEqual({
        status: 200,
        body: {
          access_token: expect.stringMatching(/^[A-Za-z0-9]{30}$/),
          expires_in: SKETCHFAB_TOKEN_DEFAULTS.accessTokenTtlS,
          token_type: 'Bearer',
          scope: 'read write',
          refresh_token: expect.stringMatching(/^[A-Za-z0-9]{30}$/),
        },
      });
      expect(answer.body.expires_in).toBe(2_592_000);
    });

    it('refuses an unknown client and an unregistered redirect_uri on a page, without redirecting', async () => {
      for (const [overrides, message] of [
        [{ client_id: 'someone-else' }, 'Invalid client_id parameter value.'],
        [{ client_id: null }, 'Missing client_id parameter.'],
        [
          { redirect_uri: 'https://evil.example/api/integrations/sketchfab/callback?x=1' },
          'Mismatching redirect URI.',
        ],
        [{ redirect_uri: 'http://localhost:3000/elsewhere' }, 'Mismatching redirect URI.'],
      ] as const) {
        const response = await getAuthorize(authorizeParams(overrides));
        expect(response.status).toBe(400);
        expect(response.headers.get('location')).toBeNull();
        expect(await response.text()).toContain(message);
      }
    });

    it('sends other refusals back to the client: a wrong response_type, an unknown scope, a denial', async () => {
      for (const [overrides, error] of [
        [{ response_type: null }, 'invalid_request'],
        [{ response_type: 'token' }, 'unauthorized_client'],
        [{ response_type: 'id_token' }, 'unsupported_response_type'],
        [{ scope: 'read admin' }, 'invalid_scope'],
      ] as const) {
        const response = await getAuthorize(authorizeParams(overrides));
        expect(response.status).toBe(302);
        const location = new URL(response.headers.get('location')!);
        expect(location.searchParams.get('error')).toBe(error);
        expect(location.searchParams.get('state')).toBe('state-123');
      }
      const form = authorizeParams();
      form.set('decision', 'deny');
      const denied = await postForm('/oauth2/authorize/', form);
      expect(new URL(denied.headers.get('location')!).searchParams.get('error')).toBe('access_denied');
    });

    it('answers invalid_grant for a used, expired or unknown code, and invalid_client for wrong credentials', async () => {
      const code = (await approve('demo-stager')).get('code')!;
      const redeem = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI };
      expect(await token(redeem, basic(CLIENT.id, 'wrong-secret'))).toEqual({
        status: 401,
        body: { error: 'invalid_client' },
      });
      expect(await token(redeem, basic('unknown-client', CLIENT.secret))).toEqual({
        status: 401,
        body: { error: 'invalid_client' },
      });
      expect(
        await token({ ...redeem, redirect_uri: 'http://localhost:4000/api/integrations/sketchfab/callback' }),
      ).toEqual({
        status: 400,
        body: { error: 'invalid_request', error_description: 'Mismatching redirect URI.' },
      });
      expect((await token(redeem)).status).toBe(200);
      expect(await token(redeem)).toEqual({ status: 400, body: { error: 'invalid_grant' } });
      expect(await token({ ...redeem, code: 'not-a-code' })).toEqual({
        status: 400,
        body: { error: 'invalid_grant' },
      });

      const late = (await approve('demo-stager')).get('code')!;
      clock += SKETCHFAB_TOKEN_DEFAULTS.codeTtlS * 1000 + 1;
      expect(await token({ ...redeem, code: late })).toEqual({
        status: 400,
        body: { error: 'invalid_grant' },
      });

      expect(await token({ grant_type: 'password', username: 'a', password: 'b' })).toEqual({
        status: 400,
        body: { error: 'unsupported_grant_type' },
      });
      // The client may authenticate in the body instead of HTTP Basic.
      const inBody = (await approve('demo-stager')).get('code')!;
      const answer = await postForm(
        '/oauth2/token/',
        new URLSearchParams({ ...redeem, code: inBody, client_id: CLIENT.id, client_secret: CLIENT.secret }),
      );
      expect(answer.status).toBe(200);
    });

    it('refreshes with the refresh token, which rotates: the old one is invalid_grant from then on', async () => {
      const first = await connect();
      const refreshed = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
      expect(refreshed.status).toBe(200);
      const second = refreshed.body as unknown as Tokens;
      expect(second.access_token).not.toBe(first.access_token);
      expect(second.refresh_token).not.toBe(first.refresh_token);
      expect((await getJson('/v3/me', second.access_token)).status).toBe(200);
      expect(await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token })).toEqual({
        status: 400,
        body: { error: 'invalid_grant' },
      });
    });
  });

  describe('GET /v3/me', () => {
    it('answers the account behind the token', async () => {
      const { access_token } = await connect('harbour-staging');
      const me = await getJson('/v3/me', access_token);
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({
        username: 'harbour-staging',
        displayName: 'Harbour Staging Co',
        profileUrl: 'https://sketchfab.com/harbour-staging',
        account: 'pro',
        uid: expect.stringMatching(/^[0-9a-f]{32}$/),
      });
    });

    it('answers 401 without a token, with an unknown one, and once the token expired', async () => {
      const none = await getJson('/v3/me');
      expect(none.status).toBe(401);
      expect(none.body).toEqual(NOT_AUTHENTICATED);
      expect(none.headers.get('www-authenticate')).toBe('Bearer realm="api"');

      const unknown = await getJson('/v3/me', 'not-a-token');
      expect(unknown.status).toBe(401);
      expect(unknown.headers.get('www-authenticate')).toBe('Bearer realm="api",error="invalid_token"');

      const { access_token } = await connect();
      clock += SKETCHFAB_TOKEN_DEFAULTS.accessTokenTtlS * 1000;
      expect(await getJson('/v3/me', access_token)).toMatchObject({ status: 401, body: NOT_AUTHENTICATED });
    });

    it('answers 401 once the test control expired every access token', async () => {
      const { access_token } = await connect();
      const control = await fetch(url('/_oauth/expire_access_tokens'), { method: 'POST' });
      expect(await control.json()).toEqual({ expired: 1 });
      expect((await getJson('/v3/me', access_token)).status).toBe(401);
    });
  });

  describe('search and models', () => {
    it('searches downloadable models by words, newest first, paged with next/previous cursors', async () => {
      const all = await getJson<PageAnswer>('/v3/search?type=models&q=lamp&downloadable=true');
      expect(all.status).toBe(200);
      expect(all.body.results.map((model) => model.name)).toEqual(['Brass Floor Lamp', 'Ceramic Table Lamp']);

      const first = await getJson<PageAnswer>('/v3/search?type=models&downloadable=true&count=3');
      const downloadable = SKETCHFAB_CATALOGUE.filter((model) => model.isDownloadable).map(
        (model) => model.name,
      );
      expect(first.body.results.map((model) => model.name)).toEqual(downloadable.slice(0, 3));
      expect(first.body.cursors).toEqual({ next: '3', previous: null });
      expect(first.body.previous).toBeNull();
      const nextUrl = new URL(first.body.next!);
      expect(Object.fromEntries(nextUrl.searchParams)).toEqual({
        type: 'models',
        downloadable: 'true',
        count: '3',
        cursor: '3',
      });

      const seen = [...first.body.results];
      let page = first.body;
      while (page.next) {
        page = (await getJson<PageAnswer>(page.next)).body;
        seen.push(...page.results);
      }
      expect(seen.map((model) => model.name)).toEqual(downloadable);
      expect(seen.every((model) => model.isDownloadable)).toBe(true);
      const back = await getJson<PageAnswer>(page.previous!);
      expect(back.body.results.map((model) => model.name)).toEqual(downloadable.slice(3, 6));
    });

    it('lists /v3/models with opaque cursors; a search with no match is an empty page', async () => {
      const first = await getJson<PageAnswer>('/v3/models?downloadable=true&count=4');
      expect(first.body.cursors.next).toBe(Buffer.from('o=4').toString('base64'));
      const second = await getJson<PageAnswer>(first.body.next!);
      expect(second.body.results.map((model) => model.name)).toEqual(
        SKETCHFAB_CATALOGUE.filter((model) => model.isDownloadable)
          .slice(4, 8)
          .map((model) => model.name),
      );
      const notDownloadable = await getJson<PageAnswer>('/v3/models?downloadable=false');
      expect(notDownloadable.body.results.map((model) => model.name)).toEqual([
        'Velvet Armchair',
        'Chesterfield Desk',
      ]);
      expect((await getJson<PageAnswer>('/v3/models?q=spaceship')).body).toEqual({
        cursors: { next: null, previous: null },
        next: null,
        previous: null,
        results: [],
      });
      expect(await getJson('/v3/models?cursor=%%%')).toMatchObject({
        status: 404,
        body: { detail: 'Invalid cursor' },
      });
      expect((await getJson('/v3/search?type=collections')).status).toBe(400);
    });

    it('reads odd queries as Django does (the last of a repeated parameter, a bad count as the default), never a 5xx', async () => {
      const repeated = await getJson<PageAnswer>('/v3/search?type=models&q=lamp&q=sofa&downloadable=maybe');
      expect(repeated.body.results.map((model) => model.name)).toEqual(['Mid-Century Sofa']);
      const badCount = await getJson<PageAnswer>('/v3/models?count=lots');
      expect(badCount.body.results).toHaveLength(SKETCHFAB_CATALOGUE.length);
      expect((await getJson<PageAnswer>('/v3/models?count=500')).body.results).toHaveLength(
        SKETCHFAB_CATALOGUE.length,
      );
      for (const path of [
        '/v3/search?type=models&cursor=-3',
        '/v3/models?cursor=bz0tMQ',
        `/v3/models/${SOFA.uid}/download?uid=x`,
        '/v3/models/%E0%A4%A/download',
        '/archives/x/glb/x.glb?Expires=soon&Signature=x',
      ]) {
        const response = await fetch(url(path), { headers: { authorization: 'Bearer' } });
        expect([400, 401, 403, 404]).toContain(response.status);
      }
    });

    it('answers a model with its author, thumbnails and licence; an unknown uid is 404', async () => {
      const fig = await getJson<ModelAnswer>(`/v3/models/${FIG.uid}`);
      expect(fig.status).toBe(200);
      expect(fig.body).toMatchObject({
        uid: FIG.uid,
        name: 'Fiddle Leaf Fig Plant',
        isDownloadable: true,
        license: {
          slug: 'by-nd',
          label: 'CC Attribution-NoDerivs',
          url: 'https://creativecommons.org/licenses/by-nd/4.0/',
        },
        user: {
          username: 'greenroom3d',
          displayName: 'Green Room 3D',
          profileUrl: 'https://sketchfab.com/greenroom3d',
        },
      });
      expect(fig.body.uid).toMatch(/^[0-9a-f]{32}$/);
      const [largest] = fig.body.thumbnails.images;
      expect(largest).toMatchObject({ width: 1024, height: 576 });
      const image = await fetch(largest!.url);
      expect(image.headers.get('content-type')).toBe('image/jpeg');
      expect([...new Uint8Array(await image.arrayBuffer()).slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

      expect(await getJson(`/v3/models/${'0'.repeat(32)}`)).toMatchObject({
        status: 404,
        body: { detail: 'Not found.' },
      });
      const licences = new Set(SKETCHFAB_CATALOGUE.map((model) => model.license.slug));
      expect([...licences].sort()).toEqual([
        'by',
        'by-nc',
        'by-nc-nd',
        'by-nc-sa',
        'by-nd',
        'by-sa',
        'cc0',
        'ed',
        'st',
      ]);
    });
  });

  describe('GET /v3/models/{uid}/download', () => {
    it('answers signed URLs that serve a real GLB and a glTF zip, which glTF-Transform reads back', async () => {
      const { access_token } = await connect();
      const answer = await getJson<DownloadAnswer>(`/v3/models/${SOFA.uid}/download`, access_token);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        gltf: { url: expect.any(String), size: expect.any(Number), expires: SKETCHFAB_DOWNLOAD_URL_TTL_S },
        glb: { url: expect.any(String), size: expect.any(Number), expires: SKETCHFAB_DOWNLOAD_URL_TTL_S },
        usdz: { url: expect.any(String), size: expect.any(Number), expires: SKETCHFAB_DOWNLOAD_URL_TTL_S },
      });

      const glb = await fetch(answer.body.glb.url);
      expect(glb.status).toBe(200);
      expect(glb.headers.get('content-type')).toBe('model/gltf-binary');
      const glbBytes = new Uint8Array(await glb.arrayBuffer());
      expect(glbBytes.byteLength).toBe(answer.body.glb.size);
      const fromGlb = await new NodeIO().readBinary(glbBytes);
      expect(
        fromGlb
          .getRoot()
          .listMeshes()
          .map((mesh) => mesh.getName()),
      ).toEqual(['Mid-Century Sofa']);
      const primitive = fromGlb.getRoot().listMeshes()[0]!.listPrimitives()[0]!;
      expect(primitive.getAttribute('POSITION')!.getCount()).toBe(SOFA.shape.length * 24);
      expect(primitive.getIndices()!.getCount()).toBe(SOFA.shape.length * 36);

      const zip = await fetch(answer.body.gltf.url);
      expect(zip.headers.get('content-type')).toBe('application/zip');
      const zipBytes = new Uint8Array(await zip.arrayBuffer());
      expect(zipBytes.byteLength).toBe(answer.body.gltf.size);
      const files = unzipSync(zipBytes);
      expect(Object.keys(files).sort()).toEqual(['license.txt', 'scene.bin', 'scene.gltf']);
      expect(strFromU8(files['license.txt']!)).toContain(
        'Creative Commons Attribution (https://creativecommons.org/licenses/by/4.0/)',
      );
      const json = JSON.parse(strFromU8(files['scene.gltf']!)) as Parameters<NodeIO['readJSON']>[0]['json'];
      const fromGltf = await new NodeIO().readJSON({ json, resources: { 'scene.bin': files['scene.bin']! } });
      expect(
        fromGltf
          .getRoot()
          .listNodes()
          .map((node) => node.getName()),
      ).toEqual(['Mid-Century Sofa']);

      // The USDZ: one stage, stored, its data 64-byte aligned as the USDZ specification asks.
      const usdz = Buffer.from(await (await fetch(answer.body.usdz.url)).arrayBuffer());
      expect(usdz.byteLength).toBe(answer.body.usdz.size);
      expect(usdz.readUInt32LE(0)).toBe(0x04034b50);
      expect(usdz.readUInt16LE(8)).toBe(0); // stored, not deflated
      const dataStart = 30 + usdz.readUInt16LE(26) + usdz.readUInt16LE(28);
      expect(dataStart % 64).toBe(0);
      const stage = strFromU8(unzipSync(new Uint8Array(usdz))['scene.usda']!);
      expect(stage.startsWith('#usda 1.0')).toBe(true);
      expect(stage).toContain('def Mesh "Mesh"');
      expect(stage).toContain('Mid-Century Sofa by Nordic Loft Studio (CC Attribution)');

      // The same model always gives the same bytes.
      const again = await getJson<DownloadAnswer>(`/v3/models/${SOFA.uid}/download`, access_token);
      const glbAgain = new Uint8Array(await (await fetch(again.body.glb.url)).arrayBuffer());
      expect(Buffer.from(glbAgain).equals(Buffer.from(glbBytes))).toBe(true);
    });

    it('refuses a download URL once it expired, or with its signature changed', async () => {
      const { access_token } = await connect();
      const answer = await getJson<DownloadAnswer>(`/v3/models/${FIG.uid}/download`, access_token);
      const tampered = new URL(answer.body.glb.url);
      tampered.searchParams.set('Expires', String(Number(tampered.searchParams.get('Expires')) + 3600));
      const forged = await fetch(tampered);
      expect(forged.status).toBe(403);
      expect(await forged.text()).toContain('<Code>SignatureDoesNotMatch</Code>');

      clock += SKETCHFAB_DOWNLOAD_URL_TTL_S * 1000;
      const expired = await fetch(answer.body.glb.url);
      expect(expired.status).toBe(403);
      expect(await expired.text()).toContain('<Message>Request has expired</Message>');
      const unsigned = await fetch(answer.body.glb.url.split('?')[0]!);
      expect(unsigned.status).toBe(403);
    });

    it('needs a bearer token (401), refuses a model that is not downloadable (403) and an unknown uid (404)', async () => {
      expect(await getJson(`/v3/models/${SOFA.uid}/download`)).toMatchObject({
        status: 401,
        body: NOT_AUTHENTICATED,
      });
      const { access_token } = await connect();
      expect(await getJson(`/v3/models/${ARMCHAIR.uid}/download`, access_token)).toMatchObject({
        status: 403,
        body: { detail: 'You do not have permission to perform this action.' },
      });
      expect(await getJson(`/v3/models/${'f'.repeat(32)}/download`, access_token)).toMatchObject({
        status: 404,
        body: { detail: 'Not found.' },
      });
      // Nor do the archive URLs of a model that cannot be downloaded exist.
      const guessed = await fetch(url(`/archives/${ARMCHAIR.uid}/glb/velvet-armchair.glb`));
      expect(guessed.status).toBe(404);
    });
  });

  it('keeps its tokens and its download URLs across a restart when given a state directory', async () => {
    const stateDir = await mkdtemp(path.join(tmpdir(), 'sketchfab-state-'));
    const suiteServer = base;
    try {
      const first = await startEmulators({ port: 0, stateDir, vendors: [createSketchfabVendor()] });
      base = first.url;
      const { access_token } = await connect('demo-stager');
      const download = await getJson<DownloadAnswer>(`/v3/models/${SOFA.uid}/download`, access_token);
      await first.close();

      const second = await startEmulators({ port: 0, stateDir, vendors: [createSketchfabVendor()] });
      base = second.url;
      try {
        const me = await getJson<{ username: string }>('/v3/me', access_token);
        expect(me.body.username).toBe('demo-stager');
        // A URL handed out before the restart still serves its file (at the new address).
        const before = new URL(download.body.glb.url);
        expect((await fetch(`${second.url}${before.pathname}${before.search}`)).status).toBe(200);
      } finally {
        await second.close();
      }
    } finally {
      base = suiteServer;
      await rm(stateDir, { recursive: true, force: true });
    }
  });
});
