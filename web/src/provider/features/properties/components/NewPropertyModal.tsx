import { useId, useState } from 'react';
import { useForm } from '../../../../shared/forms/useForm';
import { Modal } from '../../../../shared/Modal';
import type { MatterportSpace, Property } from '../api';
import { useCreatePropertyMutation } from '../queries';
import { MatterportSpacesPicker } from './MatterportSpacesPicker';
import { PropertyForm, propertyFields } from './PropertyFields';

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
  const create = useCreatePropertyMutation();
  const form = useForm({
    initial: { title: '', address: '', matterportKey: '' },
    fields: propertyFields('createTourParams'),
    submit: ({ title, address, matterportKey }) =>
      create.run({ title: title.trim(), address: address.trim(), matterportKey: matterportKey.trim() }),
    onSuccess: onCreated,
  });
  const { isPending } = form;
  const [picking, setPicking] = useState(false);
  const formId = useId();

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
      <PropertyForm id={formId} form={form} disabled={isPending} />
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
