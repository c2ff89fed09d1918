import { useId, useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { useForm } from '../../../../shared/forms/useForm';
import { formatDateTime } from '../../../../shared/format';
import { TextField } from '../../../../shared/TextField';
import type { Outcome } from '../../../../shared/useMutationAction';
import type { TestClock } from '../api';

const DAY_MS = 24 * 60 * 60 * 1000;
/** After the clock moved, Stripe's events reach billing over a few seconds: what the page shows is asked again. */
const REFRESH_AFTER_CLOCK_MS = [500, 1500, 3000, 6000, 10_000];

interface TestClockPanelProps {
  /** The clock: null before it starts, `unavailable` outside Stripe's test mode (its GET answers 404). */
  clock: UseQueryResult<TestClock | null | 'unavailable'>;
  /** Moves the clock to `time` (its POST advance_test_clock). */
  advance: { run(testClockId: string, time: string): Promise<Outcome<unknown>> };
  /** What moving this clock shows, in a sentence. */
  children: ReactNode;
  /** Before the clock starts. */
  notStarted: string;
  heading?: 'h2' | 'h3';
  initialDays?: number;
  /**
   * After the clock moved (renewals, trial ends, invoices falling due may have happened on the way), called a few
   * times over the next seconds, as Stripe's events reach billing.
   */
  onAdvanced(): void;
}

/**
 * Stripe test mode only (the clock's GET answers 404 otherwise, and the panel stays hidden): a test clock of the
 * provider's billing account or of one of its hosting-fee customers, moved forward by a number of days, so a demo
 * user can watch a renewal, a trial end, a scheduled change or an invoice falling due happen.
 */
export function TestClockPanel({
  clock,
  advance,
  children,
  notStarted,
  heading: Heading = 'h2',
  initialDays = 31,
  onAdvanced,
}: TestClockPanelProps) {
  const headingId = useId();
  const [moved, setMoved] = useState('');
  // The server names the time the clock moves to; the person types days.
  const form = useForm({
    initial: { days: String(initialDays) },
    fields: { days: 'time' },
    submit: async ({ days }) => {
      if (!clock.data || clock.data === 'unavailable') return undefined;
      setMoved('');
      const time = new Date(Date.parse(clock.data.frozenTime) + Number(days) * DAY_MS).toISOString();
      return advance.run(clock.data.id, time);
    },
    onSuccess: (_, { days }) => {
      const count = Number(days);
      setMoved(`The clock moved ${count} ${count === 1 ? 'day' : 'days'} forward.`);
      for (const delay of REFRESH_AFTER_CLOCK_MS) setTimeout(onAdvanced, delay);
    },
  });

  if (clock.data === 'unavailable' || (clock.isFetching && !clock.data)) return null;

  return (
    <section className="card test-clock" aria-labelledby={headingId}>
      <Heading id={headingId}>Test clock</Heading>
      <p className="muted">{children}</p>
      {clock.error ? (
        <ErrorDisplay error={clock.error} />
      ) : !clock.data ? (
        <p className="muted">{notStarted}</p>
      ) : (
        <>
          <dl className="details">
            <dt>Account time</dt>
            <dd>{formatDateTime(clock.data.frozenTime)}</dd>
          </dl>
          <form noValidate onSubmit={form.handleSubmit}>
            <div ref={form.alertRef} tabIndex={-1}>
              <ErrorDisplay error={form.errors.alert} />
            </div>
            <TextField
              {...form.field('days')}
              label="Days to move forward"
              type="number"
              inputMode="numeric"
              min={1}
              max={400}
            />
            <div className="actions">
              <button
                type="submit"
                className="button button-secondary"
                disabled={form.isPending || !(Number(form.values.days) >= 1)}
              >
                {form.isPending ? 'Moving the clock…' : 'Advance the clock'}
              </button>
              <p role="status" className="muted">
                {moved}
              </p>
            </div>
          </form>
        </>
      )}
    </section>
  );
}
