import { rows } from '@tourly/platform';
import { aTemporaryUpload } from './media-support';
import { aTourOf, sharePremium, wav } from './audio-support';
import { shareTour, startProperties, withoutSignatures, type PropertiesAlone, type Person } from './support';

const STOPS = (propertyId: string) => `/provider/properties/${propertyId}/guided_tour_layer/stops.json`;

/**
 * Issue 34, the guided tour's stops: saved whole and in order by the provider (narrated with its audio files), served
 * page by page to visitors of a shared premium tour by `guided_tour.json`. Each provider reaches only its own; every
 * refusal changes nothing.
 */
describe('guided tour stops', () => {
  let it_: PropertiesAlone;
  let provider: Person;
  let other: Person;

  beforeAll(async () => {
    it_ = await startProperties({ s3: true });
    provider = await it_.signUp('Guide Maker');
    other = await it_.signUp('Other Guide Maker');
  });
  afterAll(() => it_.stop());

  const audioFile = async (person: Person, name: string) => {
    const uploadId = await aTemporaryUpload(
      it_,
      person,
      { filename: `${name}.wav`, content: wav() },
      'audio',
    );
    const answer = await person.send('post', '/provider/virtual_tours/audio_tours/audio_files.json', {
      audio_file: { upload_id: uploadId, name },
    });
    return answer.body.data.id as string;
  };
  const stop = (title: string, changes: Record<string, unknown> = {}) => ({
    sweep_id: `sweep-${title.toLowerCase()}`,
    rotation: { x: -10, y: 90 },
    title,
    text: `About the ${title.toLowerCase()}`,
    ...changes,
  });
  const save = (person: Person, propertyId: string, stops: unknown) =>
    person.send('post', STOPS(propertyId), { guided_tour_layer: { stops } });
  const stored = (propertyId: string) =>
    rows<{ title: string; place: number }>(
      it_.propertiesDb.dataSource,
      'SELECT title, place FROM guided_tour_stops WHERE property_id = $1 ORDER BY place',
      [propertyId],
    );

  it('saves the stops whole, in order: added, reordered, edited, removed', async () => {
    const tour = await aTourOf(provider, 'Guided Harbour');
    expect((await provider.get(STOPS(tour.propertyId))).body.data).toEqual({ stops: [] });
    const narration = await audioFile(provider, 'Entrance narration');

    const saved = await save(provider, tour.propertyId, [
      stop('Entrance', { audio_file_id: narration }),
      stop('Kitchen', { text: null }),
      stop('Lounge', { rotation: { x: 12.5, y: -45 } }),
    ]);
    expect(saved.status).toBe(200);
    expect(saved.body.data.stops).toEqual([
      {
        id: expect.any(String),
        sweep_id: 'sweep-entrance',
        rotation: { x: -10, y: 90 },
        title: 'Entrance',
        text: 'About the entrance',
        audio_file: { id: narration, name: 'Entrance narration', url: expect.stringContaining('.wav') },
      },
      expect.objectContaining({ title: 'Kitchen', text: '', audio_file: null }),
      expect.objectContaining({ title: 'Lounge', rotation: { x: 12.5, y: -45 } }),
    ]);
    // Read back as saved, but for the files' links: each answer signs them anew, a second later or not.
    expect(withoutSignatures((await provider.get(STOPS(tour.propertyId))).body.data)).toEqual(
      withoutSignatures(saved.body.data),
    );

    const reordered = await save(provider, tour.propertyId, [
      stop('Lounge'),
      stop('Entrance', { title: 'Front door', audio_file_id: narration }),
    ]);
    expect(reordered.body.data.stops.map((s: { title: string }) => s.title)).toEqual([
      'Lounge',
      'Front door',
    ]);
    expect(await stored(tour.propertyId)).toEqual([
      { title: 'Lounge', place: 1 },
      { title: 'Front door', place: 2 },
    ]);
    expect((await save(provider, tour.propertyId, [])).body.data).toEqual({ stops: [] });
  });

  it('refuses another provider’s property and bad input in words, changing nothing', async () => {
    const tour = await aTourOf(provider, 'Guided Refusals');
    const mine = await audioFile(provider, 'Mine');
    const theirs = await audioFile(other, 'Theirs');
    await save(provider, tour.propertyId, [stop('Entrance', { audio_file_id: mine })]);
    const before = await stored(tour.propertyId);

    const theirRead = await other.get(STOPS(tour.propertyId));
    expect(theirRead.status).toBe(404);
    expect(theirRead.body.errors).toEqual({ base: ['Property not found'] });
    for (const [person, body, status, errors] of [
      [other, { guided_tour_layer: { stops: [stop('Elsewhere')] } }, 404, { base: ['Property not found'] }],
      [provider, {}, 422, { guided_tour_layer: ['Required'] }],
      [
        provider,
        { guided_tour_layer: { stops: 'Entrance' } },
        422,
        { 'guided_tour_layer.stops': ['must be a list'] },
      ],
      [
        provider,
        { guided_tour_layer: { stops: [stop('')] } },
        422,
        { 'guided_tour_layer.stops.0.title': ['Required'] },
      ],
      [
        provider,
        { guided_tour_layer: { stops: [stop('Hall', { sweep_id: '../etc' })] } },
        422,
        { 'guided_tour_layer.stops.0.sweep_id': ['is not a sweep of the space'] },
      ],
      [
        provider,
        { guided_tour_layer: { stops: [stop('Hall', { rotation: { x: 91, y: 0 } })] } },
        422,
        { 'guided_tour_layer.stops.0.rotation.x': ['must be at most 90'] },
      ],
      [
        provider,
        { guided_tour_layer: { stops: [stop('Hall', { rotation: null })] } },
        422,
        { 'guided_tour_layer.stops.0.rotation': ['Required'] },
      ],
      [
        provider,
        { guided_tour_layer: { stops: [stop('Hall'), stop('Den', { audio_file_id: theirs })] } },
        422,
        { 'guided_tour_layer.stops.1.audio_file_id': ['must be one of your audio files'] },
      ],
      [
        provider,
        { guided_tour_layer: { stops: Array.from({ length: 51 }, (_, n) => stop(`Stop ${n}`)) } },
        422,
        { 'guided_tour_layer.stops': ['must list at most 50'] },
      ],
    ] as const) {
      const answer = await person.send('post', STOPS(tour.propertyId), body);
      expect(answer.status).toBe(status);
      expect(answer.body.errors).toEqual(errors);
    }
    expect(await stored(tour.propertyId)).toEqual(before);

    const played = await provider.send(
      'delete',
      `/provider/virtual_tours/audio_tours/audio_files/${mine}.json`,
    );
    expect(played.status).toBe(409);
    expect(played.body.errors).toEqual({
      base: ['is played in the tour of Guided Refusals: take it out of that tour first'],
    });
  });

  describe('guided_tour.json', () => {
    const guided = (publicId: string, query = '') =>
      it_.http.get(`/digital_twin/${encodeURIComponent(publicId)}/layers/guided_tour.json${query}`);

    it('serves a shared premium tour’s stops, searched and filtered; a basic tour’s none', async () => {
      const publisher = await it_.signUp('Guide Publisher');
      const tour = await aTourOf(publisher, 'Guided Premium');
      const narration = await audioFile(publisher, 'Welcome');
      await save(publisher, tour.propertyId, [
        stop('Entrance', { audio_file_id: narration }),
        stop('Kitchen'),
        stop('Lounge', { text: 'Beside the kitchen' }),
      ]);
      expect((await guided(tour.publicId)).status).toBe(404);

      await shareTour(it_, publisher, tour.propertyId);
      const basic = await guided(tour.publicId);
      expect(basic.status).toBe(200);
      expect(basic.body.data).toMatchObject({ items: [], total_count: 0 });

      await sharePremium(it_, publisher, tour.propertyId);
      const all = await guided(tour.publicId);
      expect(all.body.data).toMatchObject({
        guided_tour_layer: { enabled: false, autoplay: false, loop: false },
        current_page: 1,
        total_pages: 1,
        total_count: 3,
      });
      expect(all.body.data.items[0]).toEqual({
        id: expect.any(String),
        sweep_id: 'sweep-entrance',
        rotation: { x: -10, y: 90 },
        title: 'Entrance',
        text: 'About the entrance',
        audio_file: { id: narration, name: 'Welcome', url: expect.stringContaining('Welcome.wav') },
      });
      const titles = async (query: string) =>
        (await guided(tour.publicId, query)).body.data.items.map((item: { title: string }) => item.title);
      expect(await titles('?search=kitchen')).toEqual(['Kitchen', 'Lounge']);
      expect(await titles('?filters[narrated]=true')).toEqual(['Entrance']);
      expect(await titles('?page=2&page_size=2')).toEqual(['Lounge']);

      expect(await titles('?filters[room]=kitchen')).toEqual(['Entrance', 'Kitchen', 'Lounge']);
      const badFilter = await guided(tour.publicId, '?filters[narrated]=maybe');
      expect(badFilter.status).toBe(422);
      expect(badFilter.body.errors).toEqual({ 'filters.narrated': ['must be true or false'] });
    });
  });
});
