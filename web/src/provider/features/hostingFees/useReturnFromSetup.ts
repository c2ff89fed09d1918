import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { askUntil } from '../../../shared/askUntil';
import { RETURNED_PARAM, RETURNED_VALUE } from './paths';
import { fetchFreshMerchantAccount } from './queries';

/**
 * Back from Stripe's setup (`?merchant_account=returned`): Stripe tells billing with a webhook a moment later, so the
 * account is asked for again until the setup shows (up to 20 s), then the marker leaves the address (a reload does
 * not wait again). True while waiting.
 */
export function useReturnFromSetup(): boolean {
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const returned = params.get(RETURNED_PARAM) === RETURNED_VALUE;
  const [waiting, setWaiting] = useState(returned);

  useEffect(() => {
    if (!returned) return;
    let current = true;
    setWaiting(true);
    void askUntil(
      () => fetchFreshMerchantAccount(client),
      (account) => account.status !== 'not_connected' && account.status !== 'onboarding',
    ).then(() => {
      if (!current) return;
      setWaiting(false);
      setParams(
        (now) => {
          const next = new URLSearchParams(now);
          next.delete(RETURNED_PARAM);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    });
    return () => {
      current = false;
    };
  }, [returned]);

  return waiting;
}
