import { PLAYER_MESSAGES, tourPublicId } from '@tourly/contracts';
import { rows } from '@tourly/platform';
import { aProperty } from './media-support';
import { shareTour, startProperties, type PropertiesAlone, type Person } from './support';

const NOT_FOUND = JSON.stringify({ errors: { base: [PLAYER_MESSAGES.tourNotFound] } });
const HOST_PROVIDER = 'x-host-provider-id';

/**
 * The visitor's player (issue 13; properties alone): a shared tour's JSON by its public id, with the published
 * layers only, cacheable with its ETag; every reason not to show a tour is the same 404; the layers' lists, the
 * cookie consent and the segmentation scenes. The password gate, whose attempts identity counts, is
 * player-gate.spec.ts.
 */
describe('the visitor’s player', () => {
  let it_: PropertiesAlone;
  let provider: Person;
  let other: Person;

  beforeAll(async () => {
    it_ = await startProperties();
    provider = await it_.signUp('Player Maker');
    other = await it_.signUp('Other Player Maker');
  });
  afterAll(() => it_.stop());

  const db = () => it_.propertiesDb.dataSource;
  const base = (id: string, headers: Record<string, string> = {}, query = '') =>
    it_.http.get(`/digital_twin/${encodeURIComponent(id)}/layers/base.json${query}`).set(headers);

  /** A property of the person's with its player link; its public id. */
  const aTour = async (person: Person, title: string) => {
    const propertyId = await aProperty(person, title);
    const link = (await person.get(`/provider/properties/${propertyId}/player_link`)).body.data;
    return { propertyId, publicId: tourPublicId(link.client_slug, link.model_slug), slug: link.model_slug };
  };

  const share = (person: Person, propertyId: string) => shareTour(it_, person, propertyId);

  /** A built answer is kept PLAYER_CACHE_SECONDS (2 s): a change shows within that. */
  const eventually = async (check: () => Promise<boolean>) => {
    for (let tries = 0; tries < 40; tries++) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the change did not show within 4 s');
  };

  describe('base.json', () => {
    it('answers a shared tour’s published layers (never the draft) with the agents, provider, map and credits', async () => {
      const tour = await aTour(provider, 'Seaside Villa');
      await share(provider, tour.propertyId);
      const link = (await provider.get(`/provider/properties/${tour.propertyId}/player_link`)).body.data;
      await provider.send('post', `/provider/player_links/${link.id}/update_player_link_branding`, {
        provider_properties_update_player_link_branding_form: {
          provider_name: 'Harbour Realty',
          provider_url: 'https://harbour.example/',
          client_name: 'Ms Client',
        },
        provider_client_has_changed: '1',
      });
      // Published: guided tour off; then a draft turns it on, which visitors must not see.
      const published = await provider.send('put', '/provider/virtual_tours/layers/publish', {
        property_slug: tour.slug,
      });
      expect(published.status).toBe(200);
      await provider.send('post', `/provider/properties/${tour.propertyId}/guided_tour_layer.json`, {
        guided_tour_layer: { enabled: true, autoplay: true },
      });

      const answer = await base(tour.publicId);
      expect(answer.status).toBe(200);
      const preview = await provider.get(
        `/provider/virtual_tours/${link.virtual_tour.id}/preview?state=published`,
      );
      const data = answer.body.data;
      expect(data).toEqual({
        ...preview.body.data,
        id: tour.publicId,
        agents: [],
        provider: { name: 'Harbour Realty', url: 'https://harbour.example/', logo_url: null },
        map: { tiles_url: expect.stringContaining('{z}/{x}/{y}'), attribution: expect.any(String), zoom: 18 },
        model_credits: [],
        // No staging scene published.
        virtual_staging: false,
        // No SDK key in this service's own tests: the player follows no one (the platform's tests set one).
        showcase_sdk: null,
        lead_gate: null,
        // Shared basic (not premium): the model under its overlay, no layers in the space.
        premium_layers: false,
        // The model was never segmented: no rooms view; the property has no digital twin: no exterior.
        segmentation: null,
        exterior: null,
      });
      expect(data.layers.guided_tour.enabled).toBe(false);
      expect(data.branding.client_name).toBe('Ms Client');
      expect(answer.headers['cache-control']).toBe('public, max-age=0, s-maxage=2, must-revalidate');
      expect(answer.headers.etag).toMatch(/^"[\w-]{32}"$/);

      const again = await base(tour.publicId, { 'if-none-match': answer.headers.etag });
      expect(again.status).toBe(304);
      expect(again.text ?? '').toBe('');
      expect(again.headers.etag).toBe(answer.headers.etag);
      const stale = await base(tour.publicId, { 'if-none-match': '"something-else"' });
      expect(stale.status).toBe(200);

      // The multiple listing service's view: no branding, no agents, no contact form.
      const mls = await base(tour.publicId, {}, '?mls=1');
      expect(mls.status).toBe(200);
      expect(mls.body.data).toMatchObject({
        mls: true,
        agents: [],
        provider: { name: '', url: null, logo_url: null },
        branding: { client_name: '', provider_name: '' },
        setup: { show_contact_form: false },
      });
      expect(mls.headers.etag).not.toBe(answer.headers.etag);
    });

    it('says a premium tour has the layers in the space, and the same tour turned basic has none', async () => {
      const tour = await aTour(provider, 'Premium Penthouse');
      await share(provider, tour.propertyId);
      const features = (published_features: Record<string, boolean>) =>
        provider.send('put', `/provider/properties/${tour.propertyId}/published_features`, {
          published_features,
        });
      expect((await features({ tour: true, premium: true })).status).toBe(200);
      await eventually(async () => (await base(tour.publicId)).body.data?.premium_layers === true);
      expect((await features({ tour: true, premium: false })).status).toBe(200);
      await eventually(async () => (await base(tour.publicId)).body.data?.premium_layers === false);
      // Basic, the tour still plays: its layers' lists answer no items.
      const tags = await it_.http.get(`/digital_twin/${encodeURIComponent(tour.publicId)}/layers/tags.json`);
      expect(tags.status).toBe(200);
      expect(tags.body.data).toMatchObject({ items: [], total_count: 0 });
    });

    it('answers the same 404 for every tour a visitor may not see', async () => {
      const unshared = await aTour(provider, 'Unshared Cottage');
      const deleted = await aTour(provider, 'Deleted Loft');
      await share(provider, deleted.propertyId);
      expect(
        (await provider.send('delete', `/provider/properties/${deleted.propertyId}`)).status,
      ).toBeLessThan(300);
      const onFree = await it_.signUp('Free Plan Maker');
      const freeTour = await aTour(onFree, 'Free Plan House');
      await share(onFree, freeTour.propertyId);
      await rows(db(), `UPDATE provider_plans SET product_code = 'free_tier_plan' WHERE provider_id = $1`, [
        onFree.providerId,
      ]);
      const shared = await aTour(provider, 'Shared Barn');
      await share(provider, shared.propertyId);

      const answers = await Promise.all([
        base(unshared.publicId),
        base(deleted.publicId),
        base(freeTour.publicId),
        base(shared.publicId, { [HOST_PROVIDER]: other.providerId }),
        base(`${shared.publicId.split('~')[0]}~no-such-tour`),
        base('not-a-public-id'),
        base('a~b~c'),
      ]);
      for (const answer of answers) {
        expect({ status: answer.status, text: answer.text }).toEqual({ status: 404, text: NOT_FOUND });
        expect(answer.headers.etag).toBeUndefined();
      }
      // On its own provider's host, the same tour answers: that very tour, and not another provider's.
      const theirs = await aTour(other, 'Other Barn');
      await share(other, theirs.propertyId);
      const onHost = async (tour: { publicId: string }, host: Person) => {
        const answer = await base(tour.publicId, { [HOST_PROVIDER]: host.providerId });
        return answer.status === 200
          ? { status: 200, id: answer.body.data.id, property: answer.body.data.property }
          : { status: answer.status, text: answer.text };
      };
      expect(await onHost(shared, provider)).toEqual({
        status: 200,
        id: shared.publicId,
        property: expect.objectContaining({ id: shared.propertyId, title: 'Shared Barn' }),
      });
      expect(await onHost(theirs, provider)).toEqual({ status: 404, text: NOT_FOUND });
      expect(await onHost(theirs, other)).toEqual({
        status: 200,
        id: theirs.publicId,
        property: expect.objectContaining({ id: theirs.propertyId, title: 'Other Barn' }),
      });
    });

    it('stops answering a tour taken down, within the few seconds an answer is kept', async () => {
      const tour = await aTour(provider, 'Short Let');
      await share(provider, tour.propertyId);
      expect((await base(tour.publicId)).status).toBe(200);
      const down = await provider.send('put', `/provider/properties/${tour.propertyId}/published_features`, {
        published_features: { tour: false },
      });
      expect(down.status).toBe(200);
      await eventually(async () => (await base(tour.publicId)).text === NOT_FOUND);
    });
  });

  describe('the layers’ lists and the rest of the player', () => {
    let tour: { propertyId: string; publicId: string; slug: string };

    beforeAll(async () => {
      tour = await aTour(other, 'Mountain Chalet');
      await share(other, tour.propertyId);
      await other.send('post', `/provider/properties/${tour.propertyId}/guided_tour_layer.json`, {
        guided_tour_layer: { enabled: true, autoplay: true, loop: true },
      });
      await other.send('put', '/provider/virtual_tours/layers/publish', { property_slug: tour.slug });
    });

    it('answers the tags (none saved) and the guided tour’s published settings, paged', async () => {
      const tags = await it_.http.get(
        `/digital_twin/${tour.publicId}/layers/tags.json?page=2&search=kitchen`,
      );
      expect({ status: tags.status, body: tags.body }).toEqual({
        status: 200,
        body: { data: { items: [], current_page: 2, total_pages: 0, total_count: 0 } },
      });
      const guided = await it_.http.get(
        `/digital_twin/${tour.publicId}/layers/guided_tour.json?filters[room]=kitchen`,
      );
      expect({ status: guided.status, body: guided.body }).toEqual({
        status: 200,
        body: {
          data: {
            guided_tour_layer: { enabled: true, autoplay: true, loop: true },
            items: [],
            current_page: 1,
            total_pages: 0,
            total_count: 0,
          },
        },
      });
      const badPage = await it_.http.get(`/digital_twin/${tour.publicId}/layers/tags.json?page=0`);
      expect(badPage.status).toBe(422);
      const unknown = await it_.http.get(`/digital_twin/nobody~nothing/layers/guided_tour.json`);
      expect({ status: unknown.status, text: unknown.text }).toEqual({ status: 404, text: NOT_FOUND });
      const billboards = await it_.http.get(`/digital_twin/tags/billboard_assets?tour=${tour.publicId}`);
      expect({ status: billboards.status, body: billboards.body }).toEqual({
        status: 200,
        body: { data: [] },
      });
    });

    it('records the visitor’s consent to the cookie policy in a cookie', async () => {
      const answer = await it_.http.post('/cookie_policy/accept.json');
      expect(answer.status).toBe(204);
      expect(String(answer.headers['set-cookie'])).toMatch(
        /^cookie_policy_accepted=\d{4}-\d{2}-\d{2}; Path=\/; Max-Age=31536000; SameSite=Lax$/,
      );
    });

    it('makes and answers a shared model’s segmentation scene, with no panoramas until one is segmented', async () => {
      const keys = { matterport_key: 'SxQL3iGyoDo', mp_model_id: 'model-1' };
      const query = `matterport_key=${keys.matterport_key}&mp_model_id=${keys.mp_model_id}`;
      const before = await it_.http.get(`/segmentation/scene.json?${query}`);
      expect(before.body.data).toMatchObject({ ...keys, status: 'pending', panos: [] });

      const made = await it_.http.post('/segmentation/scene.json').send({ scene: keys });
      expect(made.status).toBe(200);
      expect(made.body.data).toEqual({
        id: expect.any(String),
        ...keys,
        status: 'pending',
        panos: [],
        updated_at: expect.any(String),
      });
      const again = await it_.http.post('/segmentation/scene.json').send({ scene: keys });
      expect(again.body.data.id).toBe(made.body.data.id);
      expect((await it_.http.get(`/segmentation/scene.json?${query}`)).body.data).toEqual(made.body.data);
      const panos = await it_.http.get(`/segmentation/segmented_panos.json?${query}`);
      expect(panos.body).toEqual({ data: { panos: [] } });

      const invalid = await it_.http
        .post('/segmentation/scene.json')
        .send({ scene: { matterport_key: 'a b' } });
      expect({ status: invalid.status, body: invalid.body }).toEqual({
        status: 422,
        body: {
          errors: {
            'scene.matterport_key': ['is not a Matterport model id'],
            'scene.mp_model_id': ['Required'],
          },
        },
      });
      const unshared = await it_.http.post('/segmentation/scene.json').send({
        scene: { matterport_key: 'NoSharedTour1', mp_model_id: 'model-1' },
      });
      expect({ status: unshared.status, text: unshared.text }).toEqual({ status: 404, text: NOT_FOUND });
    });
  });
});
