import { useState } from 'react';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { useForm } from '../../../../shared/forms/useForm';
import { formatDateTime } from '../../../../shared/format';
import { TextField } from '../../../../shared/TextField';
import { useAdvanceTestClockMutation, useTestClockQuery } from '../queries';

const DAY_MS = 24 * 60 * 60 * 1000;

interface TestClockPanelProps {
  /** After the clock moved: renewals, trial ends and scheduled changes may have happened on the way. */
  onAdvanced(): void;
}

/**
 * Stripe test mode only (GET test_clock answers 404 otherwise, and the panel stays hidden): the account's own
 * test clock, moved forward by a number of days (POST advance_test_clock), so a demo user can watch a renewal, a
 * trial end or a scheduled change happen.
 */
export function TestClockPanel({ onAdvanced }: TestClockPanelProps) {
  // Asked again when the billing account is saved (the clock starts with it) and after each advance.
  const clock = useTestClockQuery();
  const [moved, setMoved] = useState('');
  const advance = useAdvanceTestClockMutation();
  // The server names the time the clock moves to; the person types days.
  const form = useForm({
    initial: { days: '31' },
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
      onAdvanced();
    },
  });

  if (clock.data === 'unavailable' || (clock.isFetching && !clock.data)) return null;

  return (
    <section className="card test-clock" aria-labelledby="billing-test-clock">
      <h2 id="billing-test-clock">Test clock</h2>
      <p className="muted">
        Test mode: your account has a clock of its own at Stripe. Move it forward to see a renewal, the end of
        a trial or a scheduled plan change happen.
      </p>
      {clock.error ? (
        <ErrorDisplay error={clock.error} />
      ) : !clock.data ? (
        <p className="muted">The clock starts when you save your billing information.</p>
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
