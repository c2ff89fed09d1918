import type { OnboardingFlag } from '@tourly/contracts';
import { api } from '../../../api/client';

/** Whether the signed-in user still has the hint of `flag` to see (identity's onboarding, 002 "Provider: onboarding"). */
export const fetchHintVisible = (flag: OnboardingFlag, signal?: AbortSignal) =>
  api.get('/provider/onboarding/check_visibility.json', { query: { check: flag }, signal });

/** Records that the user has seen the hint of `flag` (the flag holds when): it does not show again. */
export const recordHintSeen = (flag: OnboardingFlag, at: Date) =>
  api.patch('/provider/onboarding', { onboarding: { [flag]: at.toISOString() } });
