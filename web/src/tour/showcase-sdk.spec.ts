import { describe, expect, it } from '@jest/globals';
import { sdkVersion } from './showcase-sdk';

describe('the Matterport SDK version the player asks for', () => {
  it.each([
    ['', '3.11'],
    ['?sdk_version=3.12', '3.12'],
    ['?mls=1&sdk_version=3.1.68', '3.1.68'],
    ['?sdk_version=latest', '3.11'],
    ['?sdk_version=', '3.11'],
  ])('%j -> %s', (search, version) => {
    expect(sdkVersion(search)).toBe(version);
  });
});
