import type { OnboardingFlag } from '@tourly/contracts';
import { useId, type ReactNode } from 'react';
import { ErrorDisplay } from '../../../shared/ErrorDisplay';
import { useHintSeenMutation, useHintVisibleQuery } from './queries';
import './onboarding.css';

interface OnboardingHintProps {
  flag: OnboardingFlag;
  title: string;
  children: ReactNode;
}

/**
 * A new editor's hint, shown to each user until they dismiss it (the spec's onboarding flags): what the editor does
 * and how to start. Nothing shows while the answer is pending or when it could not be read: a hint never stands in
 * the way of the editor.
 */
export function OnboardingHint({ flag, title, children }: OnboardingHintProps) {
  const titleId = useId();
  const visible = useHintVisibleQuery(flag);
  const seen = useHintSeenMutation(flag);
  if (!visible.data?.visible) return null;
  return (
    <aside className="alert alert-info onboarding-hint" aria-labelledby={titleId}>
      <p className="alert-title" id={titleId}>
        {title}
      </p>
      {children}
      <button type="button" className="button" disabled={seen.isPending} onClick={() => void seen.run()}>
        Got it
      </button>
      <ErrorDisplay error={seen.error} />
    </aside>
  );
}
