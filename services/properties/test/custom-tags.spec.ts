import { CUSTOM_TAG_LIMITS, CUSTOM_TAG_MESSAGES, MESSAGES, tourPublicId } from '@tourly/contracts';
import { one, uuidv7 } from '@tourly/platform';
import { OWN_DOMAIN_LINK } from '../src/media/links';
import { UPLOAD_UNUSABLE } from '../src/uploads/uploads.service';
import { aProperty, aTemporaryUpload, jpeg, pdf, png } from './media-support';
import { shareTour, startProperties, withoutSignatures, type PropertiesAlone, type Person } from './support';

const NOT_FOUND = JSON.stringify({ errors: { base: ['Property not found'] } });

/** A tag as the editor sends it (snake_case on the wire). */
const aTag = (label: string, extra: Record<string, unknown> = {}) => ({
  label,
  description: `About the ${label.toLowerCase()}`,
  icon: 'star',
  color: '#E4572E',
  position: { anchor: { x: 1.5, y: 0.2, z: -3 }, stem_normal: { x: 0, y: 1, z: 0 } },
  sweep_id: 'sweep-kitchen',
  media: { type: 'no_media' },
  ...extra,
});

/**
 * Custom tags (002 §3, §7; issue 34): a tour's tag layer saved whole, its switch, the provider's uploaded icons, and
 * the visitor's tags.json and billboard_assets; every row reachable only by its provider; refusals change nothing.
 */
describe('custom tags', () => {
  let it_: PropertiesAlone;
  let provider: Person;
  let other: Person;
  let propertyId: string;
  let otherPropertyId: string;
  let photoId: string;
  let theirPhotoId: string;

  const db = () => it_.propertiesDb.dataSource;
  const layerPath = (id = propertyId) => `/provider/properties/${id}/custom_tag_layer`;
  const save = (tags: unknown[], who = provider, id = propertyId) =>
    who.send('post', layerPath(id), { tag_layer: { custom_tags: tags } });
  const stored = async (id = propertyId) =>
    (await one<{ tags: unknown }>(
      db(),
      `SELECT coalesce(json_agg(t ORDER BY sort_order), '[]') AS tags FROM custom_tags t WHERE property_id = $1`,
      [id],
    ))!.tags;
  const aPhoto = async (who: Person, id: string) => {
    const answer = await who.send('post', `/provider/properties/${id}/photos/upload_multiple`, {
      photo: {
        temporary_upload_ids: [
          await aTemporaryUpload(it_, who, { filename: 'room.jpg', content: await jpeg(40, 30) }),
        ],
      },
    });
    return answer.body.data[0].id as string;
  };
  const anIcon = async (who: Person, name: string) => {
    const uploadId = await aTemporaryUpload(it_, who, {
      filename: `${name}.png`,
      content: await png(32, 32),
    });
    const answer = await who.send('post', '/provider/virtual_tours/custom_tags/uploaded_icons.json', {
      uploaded_icon: { upload_id: uploadId, name },
    });
    if (answer.status !== 201) throw new Error(`icon refused: ${answer.status} ${answer.text}`);
    return answer.body.data as { id: string; name: string; url: string };
  };

  beforeAll(async () => {
    it_ = await startProperties({ s3: true });
    provider = await it_.signUp('Tag Maker');
    other = await it_.signUp('Other Tag Maker');
    propertyId = await aProperty(provider, 'Seaside Villa');
    otherPropertyId = await aProperty(other, 'Mountain Chalet');
    photoId = await aPhoto(provider, propertyId);
    theirPhotoId = await aPhoto(other, otherPropertyId);
  });
  afterAll(() => it_.stop());

  describe('the tag layer', () => {
    it('is empty and on until saved', async () => {
      const answer = await provider.get(layerPath());
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 200,
        body: { data: { custom_tags: [], settings: { tourly_tags_enabled: true }, updated_at: null } },
      });
    });

    it('saves the whole list in its order, each tag reduced to what its media uses, and reads it back', async () => {
      const icon = await anIcon(provider, 'Pool');
      const answer = await save([
        aTag('Kitchen', {
          media: {
            type: 'video',
            url: ' https://www.youtube.com/watch?v=abc123 ',
            size: 'large',
            text: 'dropped',
          },
        }),
        aTag('Pool', { icon: null, uploaded_icon_id: icon.id, media: { type: 'photo', media_id: photoId } }),
        aTag('Notes', {
          position: null,
          sweep_id: null,
          media: {
            type: 'rich',
            sub_type: 'rich_billboard',
            text: 'First line  \r\n\r\n\r\n<b>Second</b>\n',
          },
        }),
        aTag('Agency', { icon: undefined, media: { type: 'website', url: 'https://example.com/about' } }),
      ]);
      expect(answer.status).toBe(200);
      const data = answer.body.data;
      expect(data.settings).toEqual({ tourly_tags_enabled: true });
      expect(data.updated_at).toEqual(expect.any(String));
      const tags = data.custom_tags;
      expect(tags.map((tag: { label: string }) => tag.label)).toEqual(['Kitchen', 'Pool', 'Notes', 'Agency']);
      expect(tags[0]).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        label: 'Kitchen',
        description: 'About the kitchen',
        icon: 'star',
        uploaded_icon_id: null,
        icon_url: null,
        color: '#e4572e',
        position: { anchor: { x: 1.5, y: 0.2, z: -3 }, stem_normal: { x: 0, y: 1, z: 0 } },
        sweep_id: 'sweep-kitchen',
        media: {
          type: 'video',
          sub_type: null,
          size: 'large',
          url: 'https://www.youtube.com/watch?v=abc123',
          media_id: null,
          text: null,
          photo_url: null,
        },
      });
      expect(tags[1]).toMatchObject({
        icon: null,
        uploaded_icon_id: icon.id,
        icon_url: expect.stringContaining('Pool.png'),
        media: {
          type: 'photo',
          media_id: photoId,
          photo_url: expect.stringContaining('room.jpg'),
          size: 'medium',
        },
      });
      expect(tags[2]).toMatchObject({
        position: null,
        sweep_id: null,
        media: { type: 'rich', sub_type: 'rich_billboard', text: 'First line\n\n<b>Second</b>' },
      });
      expect(tags[3]).toMatchObject({
        icon: 'info',
        media: { type: 'website', sub_type: 'embedded_website', url: 'https://example.com/about' },
      });
      // Read back as saved, but for the files' links: each answer signs them anew, a second later or not.
      expect(withoutSignatures((await provider.get(layerPath())).body.data)).toEqual(withoutSignatures(data));
    });

    it('keeps the ids sent, gives new tags theirs, and drops the tags left out', async () => {
      const before = (await provider.get(layerPath())).body.data.custom_tags;
      const answer = await save([{ ...aTag('Kitchen, renamed'), id: before[0].id }, aTag('Garden')]);
      expect(answer.status).toBe(200);
      const tags = answer.body.data.custom_tags;
      expect(tags[0].id).toBe(before[0].id);
      expect(tags[0].label).toBe('Kitchen, renamed');
      expect(before.map((tag: { id: string }) => tag.id)).not.toContain(tags[1].id);
      expect(tags).toHaveLength(2);
    });

    it('refuses bad tags in the spec’s words, each at its field, and changes nothing', async () => {
      const before = await stored();
      const current = (await provider.get(layerPath())).body.data.custom_tags;
      const cases: Array<[unknown[], Record<string, string[]>]> = [
        [[aTag('  ')], { 'tag_layer.custom_tags.0.label': [MESSAGES.required] }],
        [
          [aTag('x'.repeat(CUSTOM_TAG_LIMITS.label + 1))],
          { 'tag_layer.custom_tags.0.label': [`must be at most ${CUSTOM_TAG_LIMITS.label} characters`] },
        ],
        [
          [aTag('A', { color: 'red' })],
          { 'tag_layer.custom_tags.0.color': [CUSTOM_TAG_MESSAGES.notAColour] },
        ],
        [
          [aTag('A', { icon: 'dragon' })],
          { 'tag_layer.custom_tags.0.icon': [CUSTOM_TAG_MESSAGES.unknownIcon] },
        ],
        [
          [aTag('A', { position: { anchor: { x: 1, y: 'up', z: 0 }, stem_normal: { x: 0, y: 1, z: 0 } } })],
          { 'tag_layer.custom_tags.0.position.anchor.y': ['must be a number'] },
        ],
        [
          [aTag('A', { media: { type: 'hologram' } })],
          {
            'tag_layer.custom_tags.0.media.type': ['must be one of: no_media, photo, video, rich, website'],
          },
        ],
        [
          [aTag('A', { media: { type: 'video' } })],
          { 'tag_layer.custom_tags.0.media.url': [MESSAGES.required] },
        ],
        [
          [aTag('A', { media: { type: 'video', url: 'http://localhost:3000/tours/a/b' } })],
          { 'tag_layer.custom_tags.0.media.url': [OWN_DOMAIN_LINK] },
        ],
        [
          [aTag('A', { media: { type: 'website', url: 'http://example.com/' } })],
          { 'tag_layer.custom_tags.0.media.url': [CUSTOM_TAG_MESSAGES.notHttps] },
        ],
        [
          [aTag('A', { media: { type: 'website', url: 'javascript:alert(1)' } })],
          { 'tag_layer.custom_tags.0.media.url': [MESSAGES.invalidUrl] },
        ],
        [
          [aTag('A', { media: { type: 'video', url: 'https://vimeo.com/1', sub_type: 'embedded_website' } })],
          { 'tag_layer.custom_tags.0.media.sub_type': ['must be empty for video'] },
        ],
        [
          [aTag('A', { media: { type: 'rich', text: ' \n ' } })],
          { 'tag_layer.custom_tags.0.media.text': [MESSAGES.required] },
        ],
        [
          [aTag('A', { media: { type: 'photo', media_id: theirPhotoId } })],
          { 'tag_layer.custom_tags.0.media.media_id': [CUSTOM_TAG_MESSAGES.notAPhoto] },
        ],
        [
          [{ ...aTag('A'), id: uuidv7() }],
          { 'tag_layer.custom_tags.0.id': [CUSTOM_TAG_MESSAGES.unknownTag] },
        ],
        [
          [
            { ...aTag('A'), id: current[0].id },
            { ...aTag('B'), id: current[0].id },
          ],
          { 'tag_layer.custom_tags.1.id': [CUSTOM_TAG_MESSAGES.duplicateId] },
        ],
        [
          Array.from({ length: CUSTOM_TAG_LIMITS.tagsPerTour + 1 }, (_, index) => aTag(`Tag ${index}`)),
          { 'tag_layer.custom_tags': [CUSTOM_TAG_MESSAGES.tooManyTags] },
        ],
      ];
      for (const [tags, errors] of cases) {
        const answer = await save(tags);
        expect({ status: answer.status, body: answer.body }).toEqual({ status: 422, body: { errors } });
      }
      for (const body of [{}, { tag_layer: { custom_tags: 'all' } }, { tag_layer: [] }]) {
        const answer = await provider.send('post', layerPath(), body);
        expect(answer.status).toBe(422);
      }
      expect(await stored()).toEqual(before);
    });

    it('takes the provider’s own uploaded icons only', async () => {
      const theirs = await anIcon(other, 'Theirs');
      const before = await stored();
      const answer = await save([aTag('A', { icon: null, uploaded_icon_id: theirs.id })]);
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 422,
        body: { errors: { 'tag_layer.custom_tags.0.uploaded_icon_id': [CUSTOM_TAG_MESSAGES.unknownIcon] } },
      });
      expect(await stored()).toEqual(before);
    });

    it('is another provider’s 404, read or written, and a malformed id’s', async () => {
      const before = await stored();
      const answers = await Promise.all([
        other.get(layerPath()),
        save([aTag('Mine now')], other),
        other.send('post', `${layerPath()}/settings`, { tag_layer_settings: { tourly_tags_enabled: false } }),
        provider.get(layerPath('not-a-uuid')),
        provider.get(layerPath(otherPropertyId)),
      ]);
      for (const answer of answers) {
        expect({ status: answer.status, text: answer.text }).toEqual({ status: 404, text: NOT_FOUND });
      }
      expect(await stored()).toEqual(before);
      expect((await provider.get(layerPath())).body.data.settings).toEqual({ tourly_tags_enabled: true });
    });

    it('switches the layer off and on (tag_layer_settings), refusing anything but true or false', async () => {
      const off = await provider.send('post', `${layerPath()}/settings`, {
        tag_layer_settings: { tourly_tags_enabled: false },
      });
      expect(off.status).toBe(200);
      expect(off.body.data.settings).toEqual({ tourly_tags_enabled: false });
      for (const body of [
        { tag_layer_settings: { tourly_tags_enabled: 'no' } },
        { tag_layer_settings: {} },
        {},
      ]) {
        const refused = await provider.send('post', `${layerPath()}/settings`, body);
        expect(refused.status).toBe(422);
      }
      expect((await provider.get(layerPath())).body.data.settings).toEqual({ tourly_tags_enabled: false });
      const on = await provider.send('post', `${layerPath()}/settings`, {
        tag_layer_settings: { tourly_tags_enabled: true },
      });
      expect(on.body.data.settings).toEqual({ tourly_tags_enabled: true });
    });
  });

  describe('uploaded icons', () => {
    const icons = '/provider/virtual_tours/custom_tags/uploaded_icons.json';

    it('are the provider’s images, listed newest first and searched by name', async () => {
      const fresh = await anIcon(provider, 'Sauna');
      expect(fresh).toEqual({
        id: expect.any(String),
        name: 'Sauna',
        url: expect.stringContaining('Sauna.png'),
        created_at: expect.any(String),
      });
      const all = await provider.get(icons);
      expect(all.status).toBe(200);
      expect(all.body.data.map((icon: { name: string }) => icon.name)).toEqual(['Sauna', 'Pool']);
      const found = await provider.get(`${icons}?search=sau`);
      expect(found.body.data.map((icon: { name: string }) => icon.name)).toEqual(['Sauna']);
      const theirs = await other.get(icons);
      expect(theirs.body.data.map((icon: { name: string }) => icon.name)).toEqual(['Theirs']);
    });

    it('refuses what is not an image, an upload that is not the caller’s, and a missing name', async () => {
      const count = async () =>
        (await one<{ n: number }>(db(), 'SELECT count(*)::int AS n FROM uploaded_icons'))!.n;
      const before = await count();
      const document = await aTemporaryUpload(it_, provider, { filename: 'a.pdf', content: pdf() });
      const notImage = await provider.send('post', icons, {
        uploaded_icon: { upload_id: document, name: 'Doc' },
      });
      expect({ status: notImage.status, body: notImage.body }).toEqual({
        status: 422,
        body: { errors: { 'uploaded_icon.upload_id': ['must be an image (JPEG, PNG, WebP or GIF)'] } },
      });
      const theirUpload = await aTemporaryUpload(it_, other, { filename: 'b.png', content: await png(8, 8) });
      const notMine = await provider.send('post', icons, {
        uploaded_icon: { upload_id: theirUpload, name: 'B' },
      });
      expect({ status: notMine.status, body: notMine.body }).toEqual({
        status: 422,
        body: { errors: { 'uploaded_icon.upload_id': [UPLOAD_UNUSABLE] } },
      });
      const unnamed = await provider.send('post', icons, {
        uploaded_icon: { upload_id: theirUpload, name: ' ' },
      });
      expect(unnamed.body).toEqual({ errors: { 'uploaded_icon.name': [MESSAGES.required] } });
      expect(await count()).toBe(before);
    });

    it('are deleted by their provider only, and not while a tag shows them', async () => {
      const icon = await anIcon(provider, 'Gym');
      const path = `/provider/virtual_tours/custom_tags/uploaded_icons/${icon.id}.json`;
      const saved = await save([aTag('Gym', { icon: null, uploaded_icon_id: icon.id })]);
      expect(saved.status).toBe(200);
      const inUse = await provider.send('delete', path);
      expect({ status: inUse.status, body: inUse.body }).toEqual({
        status: 409,
        body: { errors: { base: [CUSTOM_TAG_MESSAGES.iconInUse] } },
      });
      const notTheirs = await other.send('delete', path);
      expect({ status: notTheirs.status, body: notTheirs.body }).toEqual({
        status: 404,
        body: { errors: { base: [CUSTOM_TAG_MESSAGES.iconNotFound] } },
      });
      const malformed = await provider.send(
        'delete',
        '/provider/virtual_tours/custom_tags/uploaded_icons/x.json',
      );
      expect(malformed.status).toBe(404);
      await save([aTag('Gym')]);
      expect((await provider.send('delete', path)).status).toBe(204);
      expect((await provider.send('delete', path)).status).toBe(404);
      expect((await provider.get(icons)).body.data.map((row: { id: string }) => row.id)).not.toContain(
        icon.id,
      );
    });
  });

  describe('the visitor’s tags', () => {
    let publicId: string;
    const tagsJson = (query = '') => it_.http.get(`/digital_twin/${publicId}/layers/tags.json${query}`);

    beforeAll(async () => {
      const link = (await provider.get(`/provider/properties/${propertyId}/player_link`)).body.data;
      publicId = tourPublicId(link.client_slug, link.model_slug);
      await shareTour(it_, provider, propertyId);
      await save([
        aTag('Kitchen', { media: { type: 'video', url: 'https://vimeo.com/76979871' } }),
        aTag('Living room', { description: 'Sofa and fireplace' }),
        aTag('Billboard', { media: { type: 'rich', sub_type: 'rich_billboard', text: 'Sold!' } }),
        aTag('Garden sign', { media: { type: 'photo', media_id: photoId, sub_type: null } }),
      ]);
    });

    it('are none for a basic tour', async () => {
      const answer = await tagsJson();
      expect(answer.body).toEqual({ data: { items: [], current_page: 1, total_pages: 0, total_count: 0 } });
    });

    it('are the saved tags of a premium tour, paged, searched and filtered; none while the layer is off', async () => {
      const premium = await provider.send('put', `/provider/properties/${propertyId}/published_features`, {
        published_features: { tour: true, premium: true },
      });
      expect(premium.status).toBe(200);
      const all = await tagsJson();
      expect(all.status).toBe(200);
      // Shared caches (the gateway) may keep it as they keep base.json: no password here.
      expect(all.headers['cache-control']).toMatch(/^public, max-age=0\b.*must-revalidate$/);
      expect(all.body.data.total_count).toBe(4);
      expect(all.body.data.items.map((tag: { label: string }) => tag.label)).toEqual([
        'Kitchen',
        'Living room',
        'Billboard',
        'Garden sign',
      ]);
      const second = await tagsJson('?page=2&page_size=3');
      expect(second.body.data).toMatchObject({ current_page: 2, total_pages: 2, total_count: 4 });
      expect(second.body.data.items.map((tag: { label: string }) => tag.label)).toEqual(['Garden sign']);
      const searched = await tagsJson('?search=FIREPLACE');
      expect(searched.body.data.items.map((tag: { label: string }) => tag.label)).toEqual(['Living room']);
      const videos = await tagsJson('?filters[media_type]=video');
      expect(videos.body.data.items.map((tag: { label: string }) => tag.label)).toEqual(['Kitchen']);
      const billboards = await it_.http.get(`/digital_twin/tags/billboard_assets?tour=${publicId}`);
      expect(billboards.body.data).toEqual([]);
      await provider.send('post', `${layerPath()}/settings`, {
        tag_layer_settings: { tourly_tags_enabled: false },
      });
      expect((await tagsJson()).body.data.items).toEqual([]);
      await provider.send('post', `${layerPath()}/settings`, {
        tag_layer_settings: { tourly_tags_enabled: true },
      });
    });

    it('serves a billboard’s picture, and refuses a tour visitors may not see', async () => {
      const current = (await provider.get(layerPath())).body.data.custom_tags;
      await save(
        current.map((tag: Record<string, unknown>, index: number) =>
          index === 2
            ? {
                ...tag,
                media: { type: 'rich', sub_type: 'rich_billboard', text: 'Sold!', media_id: photoId },
              }
            : tag,
        ),
      );
      const billboards = await it_.http.get(`/digital_twin/tags/billboard_assets?tour=${publicId}`);
      expect(billboards.status).toBe(200);
      expect(billboards.body.data).toEqual([{ id: current[2].id, url: expect.stringContaining('room.jpg') }]);
      const unknown = await it_.http.get('/digital_twin/tags/billboard_assets?tour=nobody~nothing');
      expect(unknown.status).toBe(404);
      const missing = await it_.http.get('/digital_twin/tags/billboard_assets');
      expect(missing.body).toEqual({ errors: { tour: [MESSAGES.required] } });
    });
  });
});
