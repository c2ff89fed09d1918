import { Database, toCamelKeys, uuidv7, rows } from '@tourly/platform';
import { UploadsSweeper } from '../src/uploads/uploads.sweeper';
import { aProperty, aTemporaryUpload, jpeg, mp4, objectKeys, pdf, png, storageClient } from './media-support';
import { startPropertiesPlatform, type PropertiesPlatform, type Person } from './support';

const NOT_AN_IMAGE = 'must be an image (JPEG, PNG, WebP or GIF)';
const UNUSABLE = 'is not an upload of yours that is waiting to be used (it may have expired)';

/**
 * 001 §3, §5, §7 media of a property: photos, videos, floorplans, media links and contacts, from temporary
 * uploads (checked by content for each kind), scoped to the provider: another provider's ids are a 404.
 */
describe('media of a property', () => {
  let it_: PropertiesPlatform;
  let provider: Person;
  let other: Person;
  let propertyId: string;
  let theirs: string;

  beforeAll(async () => {
    it_ = await startPropertiesPlatform({ s3: true });
    provider = await it_.signUp('Media Media');
    other = await it_.signUp('Other Media Media');
    propertyId = await aProperty(provider);
    theirs = await aProperty(other, 'Their house');
  });
  afterAll(() => it_.stop());

  const base = (id = propertyId) => `/provider/properties/${id}`;
  const anImage = async (width = 800, height = 600, name = 'photo.jpg') =>
    aTemporaryUpload(it_, provider, { filename: name, content: await jpeg(width, height) });
  const added = async (kind: string) =>
    (
      await rows<{ data: unknown }>(
        it_.propertiesDb.dataSource,
        `SELECT envelope -> 'data' AS data FROM outbox WHERE subject = 'properties.media.added.v1'
          AND envelope -> 'data' ->> 'kind' = $1 AND envelope -> 'data' ->> 'property_id' = $2 ORDER BY created_at`,
        [kind, propertyId],
      )
    ).map((row) => toCamelKeys<{ mediaIds: string[] }>(row.data));

  describe('photos', () => {
    it('adds photos from uploads in the order given, with thumbnails and the square flag, and announces them', async () => {
      const wide = await anImage(800, 600, 'wide.jpg');
      const square = await anImage(600, 560, 'square.jpg');
      const many = await provider.send('post', `${base()}/photos/upload_multiple`, {
        photo: { temporary_upload_ids: [wide, square] },
      });
      expect(many.status).toBe(201);
      expect(many.body.data).toEqual([
        expect.objectContaining({
          kind: 'photo',
          source: 'uploaded',
          position: 1,
          file_id: wide,
          filename: 'wide.jpg',
          content_type: 'image/jpeg',
          width: 800,
          height: 600,
          square: false,
          url: expect.stringContaining('/wide.jpg'),
          thumbnail_url: expect.stringContaining('/thumbnail.jpg'),
        }),
        expect.objectContaining({ position: 2, file_id: square, square: true }),
      ]);
      const single = await provider.send('post', `${base()}/photos/upload_single`, {
        photo: {
          temporary_upload_id: await aTemporaryUpload(it_, provider, {
            filename: 'a.png',
            content: await png(300, 200),
          }),
        },
      });
      expect(single.status).toBe(201);
      expect(single.body.data).toMatchObject({ position: 3, content_type: 'image/png', square: false });

      const listed = await provider.get(`${base()}/photos?source=uploaded`);
      expect(listed.status).toBe(200);
      expect(listed.body.data.map((photo: { filename: string }) => photo.filename)).toEqual([
        'wide.jpg',
        'square.jpg',
        'a.png',
      ]);
      const finalized = await provider.get(`${base()}/photos/finalize`);
      expect(finalized.body.data).toHaveLength(3);
      expect(await added('photo')).toEqual([
        {
          providerId: provider.providerId,
          propertyId,
          kind: 'photo',
          mediaIds: many.body.data.map((p: { id: string }) => p.id),
        },
        { providerId: provider.providerId, propertyId, kind: 'photo', mediaIds: [single.body.data.id] },
      ]);
    });

    it('refuses a PDF renamed .jpg as a photo, an upload used twice, and ids that are not uploads', async () => {
      const renamed = await aTemporaryUpload(it_, provider, { filename: 'photo.jpg', content: pdf() });
      const refused = await provider.send('post', `${base()}/photos/upload_multiple`, {
        photo: { temporary_upload_ids: [renamed] },
      });
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({ 'photo.temporary_upload_ids': [NOT_AN_IMAGE] });

      const once = await anImage();
      expect(
        (
          await provider.send('post', `${base()}/photos/upload_single`, {
            photo: { temporary_upload_id: once },
          })
        ).status,
      ).toBe(201);
      const twice = await provider.send('post', `${base()}/photos/upload_single`, {
        photo: { temporary_upload_id: once },
      });
      expect(twice.status).toBe(422);
      expect(twice.body.errors).toEqual({ 'photo.temporary_upload_id': [UNUSABLE] });

      const garbage = await provider.send('post', `${base()}/photos/upload_multiple`, {
        photo: { temporary_upload_ids: ['not-an-id'] },
      });
      expect(garbage.status).toBe(422);
      expect(garbage.body.errors).toEqual({ 'photo.temporary_upload_ids': [UNUSABLE] });
      const missing = await provider.send('post', `${base()}/photos/upload_multiple`, { photo: {} });
      expect(missing.body.errors).toEqual({ 'photo.temporary_upload_ids': ['Required'] });
      const source = await provider.get(`${base()}/photos?source=scanned`);
      expect(source.status).toBe(422);
      expect(source.body.errors).toEqual({ source: ['must be one of: uploaded, external'] });
    });

    it('deletes a photo; its file goes with the sweep', async () => {
      const photo = (
        await provider.send('post', `${base()}/photos/upload_single`, {
          photo: { temporary_upload_id: await anImage() },
        })
      ).body.data;
      const deleted = await provider.send('delete', `${base()}/photos/${photo.id}`);
      expect(deleted.status).toBe(200);
      expect(deleted.body.data).toEqual({ ids: [photo.id] });
      const ids = (await provider.get(`${base()}/photos`)).body.data.map((p: { id: string }) => p.id);
      expect(ids).not.toContain(photo.id);
      // The removal starts a sweep: the file's row and objects go.
      await it_.platform.services.properties.app.get(UploadsSweeper).sweepNow();
      const rows = await it_.propertiesDb.dataSource.query('SELECT id FROM files WHERE id = $1', [
        photo.file_id,
      ]);
      expect(rows).toEqual([]);
      const s3 = storageClient(it_);
      const keys = await objectKeys(
        s3,
        it_.storage!.bucket,
        `uploads/${provider.providerId}/${photo.file_id}/`,
      );
      s3.destroy();
      expect(keys).toEqual([]);
      const again = await provider.send('delete', `${base()}/photos/${photo.id}`);
      expect(again.status).toBe(404);
      expect(again.body.errors).toEqual({ base: ['Photo not found'] });
    });
  });

  describe('videos', () => {
    it('adds an uploaded video and links to videos elsewhere; reads and deletes them', async () => {
      const upload = await aTemporaryUpload(
        it_,
        provider,
        { filename: 'walkthrough.mp4', content: mp4() },
        'video',
      );
      const uploaded = await provider.send('post', `${base()}/property_videos`, {
        property_video: { temporary_upload_id: upload, title: 'Walkthrough' },
      });
      expect(uploaded.status).toBe(201);
      expect(uploaded.body.data).toMatchObject({
        kind: 'video',
        source: 'uploaded',
        name: 'Walkthrough',
        content_type: 'video/mp4',
        filename: 'walkthrough.mp4',
      });
      const link = await provider.send('post', `${base()}/property_videos`, {
        property_video: { url: 'https://www.youtube.com/watch?v=abc123', title: 'Drone' },
      });
      expect(link.status).toBe(201);
      expect(link.body.data).toMatchObject({
        source: 'external',
        url: 'https://www.youtube.com/watch?v=abc123',
        name: 'Drone',
        file_id: null,
      });
      const external = await provider.get(`${base()}/property_videos?source=external`);
      expect(external.body.data.map((v: { id: string }) => v.id)).toEqual([link.body.data.id]);
      expect((await provider.get(`${base()}/property_videos`)).body.data).toHaveLength(2);
      const one = await provider.get(`${base()}/property_videos/${uploaded.body.data.id}`);
      expect(one.body.data).toMatchObject({ id: uploaded.body.data.id, name: 'Walkthrough' });
      expect((await provider.send('delete', `${base()}/property_videos/${link.body.data.id}`)).status).toBe(
        200,
      );
      expect((await provider.get(`${base()}/property_videos/${link.body.data.id}`)).status).toBe(404);
    });

    it('refuses a link that is not a URL, an empty one, and links to the product’s own domains', async () => {
      const cases: Array<[string, string]> = [
        ['not a link', 'Invalid URL'],
        ['ftp://example.com/video.mp4', 'Invalid URL'],
        ['', 'Required'],
        ['https://tourly.app/tours/abc', 'must be a video hosted elsewhere, not a link to Tourly itself'],
        ['https://demo.tourly.app/x', 'must be a video hosted elsewhere, not a link to Tourly itself'],
        // The platform under the other names it answers to (loopback in any spelling, private addresses).
        ['http://127.0.0.1:3000/tours/abc', 'must be a video hosted elsewhere, not a link to Tourly itself'],
        ['http://2130706433/tours/abc', 'must be a video hosted elsewhere, not a link to Tourly itself'],
        ['http://0x7f.0.0.1/tours/abc', 'must be a video hosted elsewhere, not a link to Tourly itself'],
        ['http://0.0.0.0:3000/tours/abc', 'must be a video hosted elsewhere, not a link to Tourly itself'],
        ['http://[::1]:3000/tours/abc', 'must be a video hosted elsewhere, not a link to Tourly itself'],
        ['http://app.localhost/tours/abc', 'must be a video hosted elsewhere, not a link to Tourly itself'],
        ['http://192.168.1.20/tours/abc', 'must be a video hosted elsewhere, not a link to Tourly itself'],
      ];
      for (const [url, message] of cases) {
        const refused = await provider.send('post', `${base()}/property_videos`, { property_video: { url } });
        expect(refused.status).toBe(422);
        expect(refused.body.errors).toEqual({ 'property_video.url': [message] });
      }
      const image = await anImage();
      const notVideo = await provider.send('post', `${base()}/property_videos`, {
        property_video: { temporary_upload_id: image },
      });
      expect(notVideo.body.errors).toEqual({
        'property_video.temporary_upload_id': ['must be a video (MP4, MOV or WebM)'],
      });
    });
  });

  describe('floorplans', () => {
    it('adds images and PDFs as floorplans, renames and reorders one, deletes one', async () => {
      const plan = await aTemporaryUpload(it_, provider, { filename: 'Ground floor.pdf', content: pdf() });
      const image = await anImage(1200, 900, 'first-floor.jpg');
      const added_ = await provider.send('post', `${base()}/floorplans/upload_multiple`, {
        floorplan: { temporary_upload_ids: [plan, image] },
      });
      expect(added_.status).toBe(201);
      expect(
        added_.body.data.map((f: { name: string; content_type: string }) => [f.name, f.content_type]),
      ).toEqual([
        ['Ground floor', 'application/pdf'],
        ['first-floor', 'image/jpeg'],
      ]);
      const [ground, first] = added_.body.data as Array<{ id: string }>;
      const renamed = await provider.send('put', `${base()}/floorplans/${first!.id}`, {
        floorplan: { name: 'First floor', position: 1 },
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body.data).toMatchObject({ name: 'First floor', position: 1 });
      const blank = await provider.send('put', `${base()}/floorplans/${first!.id}`, {
        floorplan: { name: ' ' },
      });
      expect(blank.body.errors).toEqual({ 'floorplan.name': ['Required'] });
      expect((await provider.send('delete', `${base()}/floorplans/${ground!.id}`)).status).toBe(200);
      const left = await provider.get(`${base()}/floorplans`);
      expect(left.body.data.map((f: { name: string }) => f.name)).toEqual(['First floor']);
      const text = await provider.send('post', `${base()}/floorplans/upload_multiple`, {
        floorplan: {
          temporary_upload_ids: [
            await aTemporaryUpload(it_, provider, { filename: 'v.mp4', content: mp4() }, 'video'),
          ],
        },
      });
      expect(text.body.errors).toEqual({
        'floorplan.temporary_upload_ids': ['must be an image (JPEG, PNG, WebP or GIF) or a PDF'],
      });
    });
  });

  describe('media links and contacts', () => {
    it('adds, lists and deletes media links; refuses what is not a URL', async () => {
      const created = await provider.send('post', `${base()}/media_links`, {
        media_links: [
          { url: 'https://example.com/brochure', title: 'Brochure' },
          { url: 'http://example.org/listing' },
        ],
      });
      expect(created.status).toBe(201);
      expect(created.body.data).toEqual([
        expect.objectContaining({ url: 'https://example.com/brochure', title: 'Brochure', position: 1 }),
        expect.objectContaining({ url: 'http://example.org/listing', title: null, position: 2 }),
      ]);
      const refused = await provider.send('post', `${base()}/media_links`, {
        media_links: [{ url: 'https://example.com/ok' }, { url: 'nope' }],
      });
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({ 'media_links.1.url': ['Invalid URL'] });
      const [first, second] = created.body.data as Array<{ id: string }>;
      const removed = await provider.send('delete', `${base()}/media_links?ids[]=${first!.id}`);
      expect(removed.body.data).toEqual({ ids: [first!.id] });
      expect((await provider.send('delete', `${base()}/media_links/${second!.id}`)).status).toBe(200);
      expect((await provider.get(`${base()}/media_links`)).body.data).toEqual([]);
      expect(await added('media_link')).toHaveLength(1);
    });

    it('sets the property’s agents in order: people of the provider only', async () => {
      const identityDb = it_.platform.services.identity.app.get(Database);
      const peopleOf = async (providerId: string, role: string) =>
        (
          await rows<{ id: string }>(
            identityDb.dataSource,
            'SELECT user_id AS id FROM memberships WHERE provider_id = $1 AND role = $2 ORDER BY created_at',
            [providerId, role],
          )
        ).map((row) => row.id);
      // A member and a client user of the provider, beside its admin.
      const addPerson = async (providerId: string, role: string) => {
        const id = uuidv7();
        await identityDb.dataSource.query(
          `INSERT INTO users (id, email, first_name, last_name, password_hash)
           VALUES ($1, $2, 'Agent', 'Person', 'x')`,
          [id, `agent-${id}@example.com`],
        );
        await identityDb.dataSource.query(
          'INSERT INTO memberships (user_id, provider_id, role) VALUES ($1, $2, $3)',
          [id, providerId, role],
        );
        return id;
      };
      const [admin] = await peopleOf(provider.providerId, 'admin');
      const member = await addPerson(provider.providerId, 'member');
      const client = await addPerson(provider.providerId, 'client_user');
      const [theirAdmin] = await peopleOf(other.providerId, 'admin');
      const theirContact = (
        await other.send('post', '/provider/contacts/create_from_dashboard', {
          contact: { full_name: 'Their Agent', email_address: 'their.agent@example.com' },
        })
      ).body.data.id as string;
      const contact = (
        await provider.send('post', '/provider/contacts/create_from_dashboard', {
          contact: { full_name: 'Our Agent', email_address: 'our.agent@example.com' },
        })
      ).body.data.id as string;

      // The provider's people and its contacts, in the order given.
      const agents = [member, contact, admin!];
      const set = await provider.send('patch', `${base()}/contacts`, { agent_ids: agents });
      expect(set.status).toBe(200);
      expect(set.body.data).toEqual({ agent_ids: agents });
      expect((await provider.get(`${base()}/contacts`)).body.data).toEqual({ agent_ids: agents });

      // Another provider's user or contact, a client of this one, or nobody at all: refused, nothing changed.
      for (const stranger of [theirAdmin!, theirContact, client, '0190a3f2-0000-7000-8000-000000000001']) {
        const refused = await provider.send('patch', `${base()}/contacts`, { agent_ids: [admin, stranger] });
        expect(refused.status).toBe(422);
        expect(refused.body.errors).toEqual({ agent_ids: ['must be people or contacts of this provider'] });
      }
      expect((await provider.get(`${base()}/contacts`)).body.data).toEqual({ agent_ids: agents });
      const theirOwn = await other.send('patch', `${base(theirs)}/contacts`, { agent_ids: [theirAdmin] });
      expect(theirOwn.status).toBe(200);

      const bad = await provider.send('patch', `${base()}/contacts`, { agent_ids: ['x'] });
      expect(bad.body.errors).toEqual({ agent_ids: ['is not a contact id'] });
      expect((await provider.send('patch', `${base()}/contacts`, { agent_ids: [] })).body.data).toEqual({
        agent_ids: [],
      });
    });
  });

  it('answers 404 for another provider’s property and media, never their data', async () => {
    const theirPhoto = (
      await other.send('post', `${base(theirs)}/photos/upload_single`, {
        photo: {
          temporary_upload_id: await aTemporaryUpload(it_, other, {
            filename: 't.jpg',
            content: await jpeg(10, 10),
          }),
        },
      })
    ).body.data;
    const notFound = { errors: { base: ['Property not found'] } };
    const calls: Array<['get' | 'post' | 'put' | 'delete' | 'patch', string, object?]> = [
      ['get', `${base(theirs)}/photos`],
      ['get', `${base(theirs)}/photos/finalize`],
      [
        'post',
        `${base(theirs)}/photos/upload_multiple`,
        { photo: { temporary_upload_ids: [await anImage()] } },
      ],
      ['delete', `${base(theirs)}/photos/${theirPhoto.id}`],
      ['get', `${base(theirs)}/property_videos`],
      ['get', `${base(theirs)}/floorplans`],
      ['get', `${base(theirs)}/documents`],
      ['get', `${base(theirs)}/documents/download.zip`],
      ['get', `${base(theirs)}/media_links`],
      ['patch', `${base(theirs)}/contacts`, { agent_ids: [] }],
      ['get', `${base(theirs)}/website`],
      ['get', `${base('not-a-uuid')}/photos`],
    ];
    for (const [method, path, body] of calls) {
      const answer = method === 'get' ? await provider.get(path) : await provider.send(method, path, body);
      expect([path, answer.status, answer.body]).toEqual([path, 404, notFound]);
    }
    // Their photo id under my property: not one of mine.
    const mine = await provider.send('delete', `${base()}/photos/${theirPhoto.id}`);
    expect(mine.status).toBe(404);
    expect(mine.body.errors).toEqual({ base: ['Photo not found'] });
    expect((await other.get(`${base(theirs)}/photos`)).body.data).toHaveLength(1);
  });
});
