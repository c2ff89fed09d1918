import { describe, expect, it } from '@jest/globals';
import { fillPath } from './client';

describe('fillPath: a path template of the document, with its values', () => {
  it.each([
    ['/provider/properties', {}, '/provider/properties'],
    ['/provider/properties/{id}', { id: 'p1' }, '/provider/properties/p1'],
    [
      '/provider/properties/{id}/photos/{photoId}',
      { id: 'p1', photoId: 'f2' },
      '/provider/properties/p1/photos/f2',
    ],
    ['/provider/properties/{id}', { id: 'a/b c?' }, '/provider/properties/a%2Fb%20c%3F'],
  ])('%s with %j is %s', (template, params, expected) => {
    expect(fillPath(template, params)).toBe(expected);
  });

  it('refuses a template whose value is missing, rather than send {id} to the server', () => {
    expect(() => fillPath('/provider/properties/{id}/photos/{photoId}', { id: 'p1' })).toThrow(
      '/provider/properties/{id}/photos/{photoId} needs photoId',
    );
  });
});
