import { ImpersonationTable } from '../impersonations/ImpersonationList';
import { ProviderRecordList } from './ProviderRecordList';
import type { ProviderRecord } from './types';

/** The provider's impersonation history (GET /admin/impersonations?provider_id=), newest first. */
export function ImpersonationsTab({ provider }: { provider: ProviderRecord }) {
  return (
    <ProviderRecordList resource="impersonations" provider={provider}>
      <ImpersonationTable ofOneProvider />
    </ProviderRecordList>
  );
}
