import { describe, expect, it } from '@jest/globals';
import { mediaField, newTag, placedAt, tagField, withMediaType } from './rules';

describe('the tag editor’s rules', () => {
  it('starts a tag unplaced, with no media, the default icon and colour, and a key of its own', () => {
    const [a, b] = [newTag(), newTag()];
    expect(a).toMatchObject({
      id: null,
      label: '',
      icon: 'info',
      color: '#e4572e',
      position: null,
      sweepId: null,
    });
    expect(a.media.type).toBe('no_media');
    expect(a.key).not.toBe(b.key);
  });

  it.each([
    ['no_media', null],
    ['photo', 'mediaId'],
    ['video', 'url'],
    ['rich', 'text'],
    ['website', 'url'],
  ] as const)('asks a %s for its %s', (type, field) => {
    expect(mediaField(type)).toBe(field);
  });

  it('keeps what the new media type uses and drops the rest, with its first sub-type', () => {
    const video = {
      ...newTag(),
      media: { ...newTag().media, type: 'video' as const, url: 'https://vimeo.com/1' },
    };
    expect(withMediaType(video, 'website').media).toMatchObject({
      type: 'website',
      subType: 'embedded_website',
      url: 'https://vimeo.com/1',
    });
    expect(withMediaType(video, 'rich').media).toMatchObject({
      type: 'rich',
      subType: 'rich_billboard',
      url: null,
    });
    expect(withMediaType(video, 'photo').media).toMatchObject({ type: 'photo', subType: null, url: null });
  });

  it('places a tag where the click landed, its stem along the surface, from the camera’s sweep', () => {
    const pick = { position: { x: 1, y: 0.5, z: -2 }, normal: { x: 0, y: 0, z: 1 }, floor: null };
    const placed = placedAt(newTag(), pick, { sweep: 'sw-3', rotation: { x: 0, y: 90 }, mode: 'inside' });
    expect({ position: placed.position, sweepId: placed.sweepId }).toEqual({
      position: { anchor: { x: 1, y: 0.5, z: -2 }, stemNormal: { x: 0, y: 0, z: 1 } },
      sweepId: 'sw-3',
    });
    const fromDollhouse = placedAt(placed, pick, {
      sweep: null,
      rotation: { x: 0, y: 0 },
      mode: 'dollhouse',
    });
    expect(fromDollhouse.sweepId).toBe('sw-3');
  });

  it('names a tag’s field as the server does', () => {
    expect(tagField(2, 'media.url')).toBe('tagLayer.customTags.2.media.url');
  });
});
