import { untilNothingLeft } from '@tourly/platform/testing';

/** How tests wait for work to drain: as long as it moves, never by a clock alone. */
describe('untilNothingLeft', () => {
  const counting = (counts: number[], stepMs: number) => {
    const started = Date.now();
    return async () => counts[Math.min(counts.length - 1, Math.floor((Date.now() - started) / stepMs))]!;
  };

  it('waits past the stall budget as long as what is left keeps falling', async () => {
    const started = Date.now();
    const last = await untilNothingLeft(counting([5, 4, 3, 2, 1, 0], 60), (left) => left, 'the work', 100);
    expect(last).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });

  it('fails naming the work and its last count once nothing has fallen for the stall budget', async () => {
    await expect(untilNothingLeft(counting([3, 2, 2], 30), (left) => left, 'the work', 150)).rejects.toThrow(
      'the work: nothing done for 150 ms; last: 2',
    );
  });
});
