import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../../shared/ConfirmDialog';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import type { Contact } from '../api';
import { clientPath } from '../paths';
import { useDeleteContactMutation } from '../queries';
import { ContactFormModal } from './ContactFormModal';

/** Contacts as cards: name, how to reach them, their client (a link), with Edit and Delete (after asking). */
export function ContactList({
  contacts,
  busy,
  showClient = true,
}: {
  contacts: Contact[];
  busy: boolean;
  showClient?: boolean;
}) {
  const [editing, setEditing] = useState<Contact | null>(null);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const remove = useDeleteContactMutation();

  return (
    <>
      <ErrorDisplay error={remove.error} />
      <ul className="record-list" aria-label="Contacts" aria-busy={busy || undefined}>
        {contacts.map((contact) => (
          <li key={contact.id} className="record-row">
            <div className="record-row-main">
              <h3 className="record-row-title">{contact.fullName}</h3>
              <p className="record-row-line">
                <a href={`mailto:${contact.emailAddress}`}>{contact.emailAddress}</a>
                {contact.phoneNumber && (
                  <>
                    {' · '}
                    <a href={`tel:${contact.phoneNumber}`}>{contact.phoneNumber}</a>
                  </>
                )}
              </p>
              {contact.weeklyReport && (
                <p className="record-row-line muted">Gets a weekly report of their listings</p>
              )}
              {showClient && (
                <p className="record-row-line muted">
                  {contact.providerClientId ? (
                    <Link to={clientPath(contact.providerClientId)}>{contact.providerClientName}</Link>
                  ) : (
                    'No client'
                  )}
                </p>
              )}
            </div>
            <div className="record-row-actions">
              <button
                type="button"
                className="button button-secondary"
                aria-label={`Edit ${contact.fullName}`}
                onClick={() => setEditing(contact)}
              >
                Edit
              </button>
              <button
                type="button"
                className="button button-secondary"
                aria-label={`Delete ${contact.fullName}`}
                onClick={() => setDeleting(contact)}
              >
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>
      {editing && (
        <ContactFormModal
          contact={editing}
          onSaved={() => setEditing(null)}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.fullName ?? 'this contact'}?`}
        confirmLabel="Delete contact"
        isPending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          const outcome = await remove.run(deleting.id);
          if (outcome.ok) setDeleting(null);
        }}
      >
        <p>The contact is removed from your contacts and from the agents of every property showing them.</p>
      </ConfirmDialog>
    </>
  );
}
