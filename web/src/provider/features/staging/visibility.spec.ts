import { describe, expect, it } from '@jest/globals';
import { publishedNotice } from './visibility';

describe('what publishing the staging tells the provider', () => {
  it('says visitors see it when the tour is shared, and how to share it when it is not', () => {
    const shared = { publishedFeatures: { tour: true, website: false, premium: false } };
    expect(publishedNotice(shared)).toBe('Published: visitors now see the staged room.');
    expect(publishedNotice({ publishedFeatures: { ...shared.publishedFeatures, tour: false } })).toMatch(
      /^Published\. The tour is not shared yet: turn on “Share the tour”/,
    );
  });
});
