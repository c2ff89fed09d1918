import { SearchInput, TextInput } from 'react-admin';
import { DomainList, statusFilter } from '../shared/DomainList';
import { EditDomainButton } from './EditDomainButton';

const filters = [
  <SearchInput key="search" source="search" alwaysOn placeholder="Domain or provider" />,
  statusFilter,
  <TextInput key="providerId" source="providerId" label="Provider ID" />,
];

/**
 * Every provider's white-label domain (GET /admin/whitelabeled_domains: page, search, status, provider_id),
 * oldest request first, each correctable by an admin.
 */
export function WhitelabeledDomainList() {
  return <DomainList filters={filters} actions={{ label: 'Actions', buttons: <EditDomainButton /> }} />;
}
