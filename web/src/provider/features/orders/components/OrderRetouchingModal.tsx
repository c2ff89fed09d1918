import { useId } from 'react';
import {
  MAX_RETOUCH_PHOTOS,
  ORDER_TURNAROUND_HOURS,
  RETOUCH_OPTION_CREDITS,
  RETOUCH_OPTION_LABELS,
  RETOUCH_OPTIONS,
  retouchingCredits,
  type RetouchDelivery,
  type RetouchOption,
} from '@tourly/contracts';
import { useForm } from '../../../../shared/forms/useForm';
import { TextAreaField } from '../../../../shared/TextAreaField';
import '../../billing/components/credits.css';
import { creditsLabel } from '../../billing/rules';
import { mediaLabel, type Media } from '../../properties/api';
import type { OrderDetail } from '../api';
import { useOrderPlacing } from '../hooks';
import { toggled } from '../rules';
import { OrderCost, OrderedProperty, OrderModal } from './OrderFormParts';
import type { PickedProperty } from './PropertyPicker';
import '../orders.css';

interface OrderRetouchingModalProps {
  property: PickedProperty;
  /** The property's photos, to choose from. */
  photos: readonly Media[];
  onPlaced(order: OrderDetail): void;
  onClose(): void;
}

interface Values {
  photoIds: string[];
  options: RetouchOption[];
  delivery: RetouchDelivery;
  instructions: string;
}

type Field = 'photoIds' | 'options' | 'delivery' | 'instructions';

const FIELDS: Record<Field, string> = {
  photoIds: 'floorplanOrder.photoIds',
  options: 'floorplanOrder.retouchOptions',
  delivery: 'floorplanOrder.retouchDelivery',
  instructions: 'floorplanOrder.instructions',
};

const DELIVERIES: ReadonlyArray<{ delivery: RetouchDelivery; label: string; detail: string }> = [
  {
    delivery: 'beside',
    label: 'Beside the originals',
    detail:
      'The retouched photos are added after your photos; the originals stay as they are. An amendment’s photo takes the place of the one it redoes.',
  },
  {
    delivery: 'replace',
    label: 'In place of the originals',
    detail: 'Each photo shows its retouched version where it is; the original is kept with the order.',
  },
];

/**
 * "Order retouching": the photos to retouch (ticked on their thumbnails), what to do to each with its credits per
 * photo, where the retouched photos go, instructions for the retoucher, and what the order costs against the
 * credits available; POST .../properties/{id}/floorplan_orders with `kind: photo_retouching`. Refused for credits:
 * the insufficient-credits modal, and back here on Cancel; refused otherwise: the server's words by the field.
 */
export default function OrderRetouchingModal({
  property,
  photos,
  onPlaced,
  onClose,
}: OrderRetouchingModalProps) {
  const placing = useOrderPlacing();
  const form = useForm<Values, Field, OrderDetail>({
    initial: { photoIds: [], options: ['brightness_colour'], delivery: 'beside', instructions: '' },
    fields: FIELDS,
    submit: async (values) => {
      if (values.photoIds.length === 0) {
        form.refuse('photoIds', 'Choose the photos to retouch.');
        return undefined;
      }
      if (values.options.length === 0) {
        form.refuse('options', 'Choose what to do to the photos.');
        return undefined;
      }
      return placing.run(property.id, {
        kind: 'photo_retouching',
        photoIds: values.photoIds,
        retouchOptions: values.options,
        retouchDelivery: values.delivery,
        instructions: values.instructions,
      });
    },
    onSuccess: onPlaced,
  });
  const { isPending, values } = form;
  const photosId = useId();
  const optionsId = useId();
  const deliveriesId = useId();
  const cost = retouchingCredits(values.photoIds.length, values.options);
  const choosable = photos.slice(0, MAX_RETOUCH_PHOTOS);
  const allChosen = values.photoIds.length === choosable.length;

  return (
    <OrderModal
      title="Order retouching"
      what="retouching"
      cost={cost}
      placing={placing}
      form={form}
      onClose={onClose}
    >
      <OrderedProperty property={property} />
      <fieldset className="field" aria-labelledby={photosId}>
        <legend id={photosId} className="field-label">
          Photos
        </legend>
        <p className="retouch-photos-count">
          <span role="status">
            {values.photoIds.length} of {choosable.length} chosen
          </span>
          <button
            type="button"
            className="button button-secondary"
            disabled={isPending}
            onClick={() => form.set('photoIds', allChosen ? [] : choosable.map((photo) => photo.id))}
          >
            {allChosen ? 'Choose none' : 'Choose all'}
          </button>
        </p>
        <ul className="retouch-photos">
          {choosable.map((photo) => (
            <li key={photo.id}>
              <label
                className={`retouch-photo${values.photoIds.includes(photo.id) ? ' retouch-photo-chosen' : ''}`}
              >
                <input
                  type="checkbox"
                  checked={values.photoIds.includes(photo.id)}
                  disabled={isPending}
                  ref={photo === choosable[0] ? form.ref('photoIds') : undefined}
                  onChange={() => form.set('photoIds', toggled(values.photoIds, photo.id))}
                />
                <img
                  src={photo.thumbnailUrl ?? photo.url ?? undefined}
                  alt={mediaLabel(photo)}
                  loading="lazy"
                />
              </label>
            </li>
          ))}
        </ul>
        {photos.length > MAX_RETOUCH_PHOTOS && (
          <p className="muted">One order takes up to {MAX_RETOUCH_PHOTOS} photos: order the others next.</p>
        )}
        {form.errors.fields.photoIds && (
          <p className="field-message">{form.errors.fields.photoIds.join(' & ')}</p>
        )}
      </fieldset>
      <fieldset className="field credit-options" aria-labelledby={optionsId}>
        <legend id={optionsId} className="field-label">
          Retouching
        </legend>
        {RETOUCH_OPTIONS.map((option) => (
          <label
            key={option}
            className={`credit-option${values.options.includes(option) ? ' credit-option-selected' : ''}`}
          >
            <input
              type="checkbox"
              checked={values.options.includes(option)}
              disabled={isPending}
              onChange={() => form.set('options', toggled(values.options, option))}
            />
            <span className="credit-option-text">
              <strong>{RETOUCH_OPTION_LABELS[option]}</strong>
            </span>
            <span className="credit-amount">{creditsLabel(RETOUCH_OPTION_CREDITS[option])} a photo</span>
          </label>
        ))}
        {form.errors.fields.options && (
          <p className="field-message">{form.errors.fields.options.join(' & ')}</p>
        )}
      </fieldset>
      <fieldset className="field credit-options" aria-labelledby={deliveriesId}>
        <legend id={deliveriesId} className="field-label">
          Delivered photos
        </legend>
        {DELIVERIES.map((option) => (
          <label
            key={option.delivery}
            className={`credit-option${values.delivery === option.delivery ? ' credit-option-selected' : ''}`}
          >
            <input
              type="radio"
              name={`${deliveriesId}-delivery`}
              checked={values.delivery === option.delivery}
              disabled={isPending}
              onChange={() => form.set('delivery', option.delivery)}
            />
            <span className="credit-option-text">
              <strong>{option.label}</strong>
              <span className="muted">{option.detail}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <TextAreaField
        {...form.field('instructions')}
        label="Instructions"
        hint="Anything the retoucher should know: objects to remove, the sky you want."
        rows={3}
        maxLength={2000}
        disabled={isPending}
      />
      <OrderCost cost={cost} />
      <p className="muted">
        Delivered within {ORDER_TURNAROUND_HOURS.photo_retouching} hours. The credits are held while the
        photos are retouched, spent once they are delivered, and given back if the order is cancelled.
      </p>
    </OrderModal>
  );
}
