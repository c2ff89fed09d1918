import {
  defaultTourLayers,
  defaultUrlParameters,
  type OverlayItem,
  type TourLayers,
} from '@tourly/contracts';
import { one, toSnakeKeys, uuidv7 } from '@tourly/platform';
import { aProperty, aTemporaryUpload, jpeg, multipart, postMultipart } from './media-support';
import { startProperties, type PropertiesAlone, type Person } from './support';

/** The accounts' words for a password that is easy to guess, which a tour's password shares. */
const TOO_WEAK = 'is too easy to guess; try a longer phrase of a few unrelated words';

const PUBLISHING_NEEDS_PLAN =
  'Publishing and sharing tours come with a paid plan. Upgrade your plan to publish this tour.';
const SCAN_KEY_INVALID =
  'is not a Matterport model id (5 or more letters or digits) or a link to a Matterport model';
const NOT_A_COLOUR = 'is not a colour (#rgb, #rrggbb, rgb() or rgba())';

/** What the tests read of a player link (the rest is compared whole). */
interface PlayerLinkAnswer {
  id: string;
  client_slug: string;
  links: Record<string, string | null>;
  matterport_model_parameter: { id: string };
  virtual_tour: { id: string };
}

/** The layers as the wire carries them (snake_case keys). */
const wire = (layers: TourLayers) => toSnakeKeys<Record<string, unknown>>(layers);

/** The layers as the player gets them: the welcome screen's picture with its address. */
const viewed = (layers: TourLayers, imageUrl: string | null = null) =>
  wire({ ...layers, welcomeScreen: { ...layers.welcomeScreen, imageUrl } } as TourLayers);

/** Layers that differ from the defaults in every part, so a mix of two would show. */
function otherLayers(mark: string): TourLayers {
  const layers = defaultTourLayers();
  layers.overlay.top.banner = { style: 'transparent', color: null };
  layers.overlay.bottom.columns = [[], [{ type: 'logo', size: 'lg', source: 'client' }], []];
  layers.overlay.menu.type = 'burger_menu';
  layers.menu.entries = [
    {
      id: `link-${mark}`,
      title: `Listing ${mark}`,
      icon: 'link',
      type: 'link',
      url: 'https://example.com/l',
      childEntries: [],
    },
    {
      id: `more-${mark}`,
      title: 'More',
      icon: 'info',
      type: 'submenu',
      url: null,
      childEntries: [
        { id: `map-${mark}`, title: 'Map', icon: 'map', type: 'map', url: null, childEntries: [] },
      ],
    },
  ];
  layers.welcomeScreen = {
    enabled: true,
    title: `Welcome ${mark}`,
    message: 'Come in',
    imageId: null,
    buttonLabel: 'Go',
  };
  layers.guidedTour = { enabled: true, autoplay: true, loop: mark.length % 2 === 0 };
  return layers;
}

/**
 * Tours (001 §3, §7; issue 12): each property's player link and its settings, the scan viewer's URL parameters, and
 * the layers' draft, publishing and preview; every row reachable only by its provider.
 */
describe('tours', () => {
  let it_: PropertiesAlone;
  let provider: Person;
  let other: Person;
  let propertyId: string;
  let slug: string;
  let link: PlayerLinkAnswer;
  let photoId: string;
  let locationImageId: string;
  let theirLocationImageId: string;

  const playerLink = (id = propertyId, who = provider) => who.get(`/provider/properties/${id}/player_link`);
  const countRows = async (table: string, id: string) =>
    (await one<{ count: number }>(
      it_.propertiesDb.dataSource,
      `SELECT count(*)::int AS count FROM ${table} WHERE property_id = $1`,
      [id],
    ))!.count;
  const locationImage = async (who: Person) => {
    const answer = await postMultipart(
      it_,
      who,
      '/provider/virtual_tours/location_images.json',
      multipart('location_image[file]', { filename: 'hall.jpg', content: await jpeg(40, 30) }),
    );
    if (answer.status !== 201) throw new Error(`location image refused: ${JSON.stringify(answer.body)}`);
    return answer.body.data!.id;
  };
  const paidPlan = (who: Person) =>
    it_.propertiesDb.dataSource.query(
      `INSERT INTO provider_plans (provider_id, product_code, status, premium_tour_limit, changed_at)
       VALUES ($1, 'vt_creator_plan', 'active', 100, now())`,
      [who.providerId],
    );

  beforeAll(async () => {
    it_ = await startProperties({ s3: true });
    provider = await it_.signUp('Tour Maker');
    other = await it_.signUp('Other Tour Maker');
    propertyId = await aProperty(provider, 'Seaside Villa');
    slug = (await provider.get(`/provider/properties/${propertyId}`)).body.data.slug;
    const photos = await provider.send('post', `/provider/properties/${propertyId}/photos/upload_multiple`, {
      photo: {
        temporary_upload_ids: [
          await aTemporaryUpload(it_, provider, { filename: 'a.jpg', content: await jpeg(40, 30) }),
        ],
      },
    });
    photoId = photos.body.data[0].id;
    locationImageId = await locationImage(provider);
    theirLocationImageId = await locationImage(other);
    link = (await playerLink()).body.data;
  });
  afterAll(() => it_.stop());

  describe('the player link', () => {
    it('is made at the first read, with its namespace, defaults and links', async () => {
      const answer = await playerLink();
      expect(answer.status).toBe(200);
      const data = answer.body.data;
      expect(data.client_slug).toMatch(/^[a-z0-9]{8}$/);
      const path = `/tours/${data.client_slug}/${slug}`;
      expect(data).toEqual({
        id: link.id,
        property_id: propertyId,
        client_slug: data.client_slug,
        model_slug: slug,
        // Identity is not running here: no white-label link, and the rest still answers.
        links: {
          default: `http://localhost:3000${path}`,
          white_label: null,
          mls: `http://localhost:3000${path}/mls`,
        },
        embed_code: `<iframe src="http://localhost:3000${path}" width="100%" height="480" frameborder="0" allow="fullscreen; xr-spatial-tracking" allowfullscreen></iframe>`,
        branding: {
          display_provider_logo: false,
          primary_color: '#ffffff',
          client_url: '',
          client_logo_url: '',
          client_name: '',
          provider_name: '',
          provider_url: '',
          provider_logo_url: '',
        },
        media: { type: 'no_media', sub_type: null, size: 'medium', url: null, media_id: null },
        model_source: null,
        matterport_key: 'SxQL3iGyoDo',
        setup: {
          language: 'en',
          measurement_unit: 'metric',
          show_map: true,
          show_contact_form: true,
          show_footer: true,
        },
        username: null,
        has_password: false,
        lead_gate_sweeps: null,
        shareable: false,
        matterport_model_parameter: {
          id: data.matterport_model_parameter.id,
          property_id: propertyId,
          values: defaultUrlParameters(),
          query: '',
        },
        virtual_tour: {
          id: data.virtual_tour.id,
          has_draft: false,
          draft_saved_at: null,
          published_at: null,
        },
        updated_at: data.updated_at,
      });
    });

    it('is made once when two first reads come at once; the namespace is the provider’s', async () => {
      const second = await aProperty(provider, 'Hill House');
      const [a, b] = await Promise.all([playerLink(second), playerLink(second)]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.body.data.id).toBe(b.body.data.id);
      expect(a.body.data.virtual_tour.id).toBe(b.body.data.virtual_tour.id);
      for (const table of ['player_links', 'matterport_model_parameters', 'virtual_tours']) {
        expect(await countRows(table, second)).toBe(1);
      }
      expect(a.body.data.client_slug).toBe(link.client_slug);
      const theirs = await playerLink(await aProperty(other, 'Their House'), other);
      expect(theirs.body.data.client_slug).toMatch(/^[a-z0-9]{8}$/);
      expect(theirs.body.data.client_slug).not.toBe(link.client_slug);
    });

    it('is the provider’s only: another provider’s, a malformed or an unknown id is 404', async () => {
      for (const [id, who] of [
        [propertyId, other],
        ['nope', provider],
        [uuidv7(), provider],
      ] as const) {
        const answer = await playerLink(id, who);
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual({ errors: { base: ['Property not found'] } });
      }
      const routes: Array<[string, string, object]> = [
        [
          'post',
          `/provider/player_links/${link.id}/update_player_link_branding`,
          {
            provider_properties_update_player_link_branding_form: { client_name: 'X' },
            provider_client_has_changed: '1',
          },
        ],
        [
          'put',
          `/provider/player_links/${link.id}/update_media`,
          { player_link_media: { type: 'no_media' } },
        ],
        [
          'post',
          `/provider/player_links/${link.id}/update_primary_model`,
          { player_link: { model_source: null } },
        ],
        [
          'post',
          `/provider/player_links/${link.id}/update_setup`,
          { player_link_setup: { show_map: false } },
        ],
      ];
      for (const [method, path, body] of routes) {
        const answer = await other.send(method as 'post', path, body);
        expect([path, answer.status, answer.body]).toEqual([
          path,
          404,
          { errors: { base: ['Player link not found'] } },
        ]);
      }
      const password = await other.send(
        'patch',
        `/provider/properties/${propertyId}/update_player_link_password`,
        {
          player_link: { username: 'x', password: 'copper kettle meadow' },
        },
      );
      expect(password.status).toBe(404);
      const parameters = `/provider/matterport_model_parameters/${link.matterport_model_parameter.id}`;
      for (const answer of [
        await other.send('put', parameters, { matterport_model_parameter: { help: 1 } }),
        await other.send('post', `${parameters}/revert_to_default`),
      ]) {
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual({ errors: { base: ['URL parameters not found'] } });
      }
      expect((await playerLink()).body.data).toEqual(link);
    });
    it('is gone with its property: a deleted property’s link, parameters and tour are 404', async () => {
      const doomed = await aProperty(provider, 'Old Barn');
      const made = (await playerLink(doomed)).body.data;
      expect((await provider.send('delete', `/provider/properties/${doomed}`)).status).toBe(200);
      const answers: Array<[Promise<{ status: number; body: unknown }>, string]> = [
        [playerLink(doomed), 'Property not found'],
        [
          provider.send('post', `/provider/player_links/${made.id}/update_setup`, {
            player_link_setup: { show_map: false },
          }),
          'Player link not found',
        ],
        [
          provider.send(
            'post',
            `/provider/matterport_model_parameters/${made.matterport_model_parameter.id}/revert_to_default`,
          ),
          'URL parameters not found',
        ],
        [provider.get(`/provider/virtual_tours/${made.virtual_tour.id}/draft`), 'Tour not found'],
        [provider.get(`/provider/properties/${doomed}/guided_tour_layer.json`), 'Property not found'],
      ];
      for (const [answer, message] of answers) {
        const { status, body } = await answer;
        expect([status, body]).toEqual([404, { errors: { base: [message] } }]);
      }
    });
  });

  describe('its settings', () => {
    const branding = (form: object, changed = '1') =>
      provider.send('post', `/provider/player_links/${link.id}/update_player_link_branding`, {
        provider_properties_update_player_link_branding_form: form,
        provider_client_has_changed: changed,
      });

    it('branding: keys sent replace, null restores; the client part only when it changed', async () => {
      const set = await branding({
        display_provider_logo: true,
        primary_color: '#123abc',
        client_name: 'Jane Client',
        client_url: 'https://jane.example.com',
        provider_name: 'Tour Maker',
        provider_logo_url: 'https://cdn.example.com/logo.png',
      });
      expect(set.status).toBe(200);
      expect(set.body.data.branding).toMatchObject({
        display_provider_logo: true,
        primary_color: '#123abc',
        client_name: 'Jane Client',
        client_url: 'https://jane.example.com',
        provider_logo_url: 'https://cdn.example.com/logo.png',
      });
      const kept = await branding(
        { client_name: 'Someone Else', provider_name: 'Renamed', primary_color: null },
        '0',
      );
      expect(kept.body.data.branding).toMatchObject({
        client_name: 'Jane Client',
        provider_name: 'Renamed',
        primary_color: '#ffffff',
      });
    });

    it('branding: refuses bad colours, links, texts and flags, changing nothing', async () => {
      const before = (await playerLink()).body.data;
      const cases: Array<[object, string, Record<string, string[]>]> = [
        [
          { primary_color: 'blue' },
          '1',
          { 'provider_properties_update_player_link_branding_form.primary_color': [NOT_A_COLOUR] },
        ],
        [
          { client_url: 'ftp://x.example.com' },
          '1',
          { 'provider_properties_update_player_link_branding_form.client_url': ['Invalid URL'] },
        ],
        [
          { provider_logo_url: 'logo.png' },
          '1',
          { 'provider_properties_update_player_link_branding_form.provider_logo_url': ['Invalid URL'] },
        ],
        [
          { client_name: 'x'.repeat(201) },
          '1',
          {
            'provider_properties_update_player_link_branding_form.client_name': [
              'must be at most 200 characters',
            ],
          },
        ],
        [
          { display_provider_logo: 'yes' },
          '1',
          {
            'provider_properties_update_player_link_branding_form.display_provider_logo': [
              'must be true or false',
            ],
          },
        ],
        [{ client_name: 'X' }, '2', { provider_client_has_changed: ["must be '1' or '0'"] }],
      ];
      for (const [form, changed, errors] of cases) {
        const answer = await branding(form, changed);
        expect([answer.status, answer.body]).toEqual([422, { errors }]);
      }
      expect((await playerLink()).body.data).toEqual(before);
    });

    it('media: a photo or video of this property, a link for websites; no_media clears the rest', async () => {
      const media = (form: object) =>
        provider.send('put', `/provider/player_links/${link.id}/update_media`, { player_link_media: form });
      const photo = await media({
        type: 'photo',
        size: 'large',
        media_id: photoId,
        url: 'https://ignored.example.com',
      });
      expect(photo.status).toBe(200);
      expect(photo.body.data.media).toEqual({
        type: 'photo',
        sub_type: null,
        size: 'large',
        url: null,
        media_id: photoId,
      });
      const refused: Array<[object, Record<string, string[]>]> = [
        [
          { type: 'photo', media_id: uuidv7() },
          { 'player_link_media.media_id': ['must be a photo of this property'] },
        ],
        [
          { type: 'video', media_id: photoId },
          { 'player_link_media.media_id': ['must be a video of this property'] },
        ],
        [
          { type: 'video', media_id: 'x' },
          { 'player_link_media.media_id': ['must be a video of this property'] },
        ],
        [{ type: 'website' }, { 'player_link_media.url': ['Required'] }],
        [{ type: 'website', url: ' ' }, { 'player_link_media.url': ['Required'] }],
        [
          { type: 'rich', url: 'https://user:secret@example.com/x' },
          { 'player_link_media.url': ['Invalid URL'] },
        ],
        [{ type: 'rich', url: 'not a link' }, { 'player_link_media.url': ['Invalid URL'] }],
        [
          { type: 'hologram' },
          { 'player_link_media.type': ['must be one of: no_media, photo, video, rich, website'] },
        ],
      ];
      for (const [form, errors] of refused) {
        const answer = await media(form);
        expect([answer.status, answer.body]).toEqual([422, { errors }]);
      }
      expect((await playerLink()).body.data.media.media_id).toBe(photoId);
      const website = await media({
        type: 'website',
        sub_type: 'embedded_website',
        url: 'https://example.com/page',
      });
      expect(website.body.data.media).toEqual({
        type: 'website',
        sub_type: 'embedded_website',
        size: 'medium',
        url: 'https://example.com/page',
        media_id: null,
      });
      const none = await media({ type: 'no_media', url: 'https://example.com/page' });
      expect(none.body.data.media).toEqual({
        type: 'no_media',
        sub_type: null,
        size: 'medium',
        url: null,
        media_id: null,
      });
    });

    it('primary model: any scan key replaces the model in this player; null is the property’s again', async () => {
      const model = (source: unknown) =>
        provider.send('post', `/provider/player_links/${link.id}/update_primary_model`, {
          player_link: { model_source: source },
        });
      const set = await model('https://my.matterport.com/show/?m=Zh14WDtkjdC&ss=3&sr=-1.2');
      expect(set.status).toBe(200);
      expect(set.body.data).toMatchObject({
        model_source: 'https://my.matterport.com/show/?m=Zh14WDtkjdC&ss=3&sr=-1.2',
        matterport_key: 'Zh14WDtkjdC',
      });
      const refused = await model('not a model');
      expect([refused.status, refused.body]).toEqual([
        422,
        { errors: { 'player_link.model_source': [SCAN_KEY_INVALID] } },
      ]);
      expect((await playerLink()).body.data.matterport_key).toBe('Zh14WDtkjdC');
      const back = await model(null);
      expect(back.body.data).toMatchObject({ model_source: null, matterport_key: 'SxQL3iGyoDo' });
    });

    it('setup: keys sent replace, null restores the default', async () => {
      const setup = (form: object) =>
        provider.send('post', `/provider/player_links/${link.id}/update_setup`, { player_link_setup: form });
      const set = await setup({ language: 'fr', measurement_unit: 'imperial', show_footer: false });
      expect(set.body.data.setup).toEqual({
        language: 'fr',
        measurement_unit: 'imperial',
        show_map: true,
        show_contact_form: true,
        show_footer: false,
      });
      const refused = await setup({ measurement_unit: 'cubits', language: 'French' });
      expect(refused.status).toBe(422);
      expect(Object.keys(refused.body.errors).sort()).toEqual([
        'player_link_setup.language',
        'player_link_setup.measurement_unit',
      ]);
      const restored = await setup({ language: null, show_footer: null });
      expect(restored.body.data.setup).toMatchObject({
        language: 'en',
        measurement_unit: 'imperial',
        show_footer: true,
      });
    });

    it('password: stored as a scrypt hash, never answered; both empty remove it', async () => {
      const password = (form: object) =>
        provider.send('patch', `/provider/properties/${propertyId}/update_player_link_password`, {
          player_link: form,
        });
      const set = await password({ username: 'visitor', password: 'open sesame 42' });
      expect(set.status).toBe(200);
      expect(set.body.data).toMatchObject({ username: 'visitor', has_password: true });
      expect(JSON.stringify(set.body)).not.toMatch(/sesame|scrypt|password_hash/);
      const stored = await one<{ hash: string }>(
        it_.propertiesDb.dataSource,
        'SELECT password_hash AS hash FROM player_links WHERE property_id = $1',
        [propertyId],
      );
      expect(stored!.hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
      const refused: Array<[object, Record<string, string[]>]> = [
        [
          { username: 'visitor', password: 'short' },
          { 'player_link.password': ['must be 8 to 128 characters'] },
        ],
        [
          { username: '', password: 'long enough' },
          { 'player_link.username': ['must be 1 to 100 characters'] },
        ],
        [
          { username: 'x'.repeat(101), password: 'long enough' },
          { 'player_link.username': ['must be 1 to 100 characters'] },
        ],
        [{ username: 'visitor', password: '' }, { 'player_link.password': ['must be 8 to 128 characters'] }],
        [{ username: 'visitor' }, { 'player_link.password': ['Required'] }],
        // The accounts' strength rule, in its words: common passwords, runs of digits, the username itself.
        [{ username: 'visitor', password: 'password' }, { 'player_link.password': [TOO_WEAK] }],
        [{ username: 'visitor', password: '12345678' }, { 'player_link.password': [TOO_WEAK] }],
        [{ username: 'harbourview', password: 'harbourview1' }, { 'player_link.password': [TOO_WEAK] }],
      ];
      for (const [form, errors] of refused) {
        const answer = await password(form);
        expect([answer.status, answer.body]).toEqual([422, { errors }]);
      }
      const after = await one<{ hash: string }>(
        it_.propertiesDb.dataSource,
        'SELECT password_hash AS hash FROM player_links WHERE property_id = $1',
        [propertyId],
      );
      expect(after!.hash).toBe(stored!.hash);
      const removed = await password({ username: '', password: '' });
      expect(removed.body.data).toMatchObject({ username: null, has_password: false });
    });
  });

  describe('the URL parameters', () => {
    const path = () => `/provider/matterport_model_parameters/${link.matterport_model_parameter.id}`;

    it('keeps values away from the defaults and answers the embed’s query', async () => {
      const set = await provider.send('put', path(), {
        matterport_model_parameter: {
          quickstart: 1,
          help: 2,
          tour_start_delay: 30,
          language: 'fr',
          dollhouse: 1,
        },
      });
      expect(set.status).toBe(200);
      expect(set.body.data).toEqual({
        id: link.matterport_model_parameter.id,
        property_id: propertyId,
        values: { ...defaultUrlParameters(), quickstart: 1, help: 2, tour_start_delay: 30, language: 'fr' },
        query: 'qs=1&ts=30&lang=fr&help=2',
      });
      const back = await provider.send('put', path(), {
        matterport_model_parameter: { help: null, quickstart: 0 },
      });
      expect(back.body.data.query).toBe('ts=30&lang=fr');
    });

    it('refuses choices, numbers, texts and names outside the catalogue, changing nothing', async () => {
      const refused = await provider.send('put', path(), {
        matterport_model_parameter: {
          help: 5,
          tour_start_delay: 601,
          language: 'french',
          bogus: 1,
          quickstart: 1,
        },
      });
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual({
        errors: {
          'matterport_model_parameter.help': ['must be one of 0, 1, 2'],
          'matterport_model_parameter.tour_start_delay': ['must be between 0 and 600'],
          'matterport_model_parameter.language': ['is not valid'],
          'matterport_model_parameter.bogus': ['is not a URL parameter'],
        },
      });
      expect((await playerLink()).body.data.matterport_model_parameter.query).toBe('ts=30&lang=fr');
      for (const body of [{ matterport_model_parameter: 'help=1' }, {}]) {
        expect((await provider.send('put', path(), body)).status).toBe(422);
      }
    });

    it('goes into the embed URL, and reverts to the defaults', async () => {
      const preview = await provider.get(
        `/provider/virtual_tours/${link.virtual_tour.id}/preview?state=draft`,
      );
      expect(preview.body.data.model.embed_url).toBe(
        'https://my.matterport.com/show/?m=SxQL3iGyoDo&ts=30&lang=fr',
      );
      const reverted = await provider.send('post', `${path()}/revert_to_default`);
      expect(reverted.status).toBe(200);
      expect(reverted.body.data).toMatchObject({ values: defaultUrlParameters(), query: '' });
    });
  });

  describe('the layers', () => {
    const tour = () => `/provider/virtual_tours/${link.virtual_tour.id}`;
    const draft = async () => (await provider.get(`${tour()}/draft`)).body.data;

    it('start from the defaults, with no draft', async () => {
      expect(await draft()).toEqual({
        id: link.virtual_tour.id,
        property_id: propertyId,
        state: wire(defaultTourLayers()),
        has_draft: false,
        draft_saved_at: null,
        published_at: null,
        published: null,
      });
    });

    it('refuse bad layers on the field’s path, changing nothing', async () => {
      const layers = defaultTourLayers();
      // A title in a logo's size, and a link no browser should follow.
      layers.overlay.top.columns[0][1] = { ...layers.overlay.top.columns[0][1], size: 'xl' } as OverlayItem;
      layers.menu.entries.push({
        id: 'bad',
        title: 'Bad',
        icon: 'link',
        type: 'link',
        url: 'javascript:alert(1)',
        childEntries: [],
      });
      const refused = await provider.send('put', `${tour()}/draft`, { draft: { state: wire(layers) } });
      expect([refused.status, refused.body]).toEqual([
        422,
        {
          errors: {
            'draft.state.overlay.top.columns.0.1.size': ['must be one of: sm, md, lg'],
            'draft.state.menu.entries.2.url': ['Invalid URL'],
          },
        },
      ]);
      const menu = await provider.send('put', `${tour()}/menu`, {
        menu: {
          entries: [{ id: 'a', title: 'A', icon: 'link', type: 'link', url: 'nope', child_entries: [] }],
        },
      });
      expect([menu.status, menu.body]).toEqual([422, { errors: { 'menu.entries.0.url': ['Invalid URL'] } }]);
      const duplicate = await provider.send('put', `${tour()}/menu`, {
        menu: {
          entries: [
            { id: 'a', title: 'A', icon: 'map', type: 'map', url: null, child_entries: [] },
            { id: 'a', title: 'B', icon: 'map', type: 'map', url: null, child_entries: [] },
          ],
        },
      });
      expect(duplicate.body).toEqual({ errors: { 'menu.entries': ['is already the id of another entry'] } });
      const image = await provider.send('post', `${tour()}/overlay_welcome_screen`, {
        overlay_welcome_screen: {
          enabled: true,
          title: 'Hi',
          message: '',
          image_id: theirLocationImageId,
          button_label: 'Go',
        },
      });
      expect([image.status, image.body]).toEqual([
        422,
        { errors: { 'overlay_welcome_screen.image_id': ['must be one of your location images'] } },
      ]);
      expect(await draft()).toMatchObject({ has_draft: false, state: wire(defaultTourLayers()) });
    });

    it('edits go to the draft, part by part or whole', async () => {
      const menu = await provider.send('put', `${tour()}/menu`, {
        menu: {
          entries: [
            {
              id: 'site',
              title: 'Our site',
              icon: 'link',
              type: 'link',
              url: 'https://example.com',
              child_entries: [],
            },
            {
              id: 'contact',
              title: 'Contact',
              icon: 'mail',
              type: 'contact_form',
              url: 'https://dropped.example.com',
              child_entries: [],
            },
          ],
        },
      });
      expect(menu.status).toBe(200);
      expect(menu.body.data).toMatchObject({ has_draft: true, published: null });
      expect(menu.body.data.state.menu.entries[1]).toEqual({
        id: 'contact',
        title: 'Contact',
        icon: 'mail',
        type: 'contact_form',
        url: null,
        child_entries: [],
      });
      expect(menu.body.data.state.overlay).toEqual(wire(defaultTourLayers()).overlay);

      const welcome = {
        enabled: true,
        title: 'Welcome',
        message: 'Have a look',
        image_id: locationImageId,
        button_label: 'Enter',
      };
      const saved = await provider.send('post', `${tour()}/overlay_welcome_screen`, {
        overlay_welcome_screen: welcome,
      });
      expect([saved.status, saved.body.data]).toEqual([200, { overlay_welcome_screen: welcome }]);
      expect((await provider.get(`${tour()}/overlay_welcome_screen`)).body.data).toEqual({
        overlay_welcome_screen: welcome,
      });
      // The player gets the picture's address: a signed link to the stored file, which answers the image.
      const preview = await provider.get(`${tour()}/preview?state=draft`);
      const imageUrl = preview.body.data.layers.welcome_screen.image_url as string;
      expect(imageUrl).toContain(it_.storage!.endpoint);
      const image = await fetch(imageUrl);
      expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/jpeg']);

      const guided = `/provider/properties/${propertyId}/guided_tour_layer.json`;
      expect((await provider.get(guided)).body.data).toEqual({
        guided_tour_layer: { enabled: false, autoplay: false, loop: false },
      });
      const changed = await provider.send('post', guided, { guided_tour_layer: { autoplay: true } });
      expect(changed.body.data).toEqual({
        guided_tour_layer: { enabled: false, autoplay: true, loop: false },
      });
      const enabled = await provider.send(
        'post',
        `/provider/properties/${propertyId}/guided_tour_layer/enable_layer.json`,
        {
          guided_tour_layer: { enabled: true },
        },
      );
      expect(enabled.body.data).toEqual({
        guided_tour_layer: { enabled: true, autoplay: true, loop: false },
      });
      expect((await provider.send('post', guided, { guided_tour_layer: { loop: 'yes' } })).status).toBe(422);

      const state = (await draft()).state;
      expect(state.menu.entries.map((entry: { id: string }) => entry.id)).toEqual(['site', 'contact']);
      expect(state.welcome_screen).toEqual(welcome);
      expect(state.guided_tour).toEqual({ enabled: true, autoplay: true, loop: false });

      const whole = await provider.send('put', `${tour()}/draft`, {
        draft: { state: wire(otherLayers('a')) },
      });
      expect(whole.status).toBe(200);
      expect(whole.body.data.state).toEqual(wire(otherLayers('a')));
      expect(whole.body.data.draft_saved_at).toEqual(expect.any(String));
    });

    it('are the provider’s only: another provider’s tour is 404 on every route', async () => {
      const notFound = { errors: { base: ['Tour not found'] } };
      const answers = [
        await other.get(`${tour()}/draft`),
        await other.send('put', `${tour()}/draft`, { draft: { state: wire(defaultTourLayers()) } }),
        await other.send('delete', `${tour()}/draft`),
        await other.send('put', `${tour()}/menu`, { menu: { entries: [] } }),
        await other.get(`${tour()}/overlay_welcome_screen`),
        await other.get(`${tour()}/preview?state=draft`),
        await provider.get(`/provider/virtual_tours/${uuidv7()}/draft`),
        await provider.get('/provider/virtual_tours/not-an-id/draft'),
      ];
      for (const answer of answers) expect([answer.status, answer.body]).toEqual([404, notFound]);
      const guided = await other.get(`/provider/properties/${propertyId}/guided_tour_layer.json`);
      expect([guided.status, guided.body]).toEqual([404, { errors: { base: ['Property not found'] } }]);
      const publish = await other.send('put', '/provider/virtual_tours/layers/publish', {
        property_slug: slug,
      });
      expect([publish.status, publish.body]).toEqual([404, { errors: { base: ['Property not found'] } }]);
      expect((await draft()).state).toEqual(wire(otherLayers('a')));
    });

    it('the free plan previews the draft but publishes nothing', async () => {
      const refused = await provider.send('put', '/provider/virtual_tours/layers/publish', {
        property_slug: slug,
      });
      expect([refused.status, refused.body]).toEqual([403, { errors: { base: [PUBLISHING_NEEDS_PLAN] } }]);
      expect(await draft()).toMatchObject({ has_draft: true, published: null, published_at: null });
      const preview = await provider.get(`${tour()}/preview?state=draft`);
      expect(preview.status).toBe(200);
      expect(preview.body.data).toEqual({
        property: {
          id: propertyId,
          slug,
          title: 'Seaside Villa',
          address: expect.any(String),
          formatted_address: expect.any(String),
          latitude: expect.any(Number),
          longitude: expect.any(Number),
        },
        model: {
          key: 'SxQL3iGyoDo',
          start_position: null,
          embed_url: 'https://my.matterport.com/show/?m=SxQL3iGyoDo',
        },
        layers: viewed(otherLayers('a')),
        branding: expect.objectContaining({ provider_name: 'Renamed' }),
        media: { type: 'no_media', sub_type: null, size: 'medium', url: null, media_id: null },
        setup: expect.objectContaining({ language: 'en' }),
        url_parameters: defaultUrlParameters(),
        mls: false,
        links: link.links,
        // No SDK key in this service's own tests: the preview reaches no space (the platform's tests set one).
        showcase_sdk: null,
      });
      const published = await provider.get(`${tour()}/preview?state=published`);
      expect(published.body.data.layers).toEqual(viewed(defaultTourLayers()));
      const bad = await provider.get(`${tour()}/preview?state=live`);
      expect(bad.status).toBe(422);
    });

    it('publishing copies the draft and drops it; unpublishing keeps the layers as the draft', async () => {
      await paidPlan(provider);
      const unknown = await provider.send('put', '/provider/virtual_tours/layers/publish', {
        property_slug: 'no-such-place',
      });
      expect([unknown.status, unknown.body]).toEqual([404, { errors: { base: ['Property not found'] } }]);
      const published = await provider.send('put', '/provider/virtual_tours/layers/publish', {
        property_slug: slug,
      });
      expect(published.status).toBe(200);
      expect(published.body.data).toMatchObject({
        has_draft: false,
        draft_saved_at: null,
        state: wire(otherLayers('a')),
        published: wire(otherLayers('a')),
        published_at: expect.any(String),
      });
      const dropped = await provider.send('put', `${tour()}/menu`, { menu: { entries: [] } });
      expect(dropped.body.data.state.menu.entries).toEqual([]);
      const back = await provider.send('delete', `${tour()}/draft`);
      expect(back.body.data).toMatchObject({ has_draft: false, state: wire(otherLayers('a')) });

      const down = await provider.send('put', '/provider/virtual_tours/layers/publish', {
        property_slug: slug,
        publish: false,
      });
      expect(down.body.data).toMatchObject({
        has_draft: true,
        published: null,
        published_at: null,
        state: wire(otherLayers('a')),
      });
      const visitors = await provider.get(`${tour()}/preview?state=published`);
      expect(visitors.body.data.layers).toEqual(viewed(defaultTourLayers()));
      const again = await provider.send('put', '/provider/virtual_tours/layers/publish', {
        property_slug: slug,
        publish: true,
      });
      expect(again.body.data).toMatchObject({ has_draft: false, published: wire(otherLayers('a')) });
      expect(
        (
          await provider.send('put', '/provider/virtual_tours/layers/publish', {
            property_slug: slug,
            publish: 'yes',
          })
        ).status,
      ).toBe(422);
    });

    it('a reader during publishing gets the old layers or the new, never a mix', async () => {
      const old = otherLayers('a');
      const next = otherLayers('bb');
      for (let round = 0; round < 5; round++) {
        const [from, to] = round % 2 === 0 ? [old, next] : [next, old];
        expect((await provider.send('put', `${tour()}/draft`, { draft: { state: wire(to) } })).status).toBe(
          200,
        );
        let publishing = true;
        const reads: unknown[] = [];
        const reader = (async () => {
          while (publishing) {
            reads.push((await provider.get(`${tour()}/preview?state=published`)).body.data.layers);
          }
        })();
        const done = await provider.send('put', '/provider/virtual_tours/layers/publish', {
          property_slug: slug,
        });
        publishing = false;
        await reader;
        reads.push((await provider.get(`${tour()}/preview?state=published`)).body.data.layers);
        expect(done.status).toBe(200);
        for (const read of reads) expect([viewed(from), viewed(to)]).toContainEqual(read);
        expect(reads.at(-1)).toEqual(viewed(to));
      }
    });

    it('keeps both of two edits of different parts made at once', async () => {
      const fresh = await aProperty(provider, 'Twin Edits');
      const tourId = (await playerLink(fresh)).body.data.virtual_tour.id;
      const entries = [{ id: 'map', title: 'Map', icon: 'map', type: 'map', url: null, child_entries: [] }];
      const answers = await Promise.all([
        provider.send('put', `/provider/virtual_tours/${tourId}/menu`, { menu: { entries } }),
        provider.send('post', `/provider/properties/${fresh}/guided_tour_layer.json`, {
          guided_tour_layer: { loop: true },
        }),
        provider.send('post', `/provider/virtual_tours/${tourId}/overlay_welcome_screen`, {
          overlay_welcome_screen: {
            enabled: true,
            title: 'Hi',
            message: '',
            image_id: null,
            button_label: 'Go',
          },
        }),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      const state = (await provider.get(`/provider/virtual_tours/${tourId}/draft`)).body.data.state;
      expect(state.menu.entries).toEqual(entries);
      expect(state.guided_tour.loop).toBe(true);
      expect(state.welcome_screen.title).toBe('Hi');
      expect(state.overlay).toEqual(wire(defaultTourLayers()).overlay);
    });

    it('make the link shareable once the tour is shared on a plan that publishes', async () => {
      const shared = await provider.send('put', `/provider/properties/${propertyId}/published_features`, {
        published_features: { tour: true },
      });
      expect(shared.status).toBe(200);
      expect((await playerLink()).body.data.shareable).toBe(true);
    });
  });
});
