import { describe, expect, it } from '@jest/globals';
import { failureLabel, outcome, progressText, unlistedFailures } from './segmentation';

const ended = { createdAt: '2025-05-01T09:00:00Z', finishedAt: '2025-05-01T12:00:00Z' };

describe("a property's segmentation in words", () => {
  it.each([
    [{ total: 40, segmented: 12, failed: 0 }, '12 of 40 panoramas segmented'],
    [{ total: 40, segmented: 12, failed: 2 }, '12 of 40 panoramas segmented, 2 failed'],
    [{ total: 1, segmented: 0, failed: 0 }, '0 of 1 panorama segmented'],
  ])('tells a running job’s progress: %j', (counts, text) => {
    expect(progressText(counts)).toBe(text);
  });

  it('tells an ended job’s outcome, with the day it ended when every panorama was segmented', () => {
    const day = new Date(ended.finishedAt);
    const local = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
    expect(outcome({ ...ended, status: 'done', total: 40, segmented: 40, failed: 0 })).toEqual({
      text: 'All 40 panoramas segmented on',
      day: local,
    });
    expect(outcome({ ...ended, status: 'done', total: 1, segmented: 1, failed: 0 })).toEqual({
      text: 'The panorama segmented on',
      day: local,
    });
    expect(outcome({ ...ended, status: 'failed', total: 40, segmented: 38, failed: 2 })).toEqual({
      text: '38 of 40 segmented; 2 failed',
    });
  });

  it('names a failed panorama by its room, else by its id', () => {
    expect(failureLabel({ panoId: 'p1', room: 'Kitchen', error: 'x' })).toBe('Kitchen');
    expect(failureLabel({ panoId: 'p1', room: null, error: 'x' })).toBe('Panorama p1');
  });

  it('counts the failures beyond the first 50 the job lists', () => {
    const failures = Array.from({ length: 50 }, (_, index) => ({
      panoId: `p${index}`,
      room: null,
      error: 'x',
    }));
    expect(unlistedFailures({ failed: 53, failures })).toBe(3);
    expect(unlistedFailures({ failed: 2, failures: failures.slice(0, 2) })).toBe(0);
  });
});
