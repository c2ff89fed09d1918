import { one, rows } from '@tourly/platform';
import { aTemporaryUpload, jpeg } from './media-support';
import { aTourOf, m4a, mp3, ogg, sharePremium, wav } from './audio-support';
import { shareTour, startProperties, type PropertiesAlone, type Person } from './support';

const AUDIO = '/provider/virtual_tours/audio_tours';
const NOT_AUDIO = 'must be an audio file (MP3, M4A, OGG or WAV)';

/**
 * Issue 34, audio tours (002 §7 "Provider: audio tours"): the provider's audio files (checked by their bytes, at most
 * 20MB), each property's audio tour, and what a visitor of a shared premium tour hears. Each provider reaches only its
 * own; every refusal changes nothing.
 */
describe('audio tours', () => {
  let it_: PropertiesAlone;
  let provider: Person;
  let other: Person;

  beforeAll(async () => {
    it_ = await startProperties({ s3: true });
    provider = await it_.signUp('Audio Maker');
    other = await it_.signUp('Other Audio Maker');
  });
  afterAll(() => it_.stop());

  const db = () => it_.propertiesDb.dataSource;
  const upload = (person: Person, filename: string, content: Buffer, accept = 'audio') =>
    aTemporaryUpload(it_, person, { filename, content }, accept);
  const addFile = async (person: Person, filename: string, content: Buffer = wav(), name?: string) => {
    const answer = await person.send('post', `${AUDIO}/audio_files.json`, {
      audio_file: { upload_id: await upload(person, filename, content), ...(name ? { name } : {}) },
    });
    expect(answer.status).toBe(201);
    return answer.body.data as { id: string; name: string; url: string; content_type: string };
  };
  const audioRows = (person: Person) =>
    rows<{ id: string; name: string }>(
      db(),
      'SELECT id, name FROM audio_files WHERE provider_id = $1 ORDER BY id',
      [person.providerId],
    );
  const fileState = (uploadId: string) =>
    one<{ attached: boolean }>(db(), 'SELECT attached_at IS NOT NULL AS attached FROM files WHERE id = $1', [
      uploadId,
    ]);

  describe('audio files', () => {
    it.each([
      ['WAV', 'hall.wav', wav(), 'audio/wav'],
      ['MP3', 'hall.mp3', mp3(), 'audio/mpeg'],
      ['M4A', 'hall.m4a', m4a(), 'audio/mp4'],
      ['OGG', 'hall.ogg', ogg(), 'audio/ogg'],
    ])('takes %s by its bytes, named after the file unless named', async (_kind, filename, content, type) => {
      const added = await addFile(provider, filename, content);
      expect(added).toEqual({
        id: expect.any(String),
        name: 'hall',
        url: expect.stringContaining(filename),
        content_type: type,
        size: content.length,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      const fetched = await fetch(added.url);
      expect(fetched.status).toBe(200);
      expect(Buffer.from(await fetched.arrayBuffer())).toEqual(content);
    });

    it('refuses what is not audio, even named .mp3, keeping nothing', async () => {
      const before = await audioRows(provider);
      const named = await it_.http
        .post('/provider/temporary_uploads.json?accept=audio')
        .set(provider.headers!())
        .attach('temporary_upload[file]', Buffer.from('<html>not a song</html>'), 'song.mp3');
      expect(named.status).toBe(422);
      expect(named.body).toEqual({ errors: { 'temporary_upload.file': [NOT_AUDIO] } });

      const picture = await upload(provider, 'song.mp3', await jpeg(20, 20), 'image');
      const answer = await provider.send('post', `${AUDIO}/audio_files.json`, {
        audio_file: { upload_id: picture, name: 'Song' },
      });
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({ errors: { 'audio_file.upload_id': [NOT_AUDIO] } });
      expect(await fileState(picture)).toEqual({ attached: false });
      expect(await audioRows(provider)).toEqual(before);
    });

    it('refuses a file over 20MB, an upload of another provider and bad input, in words', async () => {
      const before = await audioRows(provider);
      const large = await upload(
        provider,
        'long.wav',
        Buffer.concat([wav(0), Buffer.alloc(21 * 1024 * 1024)]),
      );
      const tooLarge = await provider.send('post', `${AUDIO}/audio_files.json`, {
        audio_file: { upload_id: large },
      });
      expect(tooLarge.status).toBe(422);
      expect(tooLarge.body).toEqual({
        errors: { 'audio_file.upload_id': ['must be an audio file of at most 20MB'] },
      });
      expect(await fileState(large)).toEqual({ attached: false });

      const theirs = await upload(other, 'theirs.wav', wav());
      const notMine = await provider.send('post', `${AUDIO}/audio_files.json`, {
        audio_file: { upload_id: theirs },
      });
      expect(notMine.status).toBe(422);
      expect(notMine.body.errors['audio_file.upload_id']).toEqual([
        'is not an upload of yours that is waiting to be used (it may have expired)',
      ]);

      for (const [body, errors] of [
        [{}, { audio_file: ['Required'] }],
        [{ audio_file: {} }, { 'audio_file.upload_id': ['Required'] }],
        [
          { audio_file: { upload_id: 'x' } },
          { 'audio_file.upload_id': [expect.stringContaining('is not an upload')] },
        ],
        [
          { audio_file: { upload_id: large, name: 'n'.repeat(121) } },
          { 'audio_file.name': ['must be at most 120 characters'] },
        ],
      ] as const) {
        const answer = await provider.send('post', `${AUDIO}/audio_files.json`, body);
        expect(answer.status).toBe(422);
        expect(answer.body.errors).toEqual(errors);
      }
      expect(await audioRows(provider)).toEqual(before);
    });

    it('lists, searches and renames the provider’s own files only', async () => {
      const lister = await it_.signUp('Audio Lister');
      const first = await addFile(lister, 'intro.wav', wav(), 'Intro music');
      await addFile(lister, 'kitchen.mp3', mp3(), 'Kitchen narration');
      await addFile(other, 'theirs.wav');

      const all = await lister.get(`${AUDIO}/audio_files.json`);
      expect(all.status).toBe(200);
      expect(all.body.data).toMatchObject({ current_page: 1, total_pages: 1, total_count: 2 });
      expect(all.body.data.items.map((item: { name: string }) => item.name)).toEqual([
        'Intro music',
        'Kitchen narration',
      ]);
      const found = await lister.get(`${AUDIO}/audio_files.json?search=KITCHEN&page_size=1`);
      expect(found.body.data.items.map((item: { name: string }) => item.name)).toEqual(['Kitchen narration']);

      const renamed = await lister.send('put', `${AUDIO}/audio_files/${first.id}.json`, {
        audio_file: { name: ' Welcome music ' },
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body.data).toMatchObject({ id: first.id, name: 'Welcome music' });

      const before = await audioRows(lister);
      for (const [person, id, body, status, errors] of [
        [other, first.id, { audio_file: { name: 'Mine now' } }, 404, { base: ['Audio file not found'] }],
        [lister, 'not-an-id', { audio_file: { name: 'x' } }, 404, { base: ['Audio file not found'] }],
        [lister, first.id, { audio_file: { name: '  ' } }, 422, { 'audio_file.name': ['Required'] }],
        [lister, first.id, { audio_file: [] }, 422, { audio_file: ['must be an object'] }],
      ] as const) {
        const answer = await person.send('put', `${AUDIO}/audio_files/${id}.json`, body);
        expect(answer.status).toBe(status);
        expect(answer.body.errors).toEqual(errors);
      }
      expect(await audioRows(lister)).toEqual(before);
    });
  });

  describe('a property’s audio tour', () => {
    it('is made once per property, found by its slug, and changed key by key', async () => {
      const tour = await aTourOf(provider, 'Audio Harbour');
      const made = await provider.send('post', `${AUDIO}/default.json`, { property_slug: tour.slug });
      expect(made.status).toBe(200);
      expect(made.body.data).toEqual({
        id: expect.any(String),
        property_id: tour.propertyId,
        background_music: null,
        volume: 60,
        room_narrations: [],
        spatial_sources: [],
        updated_at: expect.any(String),
      });
      const again = await provider.send('post', `${AUDIO}/default.json`, { property_slug: tour.slug });
      expect(again.body.data.id).toBe(made.body.data.id);

      const music = await addFile(provider, 'music.ogg', ogg(), 'Music');
      const kitchen = await addFile(provider, 'kitchen.wav', wav(), 'Kitchen');
      const id = made.body.data.id as string;
      const changed = await provider.send('put', `${AUDIO}/${id}.json`, {
        audio_tour: {
          background_music_id: music.id,
          volume: 35,
          room_narrations: [{ room: 'Kitchen', audio_file_id: kitchen.id }],
          spatial_sources: [
            { position: { x: 1.5, y: 0.8, z: -2 }, audio_file_id: kitchen.id, radius: 4, volume: 80 },
          ],
        },
      });
      expect(changed.status).toBe(200);
      expect(changed.body.data).toMatchObject({
        id,
        background_music: { id: music.id, name: 'Music', url: expect.stringContaining('music.ogg') },
        volume: 35,
        room_narrations: [{ room: 'Kitchen', audio_file: { id: kitchen.id, name: 'Kitchen' } }],
        spatial_sources: [
          { position: { x: 1.5, y: 0.8, z: -2 }, audio_file: { id: kitchen.id }, radius: 4, volume: 80 },
        ],
      });

      const volumeOnly = await provider.send('put', `${AUDIO}/${id}.json`, { audio_tour: { volume: 50 } });
      expect(volumeOnly.body.data).toMatchObject({
        volume: 50,
        background_music: { id: music.id },
        room_narrations: [{ room: 'Kitchen' }],
        spatial_sources: [{ radius: 4 }],
      });
      const silent = await provider.send('put', `${AUDIO}/${id}.json`, {
        audio_tour: { background_music_id: null, spatial_sources: [] },
      });
      expect(silent.body.data).toMatchObject({
        background_music: null,
        room_narrations: [{}],
        spatial_sources: [],
      });
    });

    it('refuses another provider’s property, tour and files, and bad input, changing nothing', async () => {
      const tour = await aTourOf(provider, 'Audio Refusals');
      const id = (await provider.send('post', `${AUDIO}/default.json`, { property_slug: tour.slug })).body
        .data.id as string;
      const mine = await addFile(provider, 'mine.wav');
      const theirs = await addFile(other, 'theirs.wav');
      const settled = await provider.send('put', `${AUDIO}/${id}.json`, {
        audio_tour: { volume: 40, room_narrations: [{ room: 'Hall', audio_file_id: mine.id }] },
      });
      expect(settled.status).toBe(200);

      const theirSlug = await other.send('post', `${AUDIO}/default.json`, { property_slug: tour.slug });
      expect(theirSlug.status).toBe(422);
      expect(theirSlug.body.errors).toEqual({ property_slug: ['is not one of your properties'] });
      const blank = await other.send('post', `${AUDIO}/default.json`, {});
      expect(blank.body.errors).toEqual({ property_slug: ['Required'] });

      const narration = (room: string, audioFileId: string) => ({ room, audio_file_id: audioFileId });
      const source = (changes: Record<string, unknown> = {}) => ({
        position: { x: 0, y: 1, z: 0 },
        audio_file_id: mine.id,
        radius: 3,
        volume: 50,
        ...changes,
      });
      for (const [person, body, status, errors] of [
        [other, { audio_tour: { volume: 10 } }, 404, { base: ['Audio tour not found'] }],
        [
          provider,
          { audio_tour: { background_music_id: theirs.id } },
          422,
          {
            'audio_tour.background_music_id': ['must be one of your audio files'],
          },
        ],
        [
          provider,
          { audio_tour: { room_narrations: [narration('Hall', mine.id), narration('Den', theirs.id)] } },
          422,
          {
            'audio_tour.room_narrations.1.audio_file_id': ['must be one of your audio files'],
          },
        ],
        [
          provider,
          { audio_tour: { room_narrations: [narration('Hall', mine.id), narration('hall', mine.id)] } },
          422,
          {
            'audio_tour.room_narrations.1.room': ['names a room already narrated'],
          },
        ],
        [provider, { audio_tour: { volume: 101 } }, 422, { 'audio_tour.volume': ['must be at most 100'] }],
        [
          provider,
          { audio_tour: { volume: 'loud' } },
          422,
          { 'audio_tour.volume': ['must be a whole number'] },
        ],
        [
          provider,
          { audio_tour: { spatial_sources: [source({ radius: 0 })] } },
          422,
          {
            'audio_tour.spatial_sources.0.radius': ['must be at least 0.5'],
          },
        ],
        [
          provider,
          { audio_tour: { spatial_sources: [source({ position: { x: 'a', y: 0, z: 0 } })] } },
          422,
          {
            'audio_tour.spatial_sources.0.position.x': ['must be a number'],
          },
        ],
        [
          provider,
          { audio_tour: { spatial_sources: [source({ audio_file_id: theirs.id })] } },
          422,
          {
            'audio_tour.spatial_sources.0.audio_file_id': ['must be one of your audio files'],
          },
        ],
        [
          provider,
          { audio_tour: { room_narrations: 'Hall' } },
          422,
          { 'audio_tour.room_narrations': ['must be a list'] },
        ],
      ] as const) {
        const answer = await person.send('put', `${AUDIO}/${id}.json`, body);
        expect(answer.status).toBe(status);
        expect(answer.body.errors).toEqual(errors);
      }
      const after = await provider.send('post', `${AUDIO}/default.json`, { property_slug: tour.slug });
      expect(after.body.data).toMatchObject({
        volume: 40,
        background_music: null,
        room_narrations: [{ room: 'Hall', audio_file: { id: mine.id } }],
        spatial_sources: [],
      });
    });

    it('keeps an audio file a tour plays: its removal is refused naming the tour, then allowed', async () => {
      const tour = await aTourOf(provider, 'Audio In Use');
      const id = (await provider.send('post', `${AUDIO}/default.json`, { property_slug: tour.slug })).body
        .data.id as string;
      const music = await addFile(provider, 'played.wav');
      await provider.send('put', `${AUDIO}/${id}.json`, { audio_tour: { background_music_id: music.id } });

      const theirs = await other.send('delete', `${AUDIO}/audio_files/${music.id}.json`);
      expect(theirs.status).toBe(404);
      expect(theirs.body.errors).toEqual({ base: ['Audio file not found'] });
      const played = await provider.send('delete', `${AUDIO}/audio_files/${music.id}.json`);
      expect(played.status).toBe(409);
      expect(played.body.errors).toEqual({
        base: ['is played in the tour of Audio In Use: take it out of that tour first'],
      });
      expect(await one(db(), 'SELECT id FROM audio_files WHERE id = $1', [music.id])).toEqual({
        id: music.id,
      });

      await provider.send('put', `${AUDIO}/${id}.json`, { audio_tour: { background_music_id: null } });
      const removed = await provider.send('delete', `${AUDIO}/audio_files/${music.id}.json`);
      expect(removed.status).toBe(204);
      expect(await one(db(), 'SELECT id FROM audio_files WHERE id = $1', [music.id])).toBeUndefined();
      const again = await provider.send('delete', `${AUDIO}/audio_files/${music.id}.json`);
      expect(again.status).toBe(404);
    });
  });

  describe('what visitors hear', () => {
    const publicTour = (publicId: string) =>
      it_.http.get(`/digital_twin/${encodeURIComponent(publicId)}/layers/audio_tour.json`);

    it('is the audio tour of a shared premium tour; a basic tour has none; an unshared one is not found', async () => {
      const visitor = await it_.signUp('Audio Publisher');
      const tour = await aTourOf(visitor, 'Audio Premium');
      const id = (await visitor.send('post', `${AUDIO}/default.json`, { property_slug: tour.slug })).body.data
        .id as string;
      const music = await addFile(visitor, 'welcome.mp3', mp3(), 'Welcome');
      await visitor.send('put', `${AUDIO}/${id}.json`, {
        audio_tour: { background_music_id: music.id, volume: 30 },
      });

      expect((await publicTour(tour.publicId)).status).toBe(404);
      await shareTour(it_, visitor, tour.propertyId);
      const basic = await publicTour(tour.publicId);
      expect(basic.status).toBe(200);
      expect(basic.body.data).toEqual({ audio_tour: null });

      await sharePremium(it_, visitor, tour.propertyId);
      const premium = await publicTour(tour.publicId);
      expect(premium.status).toBe(200);
      expect(premium.body.data.audio_tour).toMatchObject({
        id,
        volume: 30,
        background_music: { name: 'Welcome', url: expect.stringContaining('welcome.mp3') },
      });

      // Its music taken out, it plays nothing: visitors get no audio tour (and no sound button for silence).
      await visitor.send('put', `${AUDIO}/${id}.json`, { audio_tour: { background_music_id: null } });
      expect((await publicTour(tour.publicId)).body.data).toEqual({ audio_tour: null });
    });
  });
});
