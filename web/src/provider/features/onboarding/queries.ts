import { useQuery } from '@tanstack/react-query';
import type { OnboardingFlag } from '@tourly/contracts';
import { APP_KEY } from '../../../shared/queryClient';
import { useMutationAction } from '../../../shared/useMutationAction';
import { fetchHintVisible, recordHintSeen } from './api';

export const onboardingKeys = {
  hint: (flag: OnboardingFlag) => [APP_KEY, 'onboarding', flag] as const,
};

export function useHintVisibleQuery(flag: OnboardingFlag) {
  return useQuery({
    queryKey: onboardingKeys.hint(flag),
    queryFn: ({ signal }) => fetchHintVisible(flag, signal),
    // A hint seen stays seen: no need to ask again while the page is open.
    staleTime: Infinity,
  });
}

export function useHintSeenMutation(flag: OnboardingFlag) {
  return useMutationAction(
    () => recordHintSeen(flag, new Date()),
    (_info, _args, client) => client.setQueryData(onboardingKeys.hint(flag), { check: flag, visible: false }),
  );
}
