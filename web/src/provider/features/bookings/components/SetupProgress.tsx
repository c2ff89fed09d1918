import { useId, type ReactNode } from 'react';
import type { BookingPage } from '../api';

/** The booking page's setup progress (001 §2): its four steps, each ticked once done. */
export function SetupProgress({ steps, children }: { steps: BookingPage['setup']; children?: ReactNode }) {
  const headingId = useId();
  const done = steps.filter((step) => step.done).length;
  return (
    <section className="card setup-progress" aria-labelledby={headingId}>
      <h2 id={headingId}>Setup progress</h2>
      <p className="muted">
        {done} of {steps.length} steps done
      </p>
      <ol className="setup-steps">
        {steps.map((step) => (
          <li key={step.key} className={step.done ? 'setup-step setup-step-done' : 'setup-step'}>
            <span className="setup-step-mark" aria-hidden="true">
              {step.done ? '✓' : ''}
            </span>
            <span>
              {step.label}
              <span className="visually-hidden">{step.done ? ' (done)' : ' (to do)'}</span>
            </span>
          </li>
        ))}
      </ol>
      {children}
    </section>
  );
}
