import { formatDate } from '../../../shared/format';
import type { SegmentationFailure, SegmentationJob } from './api';

type Counts = Pick<SegmentationJob, 'total' | 'segmented' | 'failed'>;

const panoramas = (count: number) => `${count} ${count === 1 ? 'panorama' : 'panoramas'}`;

/** A running job: '12 of 40 panoramas segmented', then ', 2 failed' once any did. */
export function progressText({ total, segmented, failed }: Counts): string {
  return `${segmented} of ${panoramas(total)} segmented${failed > 0 ? `, ${failed} failed` : ''}`;
}

/**
 * An ended job: 'All 40 panoramas segmented on' and the day it ended (in the viewer's time zone, shown apart so it
 * never breaks across lines), or '38 of 40 segmented; 2 failed'.
 */
export function outcome(job: Counts & Pick<SegmentationJob, 'status' | 'createdAt' | 'finishedAt'>): {
  text: string;
  day?: string;
} {
  if (job.status === 'done') {
    const all = job.total === 1 ? 'The panorama' : `All ${panoramas(job.total)}`;
    return { text: `${all} segmented on`, day: formatDate(job.finishedAt ?? job.createdAt) };
  }
  return { text: `${job.segmented} of ${job.total} segmented; ${job.failed} failed` };
}

/** Where a failed panorama stands: its room, else the panorama's own id. */
export const failureLabel = ({ room, panoId }: SegmentationFailure): string => room ?? `Panorama ${panoId}`;

/** The failures beyond those the job lists (it lists the first 50): 0 when it lists them all. */
export const unlistedFailures = (job: Pick<SegmentationJob, 'failed' | 'failures'>): number =>
  Math.max(0, job.failed - job.failures.length);
