import { ChipField, useRecordContext } from 'react-admin';
import type { Answer } from '../../api/types';

/** The spec's names of a domain's states (001 §3). */
export const DOMAIN_STATUS_LABELS = {
  pending: 'In Progress',
  active: 'Active',
  failed: 'Failed',
} as const;

export const DOMAIN_STATUS_CHOICES = Object.entries(DOMAIN_STATUS_LABELS).map(([id, name]) => ({ id, name }));

/** A white-label domain as the admin and virtual-assistant lists show it. */
export type DomainRecord = Answer<'/admin/whitelabeled_domains', 'get'>['items'][number];

/** A domain's status as a chip: In Progress, Active, Failed. */
export function DomainStatusField() {
  const record = useRecordContext<DomainRecord>();
  if (!record) return null;
  return (
    <ChipField
      record={{ id: record.id, label: DOMAIN_STATUS_LABELS[record.status] ?? record.status }}
      source="label"
      size="small"
      color={record.status === 'active' ? 'success' : record.status === 'failed' ? 'error' : 'warning'}
      variant="outlined"
    />
  );
}
