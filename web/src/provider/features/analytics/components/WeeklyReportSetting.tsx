import { useId, useState } from 'react';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { Loading } from '../../../../shared/Loading';
import { useSaveWeeklyReportMutation, useWeeklyReportQuery } from '../queries';

/**
 * The signed-in person's weekly report (issue 33): a checkbox saved at once, and where the e-mail goes. Shown only where
 * the plan has analytics: the report is not sent on the free plan.
 */
export function WeeklyReportSetting() {
  const headingId = useId();
  const hintId = useId();
  const subscription = useWeeklyReportQuery();
  const save = useSaveWeeklyReportMutation();
  const [saved, setSaved] = useState(false);
  const data = subscription.data;

  async function toggle(subscribed: boolean) {
    setSaved(false);
    const outcome = await save.run(subscribed);
    if (outcome.ok) setSaved(true);
  }

  return (
    <section className="card weekly-report" aria-labelledby={headingId}>
      <h2 id={headingId}>Weekly report</h2>
      {subscription.error && !data ? (
        <div className="list-failure">
          <ErrorDisplay error={subscription.error} />
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void subscription.refetch()}
          >
            Try again
          </button>
        </div>
      ) : !data ? (
        <Loading />
      ) : (
        <>
          <label className="check">
            <input
              type="checkbox"
              checked={data.subscribed}
              disabled={save.isPending}
              aria-describedby={hintId}
              onChange={(event) => void toggle(event.target.checked)}
            />
            Email me a weekly report
          </label>
          <p id={hintId} className="field-hint">
            Every Monday, to <strong>{data.email}</strong>: last week’s views, unique visitors, average time,
            leads and most visited room of each tour that had views, compared with the week before. Each email
            has a link to stop it.
          </p>
          <ErrorDisplay error={save.error} />
          <p role="status" className="muted">
            {saved ? (data.subscribed ? 'The weekly report is on.' : 'The weekly report is off.') : ''}
          </p>
        </>
      )}
    </section>
  );
}
