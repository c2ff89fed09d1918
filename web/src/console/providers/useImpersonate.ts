import { useVerb } from '../shared/useVerb';
import type { ProviderRecord } from './types';

/**
 * "Impersonate": starts acting as the provider (POST /admin/impersonations) from this console page, which stopping
 * brings the administrator back to, then loads the page identity answers with (`landOn`, a page of the provider's
 * app, when given; else its properties): a new session, so a full page load, which carries its CSRF token and the
 * provider's role. A refusal is notified.
 */
export function useImpersonate() {
  const { run, isPending } = useVerb();

  async function impersonate(provider: Pick<ProviderRecord, 'id'>, landOn?: string): Promise<void> {
    let destination = '';
    const returnTo = `${window.location.pathname}${window.location.search}`;
    const outcome = await run(async (dataProvider) => {
      destination = (await dataProvider.impersonate(provider.id, returnTo, landOn)).redirectTo;
    });
    if (outcome.ok) window.location.assign(destination);
  }

  return { impersonate, isPending };
}
