import { defaultTourLayers, TOUR_LIMITS, TOUR_MESSAGES } from '@tourly/contracts';
import { CONFIG, one, rows, uuidv7 } from '@tourly/platform';
import type { PropertiesConfig } from '../src/config';
import { imageInUse } from '../src/tour-assets/tour-assets.service';
import { UploadsSweeper } from '../src/uploads/uploads.sweeper';
import {
  aProperty,
  aTemporaryUpload,
  jpeg,
  multipart,
  objectKeys,
  pdf,
  png,
  postMultipart,
  storageClient,
} from './media-support';
import { shareTour, startProperties, type PropertiesAlone, type Person } from './support';

const TEMPLATES = '/provider/virtual_tours/overlay_templates';
const IMAGES = '/provider/virtual_tours/location_images';
const METADATA = '/provider/virtual_tours/menu/action_metadata';

/** The overlay as the page sends it (snake_case on the wire; the overlay's keys are single words). */
const overlay = () => defaultTourLayers().overlay;

/**
 * Issue 12, the tour workspace's assets (properties alone, with storage): overlay templates, location images, the
 * metadata of a menu link's page (guarded against reaching the platform's own network) and the public preview of a
 * shared tour. Each provider reaches only its own rows; every refusal changes nothing.
 */
describe('tour assets', () => {
  let it_: PropertiesAlone;
  let provider: Person;
  let other: Person;
  let config: PropertiesConfig;

  beforeAll(async () => {
    it_ = await startProperties({ s3: true });
    provider = await it_.signUp('Tour Assets');
    other = await it_.signUp('Other Tour Assets');
    config = it_.service.app.get<PropertiesConfig>(CONFIG);
  });
  afterAll(() => it_.stop());

  const db = () => it_.propertiesDb.dataSource;
  const count = async (sql: string, params: unknown[]) =>
    (await one<{ n: number }>(db(), `SELECT count(*)::int AS n FROM ${sql}`, params))!.n;
  const fileState = (id: string) =>
    one<{ attached: boolean; discarded: boolean }>(
      db(),
      `SELECT attached_at IS NOT NULL AS attached, discarded_at IS NOT NULL AS discarded FROM files WHERE id = $1`,
      [id],
    );

  describe('location images', () => {
    const add = (person: Person, file: { filename: string; content: Buffer }) =>
      postMultipart(it_, person, `${IMAGES}.json`, multipart('location_image[file]', file));

    it('stores an image at once: its id, presigned URL and thumbnail, name, size in pixels', async () => {
      const answer = await add(provider, { filename: 'lobby.png', content: await png(640, 480) });
      expect(answer.status).toBe(201);
      expect(answer.body.data).toEqual({
        id: expect.any(String),
        url: expect.stringContaining('lobby.png'),
        thumbnail_url: expect.stringContaining('thumbnail.jpg'),
        filename: 'lobby.png',
        width: 640,
        height: 480,
        created_at: expect.any(String),
      });
      const image = await one<{ fileId: string }>(
        db(),
        'SELECT file_id AS "fileId" FROM location_images WHERE id = $1 AND provider_id = $2',
        [answer.body.data!.id, provider.providerId],
      );
      expect(await fileState(image!.fileId)).toEqual({ attached: true, discarded: false });
    });

    it('takes images only, by their bytes, keeping nothing of a refused file', async () => {
      const before = await count('location_images WHERE provider_id = $1', [provider.providerId]);
      const files = await count('files WHERE provider_id = $1', [provider.providerId]);
      const document = await add(provider, { filename: 'plan.png', content: pdf() });
      expect(document).toEqual({
        status: 422,
        body: { errors: { 'location_image.file': ['must be an image (JPEG, PNG, WebP or GIF)'] } },
      });
      const elsewhere = await postMultipart(
        it_,
        provider,
        `${IMAGES}.json`,
        multipart('file', { filename: 'a.jpg', content: await jpeg(10, 10) }),
      );
      expect(elsewhere).toEqual({ status: 422, body: { errors: { 'location_image.file': ['Required'] } } });
      expect(await count('location_images WHERE provider_id = $1', [provider.providerId])).toBe(before);
      expect(await count('files WHERE provider_id = $1', [provider.providerId])).toBe(files);
    });

    it('deletes the provider’s own image (204), its file discarded and swept from storage', async () => {
      const added = (await add(provider, { filename: 'porch.jpg', content: await jpeg(300, 200) })).body
        .data!;
      const { fileId } = (await one<{ fileId: string }>(
        db(),
        'SELECT file_id AS "fileId" FROM location_images WHERE id = $1',
        [added.id],
      ))!;
      const s3 = storageClient(it_);
      const keys = () => objectKeys(s3, it_.storage!.bucket, `uploads/${provider.providerId}/${fileId}/`);
      expect(await keys()).toHaveLength(2);

      const refused = await other.send('delete', `${IMAGES}/${added.id}`);
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({ errors: { base: [TOUR_MESSAGES.locationImageNotFound] } });
      expect(await count('location_images WHERE id = $1', [added.id])).toBe(1);

      const removed = await provider.send('delete', `${IMAGES}/${added.id}`);
      expect(removed.status).toBe(204);
      expect(removed.text).toBe('');
      expect(await count('location_images WHERE id = $1', [added.id])).toBe(0);
      await it_.service.app.get(UploadsSweeper).sweepNow();
      expect(await count('files WHERE id = $1', [fileId])).toBe(0);
      expect(await keys()).toEqual([]);
      s3.destroy();

      const again = await provider.send('delete', `${IMAGES}/${added.id}`);
      expect(again.status).toBe(404);
      const malformed = await provider.send('delete', `${IMAGES}/not-an-id`);
      expect(malformed.body).toEqual({ errors: { base: [TOUR_MESSAGES.locationImageNotFound] } });
    });

    it('keeps an image a welcome screen shows (409 naming the tour), until the screen shows another', async () => {
      const image = (await add(provider, { filename: 'welcome.jpg', content: await jpeg(300, 200) })).body
        .data!;
      const propertyId = await aProperty(provider, 'Welcome Cottage');
      const link = await provider.get(`/provider/properties/${propertyId}/player_link`);
      const screen = (imageId: string | null) =>
        provider.send(
          'post',
          `/provider/virtual_tours/${link.body.data.virtual_tour.id}/overlay_welcome_screen`,
          {
            overlay_welcome_screen: {
              enabled: true,
              title: 'Welcome',
              message: '',
              image_id: imageId,
              button_label: 'Go',
            },
          },
        );
      expect((await screen(image.id)).status).toBe(200);

      const refused = await provider.send('delete', `${IMAGES}/${image.id}`);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ errors: { base: [imageInUse(['Welcome Cottage'])] } });
      expect(await count('location_images WHERE id = $1', [image.id])).toBe(1);

      expect((await screen(null)).status).toBe(200);
      expect((await provider.send('delete', `${IMAGES}/${image.id}`)).status).toBe(204);
    });
  });

  describe('overlay templates', () => {
    const create = (person: Person, template: Record<string, unknown>) =>
      person.send('post', TEMPLATES, { overlay_template: template });
    const templates = (person: Person) =>
      count('overlay_templates WHERE provider_id = $1', [person.providerId]);

    it('saves a template with a thumbnail from a temporary upload, using the upload up', async () => {
      const upload = await aTemporaryUpload(it_, provider, {
        filename: 'thumb.jpg',
        content: await jpeg(200, 120),
      });
      const answer = await create(provider, {
        name: 'Dark banner',
        overlay: overlay(),
        thumbnail_id: upload,
      });
      expect(answer.status).toBe(201);
      expect(answer.body.data).toEqual({
        id: expect.any(String),
        name: 'Dark banner',
        overlay: overlay(),
        thumbnail_url: expect.stringContaining('thumbnail.jpg'),
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      expect(await fileState(upload)).toEqual({ attached: true, discarded: false });
      const reused = await create(provider, { name: 'Again', overlay: overlay(), thumbnail_id: upload });
      expect(reused.status).toBe(422);
      expect(reused.body.errors).toEqual({
        'overlay_template.thumbnail_id': [
          'is not an upload of yours that is waiting to be used (it may have expired)',
        ],
      });
    });

    it('refuses a bad template, saving nothing', async () => {
      const before = await templates(provider);
      const document = await aTemporaryUpload(it_, provider, { filename: 'a.pdf', content: pdf() });
      const othersUpload = await aTemporaryUpload(it_, other, {
        filename: 'b.jpg',
        content: await jpeg(20, 20),
      });
      const twoButtons = overlay();
      twoButtons.bottom.columns[1] = [{ type: 'menu-button' }];
      const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
        [{ overlay: overlay() }, { 'overlay_template.name': ['Required'] }],
        [{ name: '  ', overlay: overlay() }, { 'overlay_template.name': ['Required'] }],
        [
          { name: 'x'.repeat(TOUR_LIMITS.templateName + 1), overlay: overlay() },
          { 'overlay_template.name': [`must be at most ${TOUR_LIMITS.templateName} characters`] },
        ],
        [{ name: 'No overlay' }, { 'overlay_template.overlay': ['Required'] }],
        [
          { name: 'Bad thumbnail', overlay: overlay(), thumbnail_id: document },
          { 'overlay_template.thumbnail_id': ['must be an image (JPEG, PNG, WebP or GIF)'] },
        ],
        [
          { name: 'Someone else’s', overlay: overlay(), thumbnail_id: othersUpload },
          {
            'overlay_template.thumbnail_id': [
              'is not an upload of yours that is waiting to be used (it may have expired)',
            ],
          },
        ],
        [
          { name: 'Not an id', overlay: overlay(), thumbnail_id: 'abc' },
          {
            'overlay_template.thumbnail_id': [
              'is not an upload of yours that is waiting to be used (it may have expired)',
            ],
          },
        ],
      ];
      for (const [template, errors] of cases) {
        const answer = await create(provider, template);
        expect({ status: answer.status, errors: answer.body.errors }).toEqual({ status: 422, errors });
      }
      const invalid = await create(provider, { name: 'Two buttons', overlay: twoButtons });
      expect(invalid.status).toBe(422);
      expect(Object.keys(invalid.body.errors)[0]).toMatch(/^overlay_template\.overlay\./);
      expect(await templates(provider)).toBe(before);
      expect(await fileState(document)).toEqual({ attached: false, discarded: false });
    });

    it('lists the provider’s own templates newest first, paged and searched by name', async () => {
      const owner = await it_.signUp('Templates List');
      for (const name of ['Sunset', 'Harbour Night', 'sunrise', 'Plain']) {
        expect((await create(owner, { name, overlay: overlay() })).status).toBe(201);
      }
      await create(other, { name: 'Sunset of another', overlay: overlay() });
      const all = await owner.get(TEMPLATES);
      expect(all.status).toBe(200);
      expect(all.body.data.items.map((item: { name: string }) => item.name)).toEqual([
        'Plain',
        'sunrise',
        'Harbour Night',
        'Sunset',
      ]);
      expect(all.body.data).toMatchObject({ current_page: 1, total_pages: 1, total_count: 4 });
      const searched = await owner.get(`${TEMPLATES}?search=SUN`);
      expect(searched.body.data.items.map((item: { name: string }) => item.name)).toEqual([
        'sunrise',
        'Sunset',
      ]);
      const paged = await owner.get(`${TEMPLATES}?page=2&page_size=3`);
      expect(paged.body.data).toMatchObject({ current_page: 2, total_pages: 2, total_count: 4 });
      expect(paged.body.data.items.map((item: { name: string }) => item.name)).toEqual(['Sunset']);
      const wildcard = await owner.get(`${TEMPLATES}?search=%25`);
      expect(wildcard.body.data.total_count).toBe(0);
      const badPage = await owner.get(`${TEMPLATES}?page_size=101`);
      expect(badPage.status).toBe(422);
      expect(badPage.body.errors).toEqual({ page_size: ['must be at most 100'] });
    });

    it('changes the keys sent; a new thumbnail replaces the old, whose file is discarded; null removes it', async () => {
      const first = await aTemporaryUpload(it_, provider, {
        filename: 'one.jpg',
        content: await jpeg(40, 40),
      });
      const created = (await create(provider, { name: 'Before', overlay: overlay(), thumbnail_id: first }))
        .body.data;
      const renamed = await provider.send('put', `${TEMPLATES}/${created.id}`, {
        overlay_template: { name: 'After' },
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body.data).toMatchObject({ name: 'After', overlay: overlay() });
      expect(renamed.body.data.thumbnail_url).toEqual(expect.stringContaining('thumbnail.jpg'));

      const changed = overlay();
      changed.menu.type = 'burger_menu';
      const second = await aTemporaryUpload(it_, provider, {
        filename: 'two.png',
        content: await png(30, 30),
      });
      const replaced = await provider.send('put', `${TEMPLATES}/${created.id}`, {
        overlay_template: { overlay: changed, thumbnail_id: second },
      });
      expect(replaced.status).toBe(200);
      expect(replaced.body.data).toMatchObject({ name: 'After', overlay: changed });
      expect(await fileState(second)).toEqual({ attached: true, discarded: false });
      expect((await fileState(first)) ?? { discarded: true }).toMatchObject({ discarded: true });

      const cleared = await provider.send('put', `${TEMPLATES}/${created.id}`, {
        overlay_template: { thumbnail_id: null },
      });
      expect(cleared.body.data.thumbnail_url).toBeNull();
      expect((await fileState(second)) ?? { discarded: true }).toMatchObject({ discarded: true });

      const empty = await provider.send('put', `${TEMPLATES}/${created.id}`, {
        overlay_template: { name: '' },
      });
      expect(empty.status).toBe(422);
      expect(empty.body.errors).toEqual({ 'overlay_template.name': ['Required'] });
      const unchanged = await one<{ name: string }>(
        db(),
        'SELECT name FROM overlay_templates WHERE id = $1',
        [created.id],
      );
      expect(unchanged).toEqual({ name: 'After' });
    });

    it('keeps templates to their provider: another provider’s id is a 404 and changes nothing', async () => {
      const created = (await create(provider, { name: 'Mine', overlay: overlay() })).body.data;
      const stored = async () =>
        one<{ name: string; updatedAt: Date }>(
          db(),
          'SELECT name, updated_at AS "updatedAt" FROM overlay_templates WHERE id = $1',
          [created.id],
        );
      const before = await stored();
      const notFound = { errors: { base: [TOUR_MESSAGES.templateNotFound] } };
      const update = await other.send('put', `${TEMPLATES}/${created.id}`, {
        overlay_template: { name: 'Theirs' },
      });
      expect({ status: update.status, body: update.body }).toEqual({ status: 404, body: notFound });
      const remove = await other.send('delete', `${TEMPLATES}/${created.id}`);
      expect({ status: remove.status, body: remove.body }).toEqual({ status: 404, body: notFound });
      const malformed = await provider.send('put', `${TEMPLATES}/nope`, { overlay_template: { name: 'x' } });
      expect({ status: malformed.status, body: malformed.body }).toEqual({ status: 404, body: notFound });
      expect(await stored()).toEqual(before);
      const listed = await other.get(TEMPLATES);
      expect(listed.body.data.items.map((item: { id: string }) => item.id)).not.toContain(created.id);
    });

    it('deletes a template (204) and discards its thumbnail’s file', async () => {
      const upload = await aTemporaryUpload(it_, provider, {
        filename: 't.jpg',
        content: await jpeg(20, 20),
      });
      const created = (
        await create(provider, { name: 'Gone soon', overlay: overlay(), thumbnail_id: upload })
      ).body.data;
      const removed = await provider.send('delete', `${TEMPLATES}/${created.id}`);
      expect(removed.status).toBe(204);
      expect(await count('overlay_templates WHERE id = $1', [created.id])).toBe(0);
      expect((await fileState(upload)) ?? { discarded: true }).toMatchObject({ discarded: true });
      expect((await provider.send('delete', `${TEMPLATES}/${created.id}`)).status).toBe(404);
    });

    it(`keeps at most ${TOUR_LIMITS.templates} templates per provider`, async () => {
      const owner = await it_.signUp('Many Templates');
      await rows(
        db(),
        `INSERT INTO overlay_templates (id, provider_id, name, search_text, overlay)
         SELECT gen_random_uuid(), $1, 'T' || n, 't' || n, $2::jsonb FROM generate_series(1, $3) AS n`,
        [owner.providerId, JSON.stringify(overlay()), TOUR_LIMITS.templates - 1],
      );
      expect((await create(owner, { name: 'The last one', overlay: overlay() })).status).toBe(201);
      const refused = await create(owner, { name: 'One too many', overlay: overlay() });
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({
        base: [
          `You can keep at most ${TOUR_LIMITS.templates} overlay templates: delete one to save another.`,
        ],
      });
      expect(await templates(owner)).toBe(TOUR_LIMITS.templates);
    });
  });

  /** A player link as the tours feature makes it (its route is the tours feature's): namespace, then link. */
  const aPlayerLink = async (person: Person, propertyId: string, modelSlug: string) => {
    const clientSlug = uuidv7().replace(/-/g, '').slice(-8);
    await rows(
      db(),
      'INSERT INTO player_link_namespaces (provider_id, slug) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [person.providerId, clientSlug],
    );
    const namespace = await one<{ slug: string }>(
      db(),
      'SELECT slug FROM player_link_namespaces WHERE provider_id = $1',
      [person.providerId],
    );
    await rows(
      db(),
      `INSERT INTO player_links (id, provider_id, property_id, client_slug, model_slug) VALUES ($1, $2, $3, $4, $5)`,
      [uuidv7(), person.providerId, propertyId, namespace!.slug, modelSlug],
    );
    return { clientSlug: namespace!.slug, modelSlug };
  };

  const share = (person: Person, propertyId: string) => shareTour(it_, person, propertyId);

  describe('a menu link’s page', () => {
    const metadata = (link: string, person = provider) =>
      person.get(`${METADATA}?link=${encodeURIComponent(link)}`);

    it.each([
      ['http://127.0.0.1/', TOUR_MESSAGES.metadataNotPublic],
      ['http://127.0.0.1:3000/admin', TOUR_MESSAGES.metadataNotPublic],
      ['http://0x7f.1/', TOUR_MESSAGES.metadataNotPublic],
      ['http://localhost/', TOUR_MESSAGES.metadataNotPublic],
      ['http://localhost./', TOUR_MESSAGES.metadataNotPublic],
      ['http://[::1]/', TOUR_MESSAGES.metadataNotPublic],
      ['http://10.0.0.1/', TOUR_MESSAGES.metadataNotPublic],
      ['http://169.254.169.254/latest/meta-data/', TOUR_MESSAGES.metadataNotPublic],
      ['http://metadata.google.internal/', TOUR_MESSAGES.metadataNotPublic],
      ['https://matterport.com/', TOUR_MESSAGES.metadataFromScanService],
      ['https://my.matterport.com/show/?m=SxQL3iGyoDo', TOUR_MESSAGES.metadataFromScanService],
      ['not a link', 'Invalid URL'],
      ['file:///etc/passwd', 'Invalid URL'],
    ])('refuses %s: %s', async (link, message) => {
      const answer = await metadata(link);
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 422,
        body: { errors: { link: [message] } },
      });
    });

    it('refuses the scan viewer’s host, whatever it is configured to be', async () => {
      const answer = await metadata(new URL('?m=abc', config.MATTERPORT_SHOWCASE_URL).toString());
      expect(answer.body).toEqual({ errors: { link: [TOUR_MESSAGES.metadataFromScanService] } });
    });

    it('needs a link', async () => {
      const answer = await provider.get(METADATA);
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 422,
        body: { errors: { link: ['Required'] } },
      });
    });

    it('answers a link to one of the platform’s tours from the database: the caller’s own, or a shared one', async () => {
      const propertyId = await aProperty(provider, 'Lighthouse Cottage');
      const photo = await aTemporaryUpload(it_, provider, {
        filename: 'front.jpg',
        content: await jpeg(60, 40),
      });
      expect(
        (
          await provider.send('post', `/provider/properties/${propertyId}/photos/upload_single`, {
            photo: { temporary_upload_id: photo },
          })
        ).status,
      ).toBe(201);
      const link = await aPlayerLink(provider, propertyId, 'lighthouse-cottage');
      const appUrl = config.APP_URL.replace(/\/$/, '');
      const tourUrl = `${appUrl}/tours/${link.clientSlug}/${link.modelSlug}`;

      const own = await metadata(tourUrl);
      expect(own.status).toBe(200);
      expect(own.body.data).toEqual({
        url: tourUrl,
        title: 'Lighthouse Cottage',
        description: '12 Harbour St, Sydney NSW 2000, Australia',
        image_url: expect.stringContaining('front.jpg'),
      });
      const onOwnDomain = await metadata(`https://tourly.app/tours/${link.clientSlug}/${link.modelSlug}`);
      expect(onOwnDomain.body.data.title).toBe('Lighthouse Cottage');

      // Another provider's link to the tour: not found until it is shared.
      const unshared = await metadata(tourUrl, other);
      expect({ status: unshared.status, body: unshared.body }).toEqual({
        status: 422,
        body: { errors: { link: [TOUR_MESSAGES.tourNotFound] } },
      });
      await share(provider, propertyId);
      const shared = await metadata(tourUrl, other);
      expect(shared.status).toBe(200);
      expect(shared.body.data.title).toBe('Lighthouse Cottage');

      const unknown = await metadata(`${appUrl}/tours/${link.clientSlug}/no-such-tour`);
      expect(unknown.body).toEqual({ errors: { link: [TOUR_MESSAGES.tourNotFound] } });
    });
  });

  describe('the public metadata of a tour', () => {
    it('answers a shared tour’s url, title, address and image to anyone; 404 otherwise', async () => {
      const owner = await it_.signUp('Public Metadata');
      const propertyId = await aProperty(owner, 'Garden Flat');
      const link = await aPlayerLink(owner, propertyId, 'garden-flat');
      const path = `/tours/${link.clientSlug}/${link.modelSlug}/metadata`;
      const notFound = { errors: { base: [TOUR_MESSAGES.tourNotFound] } };

      const unshared = await it_.http.get(path);
      expect({ status: unshared.status, body: unshared.body }).toEqual({ status: 404, body: notFound });

      await share(owner, propertyId);
      const shared = await it_.http.get(path);
      expect(shared.status).toBe(200);
      expect(shared.body.data).toEqual({
        url: `${config.APP_URL.replace(/\/$/, '')}/tours/${link.clientSlug}/${link.modelSlug}`,
        title: 'Garden Flat',
        address: '12 Harbour St, Sydney NSW 2000, Australia',
        image_url: null,
      });

      // The plan stops publishing: the tour is not shared any more, whatever its published feature says.
      await rows(db(), `UPDATE provider_plans SET product_code = 'free_tier_plan' WHERE provider_id = $1`, [
        owner.providerId,
      ]);
      expect((await it_.http.get(path)).status).toBe(404);
      await rows(db(), `UPDATE provider_plans SET product_code = 'starter_plan' WHERE provider_id = $1`, [
        owner.providerId,
      ]);
      expect((await it_.http.get(path)).status).toBe(200);

      const deleted = await owner.send('delete', `/provider/properties/${propertyId}`);
      expect(deleted.status).toBeLessThan(300);
      const gone = await it_.http.get(path);
      expect({ status: gone.status, body: gone.body }).toEqual({ status: 404, body: notFound });
      const unknown = await it_.http.get(`/tours/${link.clientSlug}/nothing-here/metadata`);
      expect(unknown.status).toBe(404);
    });
  });
});
