import { strToU8, unzipSync, zipSync } from 'fflate';
import { SKETCHFAB_CALLBACK_PATH, SKETCHFAB_MESSAGES } from '@tourly/contracts';
import { one, rows, uuidv7 } from '@tourly/platform';
import { SKETCHFAB_OAUTH_CLIENT_DEFAULTS, sketchfabUid } from '@tourly/emulators';
import { authorizeOnSketchfab, type SketchfabAccount } from '../../../test/support/sketchfab';
import { ArchiveRefused, glbFromGltfZip } from '../src/sketchfab/sketchfab-archive';
import { NOT_A_UID } from '../src/sketchfab/sketchfab.dto';
import { readModel } from '../src/staging/staging-assets.rules';
import { aProperty, objectKeys, storageClient } from './media-support';
import { onPlan } from './staging-support';
import { shareTour, startProperties, type PropertiesAlone, type Person } from './support';

const INTEGRATION = '/api/integrations/sketchfab';
const DOWNLOAD = '/provider/vt_staging/sketchfab/download.json';
const ASSETS = '/provider/vt_staging/assets.json';

// The emulator's catalogue (infra/emulators README, "Sketchfab Data API v3").
const SOFA = sketchfabUid('Mid-Century Sofa'); // by, downloadable
const TABLE = sketchfabUid('Oak Dining Table'); // cc0
const LAMP = sketchfabUid('Brass Floor Lamp'); // by-sa
const PLANT = sketchfabUid('Fiddle Leaf Fig Plant'); // by-nd
const RUG = sketchfabUid('Wool Area Rug'); // by-nc
const SIDEBOARD = sketchfabUid('Walnut Sideboard'); // by-nc-sa
const TABLE_LAMP = sketchfabUid('Ceramic Table Lamp'); // by-nc-nd
const BED = sketchfabUid('Linen Bed'); // st (the store's Standard licence)
const ARMCHAIR = sketchfabUid('Velvet Armchair'); // by, not downloadable
const DESK = sketchfabUid('Chesterfield Desk'); // ed, not downloadable
const UNKNOWN = '0123456789abcdef0123456789abcdef';

const editor = (propertyId: string) => `/provider/properties/${propertyId}/vt_staging/edit`;

/**
 * Issue 36, Sketchfab imports (properties alone, with storage and the Sketchfab emulator over HTTP): a provider
 * connects its Sketchfab account through the emulator's consent page, then imports models by uid into its asset
 * library, with the credit Sketchfab gives; models whose licence does not allow staging, or that cannot be downloaded,
 * are refused in words with nothing stored; one asset per model; another provider sees none of it.
 */
describe('Sketchfab imports', () => {
  let it_: PropertiesAlone;
  let provider: Person;
  let other: Person;
  let propertyId: string;

  beforeAll(async () => {
    it_ = await startProperties({ s3: true });
    provider = await it_.signUp('Stager');
    other = await it_.signUp('Other Stager');
    propertyId = await aProperty(provider, 'Staged Villa');
  });
  afterAll(() => it_?.stop());

  /** `auth_url`, then Sketchfab's page answered: the callback Sketchfab sends the browser to. */
  async function authorize(person: Person, property: string, choice: SketchfabAccount | 'deny') {
    const started = await person.get(`${INTEGRATION}/auth_url?property_id=${property}`);
    expect(started.status).toBe(200);
    expect(started.headers['cache-control']).toBe('no-store');
    return authorizeOnSketchfab(started.body.data.url as string, choice);
  }

  /** The browser following Sketchfab's redirect back: where it is sent next. */
  async function callback(person: Person, path: string): Promise<string> {
    const back = await person.get(path);
    expect(back.status).toBe(302);
    return back.headers.location as string;
  }

  async function connect(person: Person, property: string): Promise<void> {
    const path = await authorize(person, property, 'harbour-staging');
    expect(await callback(person, path)).toBe(`${editor(property)}?sketchfab=connected`);
  }

  const accountExists = async (person: Person) => {
    const answer = await person.get(`${INTEGRATION}/account_exists.json`);
    expect(answer.status).toBe(200);
    return answer.body.data as { exists: boolean; account_name: string | null };
  };

  const importModel = (person: Person, uid: string) => person.send('post', DOWNLOAD, { uid });

  /** What a refused import must leave as it was: the provider's assets, imports and stored models. */
  async function stored(providerId: string) {
    const db = it_.propertiesDb.dataSource;
    const assets = await rows<{ id: string }>(db, 'SELECT id FROM staging_assets WHERE provider_id = $1', [
      providerId,
    ]);
    const imports = await rows<{ uid: string }>(
      db,
      'SELECT model_uid AS uid FROM sketchfab_imports WHERE provider_id = $1',
      [providerId],
    );
    const keys = await objectKeys(storageClient(it_), it_.storage!.bucket, `staging-assets/${providerId}/`);
    return { assets: assets.length, imports: imports.map((row) => row.uid).sort(), objects: keys.length };
  }

  describe('connecting', () => {
    it('refuses an import before the provider connects, in words, with nothing stored', async () => {
      const before = await stored(other.providerId);
      const refused = await importModel(other, TABLE);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ errors: { base: [SKETCHFAB_MESSAGES.notConnected] } });
      expect(await stored(other.providerId)).toEqual(before);
    });

    it('goes through Sketchfab’s consent page and lands back on the property’s staging editor', async () => {
      expect(await accountExists(provider)).toEqual({ exists: false, account_name: null });

      // Cancelled on Sketchfab's page: back on the editor, told why; still no account.
      const denied = await authorize(provider, propertyId, 'deny');
      expect(await callback(provider, denied)).toBe(
        `${editor(propertyId)}?sketchfab=failed&reason=${encodeURIComponent(SKETCHFAB_MESSAGES.denied)}`,
      );
      expect(await accountExists(provider)).toEqual({ exists: false, account_name: null });

      await connect(provider, propertyId);
      expect(await accountExists(provider)).toEqual({ exists: true, account_name: 'Harbour Staging Co' });
      // The tokens are kept sealed, never in clear.
      const [row] = await rows<{ access: Buffer; status: string }>(
        it_.propertiesDb.dataSource,
        'SELECT access_token AS access, status FROM sketchfab_connections WHERE provider_id = $1',
        [provider.providerId],
      );
      expect(row!.status).toBe('connected');
      expect(row!.access.toString('latin1')).not.toMatch(/^[A-Za-z0-9]{30}$/);
      // Another provider's account is its own.
      expect(await accountExists(other)).toEqual({ exists: false, account_name: null });
    });

    it('binds the state to the person and provider that started it: another one’s callback connects nothing', async () => {
      const path = await authorize(provider, propertyId, 'demo-stager');
      expect(await callback(other, path)).toBe(
        `/provider/properties?sketchfab=failed&reason=${encodeURIComponent(SKETCHFAB_MESSAGES.stateRefused)}`,
      );
      expect(await accountExists(other)).toEqual({ exists: false, account_name: null });
      // The state is spent once: replaying a callback connects nothing either.
      const again = await authorize(provider, propertyId, 'harbour-staging');
      expect(await callback(provider, again)).toBe(`${editor(propertyId)}?sketchfab=connected`);
      expect(await callback(provider, again)).toMatch(/^\/provider\/properties\?sketchfab=failed/);
    });

    it('starts only for the provider’s own property, and not for a member', async () => {
      const theirs = await aProperty(other, 'Their Villa');
      for (const property of [theirs, uuidv7(), 'not-a-property']) {
        const refused = await provider.get(`${INTEGRATION}/auth_url?property_id=${property}`);
        expect(refused.status).toBe(404);
        expect(refused.body).toEqual({ errors: { base: ['Property not found'] } });
      }
      const missing = await provider.get(`${INTEGRATION}/auth_url`);
      expect(missing.status).toBe(422);
      expect(missing.body.errors.property_id).toEqual(['Required']);
      const member = it_.member(provider.providerId, 'member');
      expect((await member.get(`${INTEGRATION}/auth_url?property_id=${propertyId}`)).status).toBe(403);
      expect((await importModel(member, TABLE)).status).toBe(403);
      expect(await accountExists(member)).toEqual({ exists: true, account_name: 'Harbour Staging Co' });
    });
  });

  describe('importing', () => {
    it('imports a CC0 model as the provider’s asset, credited as Sketchfab credits it', async () => {
      const answer = await importModel(provider, TABLE);
      expect(answer.status).toBe(200);
      const asset = answer.body.data;
      expect(asset).toMatchObject({
        name: 'Oak Dining Table',
        library: 'provider',
        provider_id: provider.providerId,
        category: { id: 'tables', name: 'Tables' },
        filename: 'Oak-Dining-Table.glb',
        archived_at: null,
        credit: {
          model: { uid: TABLE, name: 'Oak Dining Table' },
          user: { name: 'Marta Kowalska', profile_url: 'https://sketchfab.com/marta.kowalska' },
          license: { label: 'CC0 Public Domain', url: 'https://creativecommons.org/publicdomain/zero/1.0/' },
        },
      });
      expect(asset.triangle_count).toBeGreaterThan(0);
      expect(asset.credit.model.thumbnail_url).toMatch(
        new RegExp(`/sketchfab/thumbnails/${TABLE}/720x405\\.jpeg$`),
      );
      // The model is stored and readable where the answer says.
      const model = await fetch(asset.url as string);
      expect(model.status).toBe(200);
      expect(
        Buffer.from(await model.arrayBuffer())
          .subarray(0, 4)
          .toString('latin1'),
      ).toBe('glTF');
      // It is in the provider's library.
      const library = await provider.get(`${ASSETS}?search=Oak`);
      expect(library.body.data.items.map((item: { id: string }) => item.id)).toEqual([asset.id]);
    });

    it('imports a CC Attribution model into its category, and the same model twice is one asset', async () => {
      const first = await importModel(provider, SOFA);
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({
        name: 'Mid-Century Sofa',
        category: { id: 'sofas' },
        credit: {
          user: { name: 'Nordic Loft Studio', profile_url: 'https://sketchfab.com/nordic-loft' },
          license: { label: 'CC Attribution', url: 'https://creativecommons.org/licenses/by/4.0/' },
        },
      });
      const before = await stored(provider.providerId);
      const again = await importModel(provider, SOFA);
      expect(again.status).toBe(200);
      expect(again.body.data.id).toBe(first.body.data.id);
      expect(await stored(provider.providerId)).toEqual(before);
      expect(before.imports.filter((uid) => uid === SOFA)).toHaveLength(1);
    });

    it('imports a model under the store’s Standard licence, credited with Sketchfab’s licence page', async () => {
      const answer = await importModel(provider, BED);
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({
        name: 'Linen Bed',
        category: { id: 'beds' },
        credit: { license: { label: 'Standard', url: 'https://sketchfab.com/licenses' } },
      });
    });

    it.each([
      ['a no-derivatives licence', PLANT, SKETCHFAB_MESSAGES.licenseRefused('CC Attribution-NoDerivs')],
      ['a non-commercial licence', RUG, SKETCHFAB_MESSAGES.licenseRefused('CC Attribution-NonCommercial')],
      [
        'a non-commercial share-alike licence',
        SIDEBOARD,
        SKETCHFAB_MESSAGES.licenseRefused('CC Attribution-NonCommercial-ShareAlike'),
      ],
      [
        'a non-commercial no-derivatives licence',
        TABLE_LAMP,
        SKETCHFAB_MESSAGES.licenseRefused('CC Attribution-NonCommercial-NoDerivs'),
      ],
      ['a model that is not downloadable', ARMCHAIR, SKETCHFAB_MESSAGES.notDownloadable],
      ['an editorial model that is not downloadable', DESK, SKETCHFAB_MESSAGES.notDownloadable],
    ])('refuses %s in words, with nothing stored', async (_case, uid, message) => {
      const before = await stored(provider.providerId);
      const refused = await importModel(provider, uid);
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual({ errors: { base: [message] } });
      expect(await stored(provider.providerId)).toEqual(before);
    });

    it('answers 404 for a model Sketchfab does not have, 422 for what is not a uid', async () => {
      const unknown = await importModel(provider, UNKNOWN);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ errors: { base: [SKETCHFAB_MESSAGES.modelNotFound] } });
      for (const uid of ['not-a-uid', `${UNKNOWN}0`, UNKNOWN.toUpperCase(), '../../v3/me']) {
        const malformed = await importModel(provider, uid);
        expect(malformed.status).toBe(422);
        expect(malformed.body).toEqual({ errors: { uid: [NOT_A_UID] } });
      }
      const missing = await provider.send('post', DOWNLOAD, {});
      expect(missing.status).toBe(422);
      expect(missing.body.errors.uid).toContain('Required');
    });

    it('answers a model’s details and whether it can be imported, without downloading it', async () => {
      const sofa = await provider.get(`${INTEGRATION}/download?uid=${SOFA}`);
      expect(sofa.status).toBe(200);
      const imported = (await importModel(provider, SOFA)).body.data.id as string;
      expect(sofa.body.data).toMatchObject({
        uid: SOFA,
        name: 'Mid-Century Sofa',
        downloadable: true,
        importable: true,
        refusal: null,
        asset_id: imported,
        credit: { user: { name: 'Nordic Loft Studio' }, license: { label: 'CC Attribution' } },
      });
      const plant = await provider.get(`${INTEGRATION}/download?uid=${PLANT}`);
      expect(plant.body.data).toMatchObject({
        downloadable: true,
        importable: false,
        refusal: SKETCHFAB_MESSAGES.licenseRefused('CC Attribution-NoDerivs'),
        asset_id: null,
      });
      const unknown = await provider.get(`${INTEGRATION}/download?uid=${UNKNOWN}`);
      expect(unknown.status).toBe(404);
      // Another provider reads the model, not this provider's asset.
      const theirs = await other.get(`${INTEGRATION}/download?uid=${SOFA}`);
      expect(theirs.body.data.asset_id).toBeNull();
    });

    it('renews the access when Sketchfab stops taking it, once, and the import goes on', async () => {
      const expired = await fetch(`${it_.emulators.url}/sketchfab/_oauth/expire_access_tokens`, {
        method: 'POST',
      });
      expect(expired.status).toBe(200);
      const answer = await importModel(provider, LAMP);
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({ name: 'Brass Floor Lamp', category: { id: 'lighting' } });
      const [row] = await rows<{ refreshedAt: Date | null }>(
        it_.propertiesDb.dataSource,
        'SELECT refreshed_at AS "refreshedAt" FROM sketchfab_connections WHERE provider_id = $1',
        [provider.providerId],
      );
      expect(row!.refreshedAt).not.toBeNull();
    });
  });

  describe('another provider', () => {
    it('cannot see, delete or reach the imported asset', async () => {
      const asset = (await importModel(provider, TABLE)).body.data;
      const theirs = await other.get(ASSETS);
      expect(theirs.status).toBe(200);
      expect(theirs.body.data.items.map((item: { id: string }) => item.id)).not.toContain(asset.id);
      const deleted = await other.send('delete', `/provider/vt_staging/assets/${asset.id}.json`);
      expect(deleted.status).toBe(404);
      expect(deleted.body).toEqual({ errors: { base: ['Asset not found'] } });
      // Its own import of the same model is refused without its own connection, and stores nothing.
      const refused = await importModel(other, TABLE);
      expect(refused.status).toBe(409);
      expect((await stored(other.providerId)).assets).toBe(0);
    });

    it('deleting the asset forgets the import: the model can be imported again', async () => {
      const asset = (await importModel(provider, TABLE)).body.data;
      expect((await provider.send('delete', `/provider/vt_staging/assets/${asset.id}.json`)).status).toBe(
        204,
      );
      const again = await importModel(provider, TABLE);
      expect(again.status).toBe(200);
      expect(again.body.data.id).not.toBe(asset.id);
    });
  });

  describe('an asset a published scene places', () => {
    it('is archived when deleted; importing the model again makes a new asset, the scene keeps the old', async () => {
      await shareTour(it_, provider, propertyId);
      await onPlan(it_, provider, 'vt_creator_plan');
      const placed = (await importModel(provider, SOFA)).body.data.id as string;
      const scene = {
        placements: [{ asset_id: placed, position: { x: 1, y: 0, z: -2 }, yaw: 0, scale: 1, floor: 0 }],
      };
      expect(
        (await provider.send('post', `/provider/properties/${propertyId}/vt_staging/scene`, { scene }))
          .status,
      ).toBe(200);
      const slug = (await provider.get(`/provider/properties/${propertyId}`)).body.data.slug as string;
      const published = await provider.send('put', '/provider/virtual_tours/layers/publish', {
        property_slug: slug,
        publish: true,
      });
      expect(published.status).toBe(200);

      expect((await provider.send('delete', `/provider/vt_staging/assets/${placed}.json`)).status).toBe(204);
      const archived = await one<{ archived: boolean }>(
        it_.propertiesDb.dataSource,
        'SELECT archived_at IS NOT NULL AS archived FROM staging_assets WHERE id = $1',
        [placed],
      );
      expect(archived).toEqual({ archived: true });
      // Out of the library, so the import does not answer it: the model comes in again as a new asset.
      const details = await provider.get(`${INTEGRATION}/download?uid=${SOFA}`);
      expect(details.body.data.asset_id).toBeNull();
      const again = await importModel(provider, SOFA);
      expect(again.status).toBe(200);
      expect(again.body.data).toMatchObject({ name: 'Mid-Century Sofa', archived_at: null });
      expect(again.body.data.id).not.toBe(placed);
      // Still one import of the model, now the new asset's; importing it once more answers that one.
      const imported = await rows<{ assetId: string }>(
        it_.propertiesDb.dataSource,
        'SELECT asset_id AS "assetId" FROM sketchfab_imports WHERE provider_id = $1 AND model_uid = $2',
        [provider.providerId, SOFA],
      );
      expect(imported).toEqual([{ assetId: again.body.data.id }]);
      expect((await importModel(provider, SOFA)).body.data.id).toBe(again.body.data.id);
      // The published scene still places the archived one.
      const draft = await provider.get(`/provider/properties/${propertyId}/vt_staging/?scene_data=true`);
      expect(draft.body.data.placements.map((shown: { asset: { id: string } }) => shown.asset.id)).toEqual([
        placed,
      ]);
    });
  });

  describe('converting a glTF zip', () => {
    /** The emulator's own download links for a model, with a token of its OAuth server (as the adapter gets one). */
    async function downloadLinks(uid: string): Promise<{ gltf: { url: string }; glb: { url: string } }> {
      const redirectUri = `http://127.0.0.1${SKETCHFAB_CALLBACK_PATH}`;
      const authorize = new URL(`${it_.emulators.url}/sketchfab/oauth2/authorize/`);
      authorize.search = new URLSearchParams({
        response_type: 'code',
        client_id: SKETCHFAB_OAUTH_CLIENT_DEFAULTS.clientId,
        redirect_uri: redirectUri,
        state: 'conversion',
      }).toString();
      const back = await authorizeOnSketchfab(authorize.toString(), 'demo-stager');
      const code = new URLSearchParams(back.split('?')[1]).get('code')!;
      const token = await fetch(`${it_.emulators.url}/sketchfab/oauth2/token/`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: SKETCHFAB_OAUTH_CLIENT_DEFAULTS.clientId,
          client_secret: SKETCHFAB_OAUTH_CLIENT_DEFAULTS.clientSecret,
        }),
      });
      const { access_token: accessToken } = (await token.json()) as { access_token: string };
      const links = await fetch(`${it_.emulators.url}/sketchfab/v3/models/${uid}/download`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(links.status).toBe(200);
      return (await links.json()) as { gltf: { url: string }; glb: { url: string } };
    }
    const bytesAt = async (url: string) => new Uint8Array(await (await fetch(url)).arrayBuffer());

    it('makes one GLB of Sketchfab’s zip that the library reads as it reads the GLB download', async () => {
      const links = await downloadLinks(TABLE);
      const zip = await bytesAt(links.gltf.url);
      const converted = await glbFromGltfZip(zip);
      expect(Buffer.from(converted.subarray(0, 4)).toString('latin1')).toBe('glTF');
      const facts = await readModel(converted);
      expect(facts).not.toHaveProperty('refused');
      expect(facts).toEqual(await readModel(await bytesAt(links.glb.url)));

      // A zip without the buffer its glTF names, or without a glTF at all, is refused as unreadable.
      const files = unzipSync(zip);
      const { ['scene.bin']: _bin, ...withoutBuffer } = files;
      await expect(glbFromGltfZip(zipSync(withoutBuffer))).rejects.toEqual(new ArchiveRefused(null));
      await expect(glbFromGltfZip(zipSync({ 'license.txt': strToU8('CC0') }))).rejects.toBeInstanceOf(
        ArchiveRefused,
      );
      await expect(glbFromGltfZip(strToU8('not a zip'))).rejects.toBeInstanceOf(ArchiveRefused);
    });
  });

  describe('Sketchfab down', () => {
    it('answers 503 in words, never a 500, and stores nothing', async () => {
      const before = await stored(provider.providerId);
      await it_.emulators.close();
      const refused = await importModel(provider, RUG);
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({ errors: { base: [SKETCHFAB_MESSAGES.unavailable] } });
      const details = await provider.get(`${INTEGRATION}/download?uid=${SOFA}`);
      expect(details.status).toBe(503);
      expect(await stored(provider.providerId)).toEqual(before);
    });
  });
});
