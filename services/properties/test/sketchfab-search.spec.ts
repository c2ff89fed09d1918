import { MESSAGES, SKETCHFAB_MESSAGES } from '@tourly/contracts';
import { sketchfabUid } from '@tourly/emulators';
import { NOT_A_CURSOR } from '../src/sketchfab/sketchfab-search.service';
import { SCENE_MESSAGES } from '../src/staging/scenes/staging-scenes.rules';
import { onPlan } from './staging-support';
import { startProperties, type PropertiesAlone, type Person } from './support';

const SEARCH = '/api/integrations/sketchfab/search.json';

interface Card {
  uid: string;
  name: string;
  thumbnail_url: string | null;
  author_name: string;
  license_label: string;
  importable: boolean;
  refusal: string | null;
}

/**
 * Searching Sketchfab from the staging editor (properties alone, the Sketchfab emulator over HTTP): its downloadable
 * models a page at a time, each importable or refused in the import's words; for providers with the creator studio,
 * connected to Sketchfab or not.
 */
describe('Sketchfab search', () => {
  let it_: PropertiesAlone;
  let creator: Person;
  let free: Person;

  beforeAll(async () => {
    it_ = await startProperties();
    creator = await it_.signUp('Searching Stager');
    free = await it_.signUp('Free Stager');
    await onPlan(it_, creator, 'vt_creator_plan');
  });
  afterAll(() => it_?.stop());

  const search = (person: Person, q: string, cursor?: string) =>
    person.get(
      `${SEARCH}?q=${encodeURIComponent(q)}${cursor === undefined ? '' : `&cursor=${encodeURIComponent(cursor)}`}`,
    );

  it('finds a downloadable model as a card, importable, without a Sketchfab connection', async () => {
    const found = await search(creator, 'sofa');
    expect(found.status).toBe(200);
    expect(found.body.data).toEqual({
      results: [
        {
          uid: sketchfabUid('Mid-Century Sofa'),
          name: 'Mid-Century Sofa',
          thumbnail_url: expect.stringMatching(/\/thumbnails\/[0-9a-f]{32}\/\d+x\d+\.jpeg$/),
          author_name: 'Nordic Loft Studio',
          license_label: 'CC Attribution',
          importable: true,
          refusal: null,
        },
      ],
      next_cursor: null,
    });
  });

  it('marks a model whose licence does not allow staging with the import’s refusal', async () => {
    const found = await search(creator, 'lamp');
    expect(found.status).toBe(200);
    const cards = found.body.data.results as Card[];
    expect(cards.map((card) => [card.name, card.importable, card.refusal])).toEqual([
      ['Brass Floor Lamp', true, null],
      [
        'Ceramic Table Lamp',
        false,
        SKETCHFAB_MESSAGES.licenseRefused('CC Attribution-NonCommercial-NoDerivs'),
      ],
    ]);
  });

  it('lists downloadable models only, a page at a time, to the last page', async () => {
    // Every model's description has an "a": the whole catalogue, of which the Armchair and the Desk are view only.
    const first = await search(creator, 'a');
    expect(first.status).toBe(200);
    expect(first.body.data.results).toHaveLength(6);
    expect(first.body.data.next_cursor).toEqual(expect.any(String));
    const second = await search(creator, 'a', first.body.data.next_cursor as string);
    expect(second.status).toBe(200);
    const names = [...first.body.data.results, ...second.body.data.results].map((card: Card) => card.name);
    expect(names).toHaveLength(8);
    expect(new Set(names).size).toBe(8);
    expect(names).not.toContain('Velvet Armchair');
    expect(names).not.toContain('Chesterfield Desk');
    expect(second.body.data.next_cursor).toBeNull();
  });

  it('answers an empty page when nothing matches', async () => {
    const found = await search(creator, 'spaceship');
    expect(found.status).toBe(200);
    expect(found.body.data).toEqual({ results: [], next_cursor: null });
  });

  it('refuses a missing, blank or too long search, and a cursor no search gave, in words', async () => {
    for (const path of [SEARCH, `${SEARCH}?q=`, `${SEARCH}?q=%20%20`]) {
      const refused = await creator.get(path);
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual({ errors: { q: [MESSAGES.required] } });
    }
    const long = await search(creator, 'x'.repeat(101));
    expect(long.status).toBe(422);
    expect(long.body).toEqual({ errors: { q: ['must be at most 100 characters'] } });
    const cursor = await search(creator, 'sofa', 'not-a-page');
    expect(cursor.status).toBe(422);
    expect(cursor.body).toEqual({ errors: { cursor: [NOT_A_CURSOR] } });
  });

  it('is for providers with the creator studio, signed in', async () => {
    const refused = await search(free, 'sofa');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ errors: { base: [SCENE_MESSAGES.needsCreatorStudio] } });
    expect((await it_.http.get(`${SEARCH}?q=sofa`)).status).toBe(401);
  });

  it('answers 503 in words when Sketchfab is not answering', async () => {
    await it_.emulators.close();
    const refused = await search(creator, 'sofa');
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ errors: { base: [SKETCHFAB_MESSAGES.unavailable] } });
  });
});
