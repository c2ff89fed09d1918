import type { ReactElement, ReactNode } from 'react';
import { CreateButton, List, TopToolbar } from 'react-admin';

interface ListWithCreateProps {
  title: string;
  /** The create button's words ("New voucher", "Give credits"). */
  createLabel: string;
  filters: ReactElement[];
  /** The list's other actions, before the create button ("Bulk upload"). */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * A back-office list of records an admin creates: 25 a page, no export, its filters and its create button in view
 * even when nothing is listed yet (react-admin's empty page would hide both), searches 400 ms after typing stops.
 */
export function ListWithCreate({ title, createLabel, filters, actions, children }: ListWithCreateProps) {
  return (
    <List
      title={title}
      filters={filters}
      debounce={400}
      exporter={false}
      empty={false}
      perPage={25}
      actions={
        <TopToolbar>
          {actions}
          <CreateButton label={createLabel} />
        </TopToolbar>
      }
    >
      {children}
    </List>
  );
}
