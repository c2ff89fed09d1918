import { tourPublicId } from '@tourly/contracts';
import { rows } from '@tourly/platform';
import { aProperty, aTemporaryUpload, jpeg, mp4 } from './media-support';
import { shareTour, startProperties, type PropertiesAlone, type Person } from './support';

const PROPERTY_NOT_FOUND = { errors: { base: ['Property not found'] } };
const UNUSABLE = 'is not an upload of yours that is waiting to be used (it may have expired)';
const NOT_A_VIDEO = 'must be a video (MP4, MOV or WebM)';

/**
 * Issue 34: a property's wayfinding layer (points and journeys) and its welcome screens (a sequence with media),
 * saved whole by their POST routes, the provider's only, refused in words with nothing changed, and served to
 * visitors of the shared tour while it is premium.
 */
describe('wayfinding and welcome screens', () => {
  let it_: PropertiesAlone;
  let provider: Person;
  let other: Person;
  let propertyId: string;

  beforeAll(async () => {
    it_ = await startProperties({ s3: true });
    provider = await it_.signUp('Wayfinding Media');
    other = await it_.signUp('Other Wayfinding Media');
    propertyId = await aProperty(provider, 'Kitchen House');
  });
  afterAll(() => it_.stop());

  const db = () => it_.propertiesDb.dataSource;
  const wayfinding = (id = propertyId) => `/provider/properties/${id}/wayfinding_layer`;
  const welcome = (id = propertyId) => `/provider/properties/${id}/welcome_screens`;

  const point = (id: string, sweep = `sweep-${id}`) => ({ id, name: `The ${id}`, sweep, rotation: null });
  const journey = (id: string, from: string, to: string) => ({ id, name: `To the ${to}`, from, to });
  const layer = {
    points: [point('hall'), { ...point('kitchen'), rotation: { x: -10, y: 90.5 } }],
    journeys: [journey('to-kitchen', 'hall', 'kitchen')],
  };

  const storedLayer = async (id = propertyId) =>
    rows(db(), 'SELECT points, journeys FROM wayfinding_layers WHERE property_id = $1', [id]);
  const storedScreens = async (id = propertyId) =>
    rows<{ file_id: string | null }>(
      db(),
      'SELECT position, title, text, button_label, media_type, media_size, file_id FROM welcome_screens WHERE property_id = $1 ORDER BY position',
      [id],
    );

  describe('the wayfinding layer', () => {
    it('is empty until saved, then answers what was saved, whole', async () => {
      const fresh = await provider.get(wayfinding());
      expect([fresh.status, fresh.body]).toEqual([
        200,
        { data: { wayfinding_layer: { points: [], journeys: [] } } },
      ]);

      const saved = await provider.send('post', wayfinding(), { wayfinding_layer: layer });
      expect([saved.status, saved.body]).toEqual([200, { data: { wayfinding_layer: layer } }]);
      expect((await provider.get(wayfinding())).body).toEqual({ data: { wayfinding_layer: layer } });

      const fewer = { points: [point('hall')], journeys: [] };
      expect((await provider.send('post', wayfinding(), { wayfinding_layer: fewer })).body).toEqual({
        data: { wayfinding_layer: fewer },
      });
      await provider.send('post', wayfinding(), { wayfinding_layer: layer });
    });

    it.each([
      [
        'a journey to a point the layer does not have',
        { ...layer, journeys: [journey('j', 'hall', 'attic')] },
        { 'wayfinding_layer.journeys.0.to': ['is not one of the layer’s points'] },
      ],
      [
        'a journey that ends where it starts',
        { ...layer, journeys: [journey('j', 'hall', 'hall')] },
        { 'wayfinding_layer.journeys.0.to': ['must be another point than where the journey starts'] },
      ],
      [
        'two points of one id',
        { ...layer, points: [point('hall'), point('hall')] },
        { 'wayfinding_layer.points': ['lists the same id twice'] },
      ],
      [
        'a sweep that is no sweep id',
        { ...layer, points: [point('hall', 'no such sweep!'), point('kitchen')] },
        { 'wayfinding_layer.points.0.sweep': ['is not a sweep id (letters, digits, - and _)'] },
      ],
      [
        'a point without a name',
        { ...layer, points: [{ ...point('hall'), name: '  ' }, point('kitchen')] },
        { 'wayfinding_layer.points.0.name': ['Required'] },
      ],
      [
        'more than 50 points',
        { points: Array.from({ length: 51 }, (_, index) => point(`p${index}`)), journeys: [] },
        { 'wayfinding_layer.points': ['must list at most 50'] },
      ],
      [
        'a rotation beyond the pitch',
        { ...layer, points: [{ ...point('hall'), rotation: { x: 120, y: 0 } }, point('kitchen')] },
        { 'wayfinding_layer.points.0.rotation.x': ['must be at most 90'] },
      ],
    ])('refuses %s in words, changing nothing', async (_name, sent, errors) => {
      const before = await storedLayer();
      const refused = await provider.send('post', wayfinding(), { wayfinding_layer: sent });
      expect([refused.status, refused.body]).toEqual([422, { errors }]);
      expect(await storedLayer()).toEqual(before);
    });

    it('is the provider’s only: another provider’s property is 404 and stays as it was', async () => {
      const before = await storedLayer();
      const read = await other.get(wayfinding());
      const write = await other.send('post', wayfinding(), {
        wayfinding_layer: { points: [], journeys: [] },
      });
      expect([read.status, read.body]).toEqual([404, PROPERTY_NOT_FOUND]);
      expect([write.status, write.body]).toEqual([404, PROPERTY_NOT_FOUND]);
      expect((await provider.get(wayfinding('not-an-id'))).status).toBe(404);
      expect(await storedLayer()).toEqual(before);
    });
  });

  describe('the welcome screens', () => {
    const photo = async (person = provider) =>
      aTemporaryUpload(it_, person, { filename: 'welcome.jpg', content: await jpeg(320, 200) });
    const screen = (title: string, media: object = { type: 'no_media', size: 'medium', file_id: null }) => ({
      title,
      text: `About ${title}`,
      button_label: '',
      media,
    });

    it('are none until saved; a photo is an upload attached once and kept while a screen shows it', async () => {
      expect((await provider.get(welcome())).body).toEqual({ data: { welcome_screens: [] } });
      const upload = await photo();
      const saved = await provider.send('post', welcome(), {
        welcome_screens: [
          screen('Welcome'),
          screen('The view', { type: 'photo', size: 'fullscreen', file_id: upload }),
        ],
      });
      expect(saved.status).toBe(200);
      const screens = saved.body.data.welcome_screens;
      expect(screens).toEqual([
        {
          id: expect.any(String),
          title: 'Welcome',
          text: 'About Welcome',
          button_label: '',
          media: { type: 'no_media', size: 'medium', file_id: null, url: null, content_type: null },
        },
        {
          id: expect.any(String),
          title: 'The view',
          text: 'About The view',
          button_label: '',
          media: {
            type: 'photo',
            size: 'fullscreen',
            file_id: upload,
            url: expect.stringContaining('welcome.jpg'),
            content_type: 'image/jpeg',
          },
        },
      ]);
      expect((await fetch(screens[1].media.url)).status).toBe(200);

      // Reordered, the photo kept by its id (the upload is used, not used again).
      const reordered = await provider.send('post', welcome(), {
        welcome_screens: [
          { ...screen('The view', { type: 'photo', size: 'large', file_id: upload }), button_label: 'Go on' },
          screen('Welcome'),
        ],
      });
      expect(reordered.status).toBe(200);
      expect(
        reordered.body.data.welcome_screens.map(
          (s: { title: string; button_label: string; media: { file_id: string | null } }) => [
            s.title,
            s.button_label,
            s.media.file_id,
          ],
        ),
      ).toEqual([
        ['The view', 'Go on', upload],
        ['Welcome', '', null],
      ]);
      const [file] = await rows(db(), 'SELECT discarded_at FROM files WHERE id = $1', [upload]);
      expect(file).toEqual({ discarded_at: null });
    });

    it.each([
      [
        'more than 5 screens',
        async () => Array.from({ length: 6 }, (_, index) => screen(`S${index}`)),
        { welcome_screens: ['must list at most 5'] },
      ],
      [
        'a photo without its file',
        async () => [screen('Photo', { type: 'photo', size: 'small', file_id: null })],
        { 'welcome_screens.0.media.file_id': ['Required'] },
      ],
      [
        'a medium of another type',
        async () => [screen('Rich', { type: 'rich', size: 'small', file_id: null })],
        { 'welcome_screens.0.media.type': ['must be one of: no_media, photo, video'] },
      ],
      [
        'a size of no list',
        async () => [screen('Huge', { type: 'no_media', size: 'huge', file_id: null })],
        { 'welcome_screens.0.media.size': ['must be one of: small, medium, large, fullscreen'] },
      ],
      [
        'a screen without a title',
        async () => [{ ...screen(''), title: '' }],
        { 'welcome_screens.0.title': ['Required'] },
      ],
      [
        'a video that is a photo',
        async () => [screen('Video', { type: 'video', size: 'large', file_id: await photo() })],
        { 'welcome_screens.0.media.file_id': [NOT_A_VIDEO] },
      ],
      [
        'another provider’s upload',
        async () => [screen('Theirs', { type: 'photo', size: 'large', file_id: await photo(other) })],
        { 'welcome_screens.0.media.file_id': [UNUSABLE] },
      ],
    ])('refuse %s in words, changing nothing', async (_name, screens, errors) => {
      const before = await storedScreens();
      const refused = await provider.send('post', welcome(), { welcome_screens: await screens() });
      expect([refused.status, refused.body]).toEqual([422, { errors }]);
      expect(await storedScreens()).toEqual(before);
    });

    it('take a video; a file no screen shows any more is discarded', async () => {
      const [kept] = await storedScreens();
      const video = await aTemporaryUpload(it_, provider, { filename: 'walk.mp4', content: mp4() }, 'video');
      const saved = await provider.send('post', welcome(), {
        welcome_screens: [screen('Walk', { type: 'video', size: 'large', file_id: video })],
      });
      expect(saved.status).toBe(200);
      expect(saved.body.data.welcome_screens[0].media).toMatchObject({
        type: 'video',
        content_type: 'video/mp4',
      });
      const [file] = await rows<{ discarded: boolean }>(
        db(),
        'SELECT discarded_at IS NOT NULL AS discarded FROM files WHERE id = $1',
        [kept.file_id],
      );
      expect(file.discarded).toBe(true);

      // The video kept by its id cannot become a photo.
      const before = await storedScreens();
      const retyped = await provider.send('post', welcome(), {
        welcome_screens: [screen('Walk', { type: 'photo', size: 'large', file_id: video })],
      });
      expect([retyped.status, retyped.body]).toEqual([
        422,
        { errors: { 'welcome_screens.0.media.file_id': ['must be an image (JPEG, PNG, WebP or GIF)'] } },
      ]);
      expect(await storedScreens()).toEqual(before);
    });

    it('are the provider’s only: another provider’s property is 404 and stays as it was', async () => {
      const before = await storedScreens();
      const read = await other.get(welcome());
      const write = await other.send('post', welcome(), { welcome_screens: [] });
      expect([read.status, read.body]).toEqual([404, PROPERTY_NOT_FOUND]);
      expect([write.status, write.body]).toEqual([404, PROPERTY_NOT_FOUND]);
      expect(await storedScreens()).toEqual(before);
    });
  });

  describe('what visitors are given', () => {
    it('a shared premium tour’s layer and screens; a basic tour none; an unshared tour 404', async () => {
      const tourId = await aProperty(provider, 'Visitor House');
      const link = (await provider.get(`/provider/properties/${tourId}/player_link`)).body.data;
      const publicId = tourPublicId(link.client_slug, link.model_slug);
      const visitorLayer = () => it_.http.get(`/digital_twin/${publicId}/layers/wayfinding.json`);
      const visitorScreens = () => it_.http.get(`/digital_twin/${publicId}/layers/welcome_screens.json`);

      await provider.send('post', wayfinding(tourId), { wayfinding_layer: layer });
      await provider.send('post', welcome(tourId), {
        welcome_screens: [{ title: 'Hello', media: { type: 'no_media', size: 'small', file_id: null } }],
      });
      expect((await visitorLayer()).status).toBe(404);
      expect((await visitorScreens()).status).toBe(404);

      await shareTour(it_, provider, tourId);
      expect((await visitorLayer()).body).toEqual({
        data: { wayfinding_layer: { points: [], journeys: [] } },
      });
      expect((await visitorScreens()).body).toEqual({ data: { welcome_screens: [] } });

      const premium = await provider.send('put', `/provider/properties/${tourId}/published_features`, {
        published_features: { tour: true, premium: true },
      });
      expect(premium.status).toBe(200);
      expect((await visitorLayer()).body).toEqual({ data: { wayfinding_layer: layer } });
      expect((await visitorScreens()).body.data.welcome_screens).toEqual([
        {
          id: expect.any(String),
          title: 'Hello',
          text: '',
          button_label: '',
          media: { type: 'no_media', size: 'small', file_id: null, url: null, content_type: null },
        },
      ]);
    });
  });
});
