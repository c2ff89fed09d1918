import { describe, expect, it } from '@jest/globals';
import { importNextStep, importPercent, importProgressLine } from './stagingImports';

const counts = (rowCount: number, createdCount: number, failedCount: number) => ({
  rowCount,
  createdCount,
  failedCount,
  pendingCount: rowCount - createdCount - failedCount,
});

describe('a staging asset import in the console’s words', () => {
  it.each<[ReturnType<typeof counts>, number, string]>([
    [counts(5, 0, 1), 20, '1 of 5 rows done: 0 created, 1 failed, 4 waiting for their download.'],
    [counts(5, 3, 1), 80, '4 of 5 rows done: 3 created, 1 failed, 1 waiting for its download.'],
    [counts(5, 4, 1), 100, '5 of 5 rows done: 4 created, 1 failed.'],
    [counts(3, 1, 0), 33, '1 of 3 rows done: 1 created, 0 failed, 2 waiting for their download.'],
    [counts(1, 1, 0), 100, '1 of 1 row done: 1 created, 0 failed.'],
  ])('%j is %d% done: %s', (found, percent, line) => {
    expect(importPercent(found)).toBe(percent);
    expect(importProgressLine(found)).toBe(line);
  });

  it.each<[{ status: 'running' | 'finished'; createdCount: number; failedCount: number }, string | null]>([
    [{ status: 'running', createdCount: 2, failedCount: 1 }, null],
    [{ status: 'finished', createdCount: 5, failedCount: 0 }, 'Every row is in the library: 5 new assets.'],
    [{ status: 'finished', createdCount: 1, failedCount: 0 }, 'Every row is in the library: 1 new asset.'],
    [
      { status: 'finished', createdCount: 4, failedCount: 1 },
      '1 row failed: it says why below. Fix it and upload a CSV of that row alone: the created rows are already in the library, and a failed row is not tried again.',
    ],
    [
      { status: 'finished', createdCount: 0, failedCount: 3 },
      '3 rows failed: each says why below. Fix them and upload a CSV of those rows alone: the created rows are already in the library, and a failed row is not tried again.',
    ],
  ])('once %j, says what to do next: %s', (found, next) => {
    expect(importNextStep(found)).toBe(next);
  });
});
