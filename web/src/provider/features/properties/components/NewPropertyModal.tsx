import { useId, useState, type FormEvent } from 'react';
import { Modal } from '../../../../shared/Modal';
import type { MatterportSpace, Property } from '../api';
import { useCreatePropertyMutation } from '../queries';
import { MatterportSpacesPicker } from './MatterportSpacesPicker';
import { PropertyForm, usePropertyForm } from './PropertyFields';

interface NewPropertyModalProps {
  onCreated(property: Property): void;
  onClose(): void;
}

/**
 * A new property (POST /provider/properties with `create_tour_params`): a title, the address (geocoded by the
 * server, whose refusals show under the field as it words them) and the Matterport model, typed or picked from the
 * account's spaces (which also fills an empty title and address). Loaded when first opened.
 */
export default function NewPropertyModal({ onCreated, onClose }: NewPropertyModalProps) {
  const { run, isPending, error } = useCreatePropertyMutation();
  const form = usePropertyForm({ title: '', address: '', matterportKey: '' }, error, 'createTourParams');
  const [picking, setPicking] = useState(false);
  const formId = useId();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { title, address, matterportKey } = form.values;
    const outcome = await run({
      title: title.trim(),
      address: address.trim(),
      matterportKey: matterportKey.trim(),
    });
    if (outcome.ok) onCreated(outcome.value);
  }

  function pick(space: MatterportSpace) {
    form.setValues((current) => ({
      title: current.title.trim() ? current.title : space.name,
      address: current.address.trim() ? current.address : (space.address ?? ''),
      matterportKey: space.id,
    }));
    setPicking(false);
  }

  return (
    <Modal
      title="New property"
      onClose={onClose}
      closeDisabled={isPending}
      footer={
        <div className="actions">
          <button type="submit" form={formId} className="button button-primary" disabled={isPending}>
            {isPending ? 'Creating…' : 'Create property'}
          </button>
          <button type="button" className="button button-secondary" disabled={isPending} onClick={onClose}>
            Cancel
          </button>
        </div>
      }
    >
      <PropertyForm id={formId} form={form} onSubmit={handleSubmit} disabled={isPending} />
      {picking ? (
        <MatterportSpacesPicker onPick={pick} onCancel={() => setPicking(false)} />
      ) : (
        <button type="button" className="button button-secondary" onClick={() => setPicking(true)}>
          Choose from Matterport spaces
        </button>
      )}
    </Modal>
  );
}
