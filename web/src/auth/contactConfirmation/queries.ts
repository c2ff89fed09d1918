import { useQuery, type QueryClient } from '@tanstack/react-query';
import { APP_KEY } from '../../shared/queryClient';
import { useMutationAction } from '../../shared/useMutationAction';
import { confirmContact, fetchContactConfirmations, resendCode, type ContactConfirmation } from './api';

export const contactConfirmationKeys = {
  all: [APP_KEY, 'contact-confirmations'] as const,
};

/** The account's contact confirmations: the confirmation page, and the provider shell's reminder. */
export const useContactConfirmationsQuery = () =>
  useQuery({
    queryKey: contactConfirmationKeys.all,
    queryFn: ({ signal }) => fetchContactConfirmations(signal),
  });

const confirmationChanged = (client: QueryClient, confirmation: ContactConfirmation) =>
  client.setQueryData(contactConfirmationKeys.all, [confirmation]);

/** A wrong code spends an attempt, and the last one spends the code: after a refusal, what is left. */
export const useConfirmContactMutation = () =>
  useMutationAction(
    confirmContact,
    (confirmation, _, client) => confirmationChanged(client, confirmation),
    (_, __, client) => client.invalidateQueries({ queryKey: contactConfirmationKeys.all }),
  );

export const useResendCodeMutation = () =>
  useMutationAction(resendCode, (confirmation, _, client) => confirmationChanged(client, confirmation));
