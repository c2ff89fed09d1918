import { describe, expect, it } from '@jest/globals';
import { NO_TAG_MEDIA } from '@tourly/contracts';
import type { SpacePick, SpacePose, SpaceSession, SpaceTag } from '../../../tour/space';
import { builtinIconUrl } from './icons';
import {
  matching,
  openFromList,
  paragraphs,
  showInSpace,
  spaceTagOf,
  STEM_LENGTH,
  videoPlayerOf,
  type Tag,
} from './tags';

const NO_MEDIA: Tag['media'] = { ...NO_TAG_MEDIA, photoUrl: null };

const aTag = (id: string, extra: Partial<Tag> = {}): Tag => ({
  id,
  label: `Tag ${id}`,
  description: '',
  icon: 'star',
  uploadedIconId: null,
  iconUrl: null,
  color: '#e4572e',
  position: { anchor: { x: 1, y: 0, z: 2 }, stemNormal: { x: 0, y: 2, z: 0 } },
  sweepId: `sweep-${id}`,
  media: NO_MEDIA,
  ...extra,
});

/**
 * A space over a plain object (a test double of the port, as Showcase's SDK would behave for these calls): it keeps
 * the shown tags, refuses one without a position or on its refusal list, and lets the test open a tag as a visitor.
 */
function aSpace(refuse: string[] = []) {
  const shown = new Map<string, SpaceTag>();
  const opened: string[] = [];
  const moves: string[] = [];
  const listeners = new Set<(id: string) => void>();
  const space: SpaceSession = {
    sweeps: async () => [],
    moveTo: async (sweep) => void moves.push(sweep),
    pose: async (): Promise<SpacePose> => ({ sweep: null, rotation: { x: 0, y: 0 }, mode: 'inside' }),
    onPose: () => () => undefined,
    async showTags(tags) {
      if (tags.some((tag) => refuse.includes(tag.id))) throw new Error('Showcase refused a tag');
      for (const tag of tags) shown.set(tag.id, tag);
    },
    async hideTags(ids) {
      for (const id of ids) shown.delete(id);
    },
    async openTag(id) {
      if (!shown.has(id)) throw new Error(`no tag ${id}`);
      opened.push(id);
    },
    onTagOpened(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onPick: (_listener: (pick: SpacePick) => void) => () => undefined,
    showModels: async () => undefined,
    hideModels: async () => undefined,
    setLighting: async () => undefined,
  };
  const click = (id: string) => listeners.forEach((listener) => listener(id));
  return { space, shown, opened, moves, listeners, click };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the tags layer in the space', () => {
  it('makes a placed tag the space’s tag: its stem along the normal, at the stem’s length, with its icon', () => {
    expect(spaceTagOf(aTag('a'))).toEqual({
      id: 'a',
      label: 'Tag a',
      description: '',
      color: '#e4572e',
      anchorPosition: { x: 1, y: 0, z: 2 },
      stemVector: { x: 0, y: STEM_LENGTH, z: 0 },
      iconUrl: builtinIconUrl('star'),
    });
    expect(spaceTagOf(aTag('b', { iconUrl: 'https://cdn.test/pool.png' }))?.iconUrl).toBe(
      'https://cdn.test/pool.png',
    );
    expect(spaceTagOf(aTag('c', { position: null }))).toBeNull();
  });

  it('shows the placed tags, reports the ones opened there, and takes them out when it stops', async () => {
    const { space, shown, click, listeners } = aSpace();
    const opened: string[] = [];
    const stop = showInSpace(space, [aTag('a'), aTag('b', { position: null }), aTag('c')], (id) =>
      opened.push(id),
    );
    await settle();
    expect([...shown.keys()]).toEqual(['a', 'c']);
    click('c');
    click('someone-else’s');
    expect(opened).toEqual(['c']);
    stop();
    await settle();
    expect(shown.size).toBe(0);
    expect(listeners.size).toBe(0);
  });

  it('keeps the other tags when the space refuses one', async () => {
    const { space, shown } = aSpace(['b']);
    showInSpace(space, [aTag('a'), aTag('b'), aTag('c')], () => undefined);
    await settle();
    await settle();
    expect([...shown.keys()]).toEqual(['a', 'c']);
  });

  it('opens a tag from the list: moves to its sweep, then opens it; without a space or a position, nothing', async () => {
    const { space, opened, moves } = aSpace();
    showInSpace(space, [aTag('a')], () => undefined);
    await settle();
    await openFromList(space, aTag('a'));
    expect({ moves, opened }).toEqual({ moves: ['sweep-a'], opened: ['a'] });
    await openFromList(space, aTag('z', { position: null }));
    await openFromList(null, aTag('a'));
    expect({ moves, opened }).toEqual({ moves: ['sweep-a'], opened: ['a'] });
  });
});

describe('the tags list', () => {
  const tags = [
    aTag('1', { label: 'Kitchen', description: 'Induction hob' }),
    aTag('2', { label: 'Café corner', description: '' }),
    aTag('3', { label: 'Garden', description: 'South-facing, with a kitchen garden' }),
  ];

  it.each([
    ['', ['1', '2', '3']],
    ['kitchen', ['1', '3']],
    ['KITCHEN garden', ['3']],
    ['cafe', ['2']],
    ['  hob  ', ['1']],
    ['pool', []],
  ])('searching %j finds %j', (search, ids) => {
    expect(matching(tags, search).map((tag) => tag.id)).toEqual(ids);
  });
});

describe('a tag’s media', () => {
  it('splits rich text into paragraphs of lines, markup as text', () => {
    expect(paragraphs('One\nline two\n\n<b>Two</b>\n\n\n')).toEqual([['One', 'line two'], ['<b>Two</b>']]);
  });

  it.each([
    [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      { kind: 'frame', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' },
    ],
    [
      'https://youtu.be/dQw4w9WgXcQ',
      { kind: 'frame', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' },
    ],
    ['https://vimeo.com/76979871', { kind: 'frame', src: 'https://player.vimeo.com/video/76979871' }],
    ['https://cdn.example.com/walk.mp4', { kind: 'file', src: 'https://cdn.example.com/walk.mp4' }],
    ['https://example.com/video-page', { kind: 'link', href: 'https://example.com/video-page' }],
    [
      'https://www.youtube.com/watch?v="><script>',
      { kind: 'link', href: 'https://www.youtube.com/watch?v=%22%3E%3Cscript%3E' },
    ],
  ])('plays %s as %j', (link, player) => {
    expect(videoPlayerOf(link)).toEqual(player);
  });
});
