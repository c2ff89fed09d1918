import { useId } from 'react';
import type { AnalyticsFunnel } from '../api';
import { formatCount, formatShare } from '../format';

const STEPS: Array<{ key: keyof AnalyticsFunnel; label: string; what: string }> = [
  { key: 'views', label: 'Views', what: 'opened the tour' },
  { key: 'interactions', label: 'Interactions', what: 'moved around or opened something' },
  { key: 'contacts', label: 'Contacts', what: 'revealed the phone number or opened the contact form' },
  { key: 'leads', label: 'Leads', what: 'sent the contact form' },
];

/** Views → interactions → contacts → leads: each step's count, its share of views and of the step before. */
export function Funnel({ funnel }: { funnel: AnalyticsFunnel }) {
  const headingId = useId();
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Engagement</h2>
      <ol className="funnel">
        {STEPS.map((step, index) => {
          const value = funnel[step.key];
          const previous = index > 0 ? STEPS[index - 1] : undefined;
          return (
            <li key={step.key} className="funnel-step">
              <div className="funnel-step-text">
                <strong>{step.label}</strong> <span className="muted">{step.what}</span>
              </div>
              <div className="funnel-step-numbers">
                <span className="funnel-step-value">{formatCount(value)}</span>
                {previous && (
                  <span className="muted">
                    {formatShare(value, funnel[previous.key])} of {previous.label.toLowerCase()}
                    {previous.key !== 'views' && ` · ${formatShare(value, funnel.views)} of views`}
                  </span>
                )}
              </div>
              <span className="bar-track" aria-hidden="true">
                <span
                  className="bar-fill"
                  style={{ width: `${funnel.views > 0 ? (value / funnel.views) * 100 : 0}%` }}
                />
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
