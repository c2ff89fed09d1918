import { useState } from 'react';
import { ConfirmDialog } from '../../../../shared/ConfirmDialog';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { formatDate } from '../../../../shared/format';
import { useForm } from '../../../../shared/forms/useForm';
import { PropertyClient } from '../../clients/components/PropertyClient';
import type { NewProperty, Property } from '../api';
import { usePropertyReadOnly } from '../readOnly';
import { useDeletePropertyMutation, useUpdatePropertyMutation } from '../queries';
import { PropertyForm, propertyFields } from './PropertyFields';

interface PropertyDetailsProps {
  property: Property;
  onDeleted(): void;
}

/**
 * The property's details: title, address as typed and as found on the map, the Matterport model; "Edit" turns
 * them into a form (PATCH with only what changed; a new address is looked up again), "Delete property" asks first
 * (a soft delete: support can bring it back).
 */
export function PropertyDetails({ property, onDeleted }: PropertyDetailsProps) {
  const readOnly = usePropertyReadOnly();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeletePropertyMutation();

  async function confirmDelete() {
    const outcome = await remove.run(property.id);
    if (outcome.ok) onDeleted();
    else setDeleting(false);
  }

  const located = property.geocodedAddress?.formattedAddress;
  return (
    <section className="card" aria-labelledby="property-details">
      <h2 id="property-details">Details</h2>
      {editing ? (
        <EditForm
          property={property}
          onSaved={() => {
            setEditing(false);
            setSaved(true);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <>
          <dl className="details">
            <dt>Title</dt>
            <dd>{property.title}</dd>
            <dt>Address</dt>
            <dd>{property.address}</dd>
            {located && located !== property.address && (
              <>
                <dt>On the map</dt>
                <dd>{located}</dd>
              </>
            )}
            <dt>Matterport model</dt>
            <dd>
              {property.matterportKey}
              {property.startPosition && <span className="muted"> (starts at {property.startPosition})</span>}
            </dd>
            <dt>Client</dt>
            <dd>
              <PropertyClient
                propertyId={property.id}
                clientId={property.providerClientId}
                readOnly={readOnly}
              />
            </dd>
            <dt>Created</dt>
            <dd>{formatDate(property.createdAt)}</dd>
          </dl>
          <p role="status" className="muted">
            {saved ? 'The details were saved.' : ''}
          </p>
          <ErrorDisplay error={remove.error} />
          {!readOnly && (
            <div className="actions">
              <button
                type="button"
                className="button button-secondary"
                onClick={() => {
                  setSaved(false);
                  setEditing(true);
                }}
              >
                Edit details
              </button>
              <button type="button" className="button button-secondary" onClick={() => setDeleting(true)}>
                Delete property
              </button>
            </div>
          )}
        </>
      )}
      <ConfirmDialog
        open={deleting}
        title="Delete this property?"
        confirmLabel="Delete property"
        isPending={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(false)}
      >
        <p>
          “{property.title}” leaves your properties, and its tour and website stop being published. If you
          delete it by mistake, our support team can restore it.
          {property.immexSubscriptionId && ' The separate monthly payment for its premium tour ends too.'}
        </p>
      </ConfirmDialog>
    </section>
  );
}

function EditForm({
  property,
  onSaved,
  onCancel,
}: {
  property: Property;
  /** Saved: the page shows the property as the server answered (properties' `queries.ts`). */
  onSaved(): void;
  onCancel(): void;
}) {
  const update = useUpdatePropertyMutation();
  const form = useForm({
    initial: { title: property.title, address: property.address, matterportKey: property.matterportKey },
    fields: propertyFields('property'),
    submit: async (values) => {
      // Only what changed: an unchanged address is not looked up again.
      const changes: Partial<NewProperty> = {};
      for (const field of ['title', 'address', 'matterportKey'] as const) {
        const value = values[field].trim();
        if (value !== property[field]) changes[field] = value;
      }
      if (Object.keys(changes).length === 0) {
        onCancel();
        return undefined;
      }
      return update.run(property.id, changes);
    },
    onSuccess: onSaved,
  });
  const { isPending } = form;

  return (
    <PropertyForm form={form} disabled={isPending}>
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={isPending}>
          {isPending ? 'Saving…' : 'Save details'}
        </button>
        <button type="button" className="button button-secondary" disabled={isPending} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </PropertyForm>
  );
}
