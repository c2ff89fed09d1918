import { describe, expect, it } from '@jest/globals';
import { sketchfabUid } from './sketchfab';

const UID = '0123456789abcdef0123456789abcdef';

describe('a Sketchfab model’s uid in what a person pastes', () => {
  it('reads the uid itself, or a model page’s link', () => {
    expect(sketchfabUid(` ${UID} `)).toBe(UID);
    expect(sketchfabUid(UID.toUpperCase())).toBe(UID);
    expect(sketchfabUid(`https://sketchfab.com/3d-models/mid-century-sofa-${UID}`)).toBe(UID);
    expect(sketchfabUid(`https://sketchfab.com/models/${UID}/embed?autostart=1`)).toBe(UID);
    expect(sketchfabUid(`https://www.sketchfab.com/models/${UID}`)).toBe(UID);
  });

  it('finds none in anything else', () => {
    expect(sketchfabUid('')).toBeNull();
    expect(sketchfabUid('a sofa')).toBeNull();
    expect(sketchfabUid(UID.slice(1))).toBeNull();
    expect(sketchfabUid(`https://example.com/models/${UID}`)).toBeNull();
    expect(sketchfabUid('https://sketchfab.com/3d-models/sofa')).toBeNull();
  });
});
