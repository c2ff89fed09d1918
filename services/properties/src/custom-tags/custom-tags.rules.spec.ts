import { CUSTOM_TAG_MESSAGES, MESSAGES } from '@tourly/contracts';
import { iconRefusal, NO_MEDIA, plainText, repeatedIds, tagFilters, tagMediaOf } from './custom-tags.rules';

describe('custom tag rules', () => {
  describe('a tag’s media keeps what its type uses', () => {
    const cases: Array<[string, Parameters<typeof tagMediaOf>[0], ReturnType<typeof tagMediaOf>]> = [
      [
        'no media drops the rest',
        { type: 'no_media', url: 'https://x.test', size: 'large' },
        { media: NO_MEDIA },
      ],
      [
        'a photo is a property photo',
        { type: 'photo', mediaId: 'p1', url: 'https://x.test', text: 'x' },
        { media: { ...NO_MEDIA, type: 'photo', mediaId: 'p1' } },
      ],
      ['a photo without one', { type: 'photo' }, { errors: { 'm.mediaId': MESSAGES.required } }],
      [
        'a video is a link, trimmed, at its size',
        { type: 'video', url: ' https://vimeo.com/1 ', size: 'fullscreen' },
        { media: { ...NO_MEDIA, type: 'video', url: 'https://vimeo.com/1', size: 'fullscreen' } },
      ],
      ['a video without a link', { type: 'video', url: '  ' }, { errors: { 'm.url': MESSAGES.required } }],
      [
        'rich text is plain, with its sub-type and picture',
        { type: 'rich', text: 'A\r\n\r\n\r\nB  ', subType: 'rich_billboard', mediaId: 'p2' },
        { media: { ...NO_MEDIA, type: 'rich', text: 'A\n\nB', subType: 'rich_billboard', mediaId: 'p2' } },
      ],
      [
        'rich text that is blank',
        { type: 'rich', text: '\n \n' },
        { errors: { 'm.text': MESSAGES.required } },
      ],
      [
        'a website is an https page, embedded',
        { type: 'website', url: 'https://example.com/a' },
        {
          media: { ...NO_MEDIA, type: 'website', url: 'https://example.com/a', subType: 'embedded_website' },
        },
      ],
      [
        'a website over http',
        { type: 'website', url: 'http://example.com/' },
        { errors: { 'm.url': CUSTOM_TAG_MESSAGES.notHttps } },
      ],
      [
        'a website that is no URL',
        { type: 'website', url: 'data:text/html,hi' },
        { errors: { 'm.url': MESSAGES.invalidUrl } },
      ],
      [
        'a sub-type of another type',
        { type: 'website', url: 'https://example.com/', subType: 'rich_billboard' },
        { errors: { 'm.subType': 'must be embedded_website for website' } },
      ],
      [
        'a sub-type where none goes',
        { type: 'photo', mediaId: 'p', subType: 'matterport_body' },
        { errors: { 'm.subType': 'must be empty for photo' } },
      ],
    ];
    it.each(cases)('%s', (_name, form, expected) => {
      expect(tagMediaOf(form, 'm')).toEqual(expected);
    });
  });

  it.each([
    ['A', 'A'],
    ['  A  \n\n\n\nB\t\n', 'A\n\nB'],
    ['<script>x</script>', '<script>x</script>'],
    ['\r\nA\rB', 'A\nB'],
  ])('plain text %j is kept as %j', (given, kept) => {
    expect(plainText(given)).toBe(kept);
  });

  it.each([
    [null, null, null],
    ['star', null, null],
    [null, 'icon-id', null],
    ['dragon', null, CUSTOM_TAG_MESSAGES.unknownIcon],
    ['star', 'icon-id', CUSTOM_TAG_MESSAGES.unknownIcon],
  ])('icon %j with uploaded icon %j: %j', (icon, uploaded, refusal) => {
    expect(iconRefusal(icon, uploaded)).toBe(refusal);
  });

  it('finds the repeated ids, whatever their case, past their first', () => {
    expect(repeatedIds(['a', null, 'b', 'A', undefined, 'b', 'c'])).toEqual([3, 5]);
  });

  it('reads the filters the player sends', () => {
    expect(tagFilters(undefined)).toEqual({ mediaType: null, icon: null });
    expect(tagFilters({ mediaType: 'video', icon: 'star', other: 'x' })).toEqual({
      mediaType: 'video',
      icon: 'star',
    });
    expect(tagFilters({ media_type: 'photo' })).toEqual({ mediaType: 'photo', icon: null });
  });
});
