import { useId, type ReactNode } from 'react';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import type { SegmentationJob } from '../api';
import { useEnqueueSegmentationMutation, useSegmentationStatusQuery } from '../queries';
import { failureLabel, outcome, progressText, unlistedFailures } from '../segmentation';
import '../segmentation.css';

/**
 * The scan's segmentation (001 §7 `enqueue_equi_segmentation`; properties' README, "Segmentation jobs"): what it does
 * for the provider, then the latest job: "Segment panoramas" before the first, a progress bar while one runs (asked
 * again every 2 s), the day every panorama was segmented, or how many failed and why, with "Segment again". On a
 * platform without a segmentation engine it says so and offers nothing. Any role may start a job (the route's).
 */
export function SegmentationSection({ propertyId }: { propertyId: string }) {
  const headingId = useId();
  const status = useSegmentationStatusQuery(propertyId);
  const enqueue = useEnqueueSegmentationMutation();
  const segmentation = status.data;
  const job = segmentation?.available ? segmentation.job : null;
  const canStart = segmentation?.available === true && job?.status !== 'running';

  return (
    <section className="card" aria-labelledby={headingId}>
      <div className="section-heading">
        <h2 id={headingId}>Segmentation</h2>
        {canStart && (
          <button
            type="button"
            className={`button ${job ? 'button-secondary' : 'button-primary'}`}
            disabled={enqueue.isPending}
            onClick={() => void enqueue.run(propertyId)}
          >
            {job ? 'Segment again' : 'Segment panoramas'}
          </button>
        )}
      </div>
      <p className="muted">
        Names the walls, floors, windows, doors and furniture in every panorama of the scan, so visitors can
        explore its rooms and empty rooms can be staged.
      </p>
      <ErrorDisplay error={status.error ?? enqueue.error} />
      {!segmentation ? (
        !status.error && (
          <p className="muted" role="status">
            Loading segmentation…
          </p>
        )
      ) : (
        // One line, the same element from state to state, so a screen reader hears the progress and the outcome.
        <div className="segmentation-state">
          {job?.status === 'running' && (
            <progress
              max={job.total}
              value={job.segmented + job.failed}
              aria-label="Panoramas segmented"
              aria-valuetext={progressText(job)}
            />
          )}
          <p aria-live="polite">{summary(segmentation.available, job)}</p>
        </div>
      )}
      {job && job.status !== 'running' && <Failures job={job} />}
    </section>
  );
}

function summary(available: boolean, job: SegmentationJob | null): ReactNode {
  if (!available) return 'Segmentation is not available on this platform.';
  if (!job) return 'The panoramas are not segmented yet.';
  if (job.status === 'running') return progressText(job);
  const { text, day } = outcome(job);
  return day ? (
    <>
      {text}{' '}
      <time className="segmentation-day" dateTime={job.finishedAt ?? job.createdAt}>
        {day}
      </time>
    </>
  ) : (
    text
  );
}

/** The panoramas an ended job could not segment, each with the engine's words (the first 50, then how many more). */
function Failures({ job }: { job: SegmentationJob }) {
  if (job.failures.length === 0) return null;
  const more = unlistedFailures(job);
  return (
    <ul className="segmentation-failures" aria-label="Panoramas not segmented">
      {job.failures.map((failure) => (
        <li key={failure.panoId}>
          <strong>{failureLabel(failure)}</strong>
          <span className="muted">{failure.error}</span>
        </li>
      ))}
      {more > 0 && <li className="muted">and {more} more</li>}
    </ul>
  );
}
