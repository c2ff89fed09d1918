import { useState, type FormEvent } from 'react';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { formErrors } from '../../../../shared/formErrors';
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
  const [days, setDays] = useState('31');
  const [moved, setMoved] = useState('');
  const advance = useAdvanceTestClockMutation();
  const errors = formErrors(advance.error, { time: 'time' });

  if (clock.data === 'unavailable' || (clock.isFetching && !clock.data)) return null;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!clock.data || clock.data === 'unavailable') return;
    setMoved('');
    const count = Number(days);
    const time = new Date(Date.parse(clock.data.frozenTime) + count * DAY_MS).toISOString();
    const outcome = await advance.run(clock.data.id, time);
    if (outcome.ok) {
      setMoved(`The clock moved ${count} ${count === 1 ? 'day' : 'days'} forward.`);
      onAdvanced();
    }
  }

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
          <form noValidate onSubmit={handleSubmit}>
            <ErrorDisplay error={errors.alert} />
            <TextField
              label="Days to move forward"
              type="number"
              inputMode="numeric"
              min={1}
              max={400}
              value={days}
              onChange={(event) => setDays(event.target.value)}
              messages={errors.fields.time}
            />
            <div className="actions">
              <button
                type="submit"
                className="button button-secondary"
                disabled={advance.isPending || !(Number(days) >= 1)}
              >
                {advance.isPending ? 'Moving the clock…' : 'Advance the clock'}
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
