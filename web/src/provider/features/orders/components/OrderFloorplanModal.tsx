import { useId } from 'react';
import {
  MATTERPORT_DRAWN_KINDS,
  MATTERPORT_SPEED_HOURS,
  MATTERPORT_SPEED_LABELS,
  MATTERPORT_SPEEDS,
  orderCredits,
  ORDER_TURNAROUND_HOURS,
  type FloorplanKind,
  type MatterportSpeed,
  type OrderDrawer,
} from '@tourly/contracts';
import { useForm } from '../../../../shared/forms/useForm';
import { MESSAGES } from '../../../../shared/strings';
import { TextAreaField } from '../../../../shared/TextAreaField';
import '../../billing/components/credits.css';
import { creditsLabel } from '../../billing/rules';
import type { OrderDetail } from '../api';
import { useOrderPlacing } from '../hooks';
import { KIND_OPTIONS } from '../rules';
import { OrderCost, OrderedProperty, OrderModal } from './OrderFormParts';
import { PropertyPicker, type PickedProperty } from './PropertyPicker';
import '../orders.css';

interface OrderFloorplanModalProps {
  /** The property the order is for (its page); without one, the modal asks which (the orders page). */
  property?: PickedProperty;
  onPlaced(order: OrderDetail): void;
  onClose(): void;
}

interface Values {
  property: PickedProperty | null;
  kind: FloorplanKind;
  /** Asked only for the kinds Matterport sells; a supplier draws every other. */
  drawnBy: OrderDrawer;
  /** How fast Matterport draws it, asked once Matterport is chosen. */
  speed: MatterportSpeed;
  instructions: string;
}

type Field = 'property' | 'kind' | 'drawnBy' | 'speed' | 'instructions';

const FIELDS: Record<Field, string> = {
  property: 'floorplanOrder.propertyId',
  kind: 'floorplanOrder.kind',
  drawnBy: 'floorplanOrder.drawnBy',
  speed: 'floorplanOrder.matterportSpeed',
  instructions: 'floorplanOrder.instructions',
};

const matterportDraws = (kind: FloorplanKind) => MATTERPORT_DRAWN_KINDS.includes(kind);

/** Who draws the plan, as the order will say it: a supplier for the kinds Matterport does not sell. */
const drawerOf = (values: Pick<Values, 'kind' | 'drawnBy'>): OrderDrawer =>
  matterportDraws(values.kind) ? values.drawnBy : 'supplier';

/** The speed Matterport draws at, for an order it draws; none for a supplier's. */
const speedOf = (values: Pick<Values, 'kind' | 'drawnBy' | 'speed'>): MatterportSpeed | null =>
  drawerOf(values) === 'matterport' ? values.speed : null;

/** The two ways to have a schematic plan drawn, side by side. */
const DRAWERS: ReadonlyArray<{
  drawnBy: OrderDrawer;
  label: string;
  detail: (kind: FloorplanKind) => string;
}> = [
  {
    drawnBy: 'supplier',
    label: 'One of our drafters',
    detail: (kind) =>
      `Within ${ORDER_TURNAROUND_HOURS[kind]} hours, in your plans' template, following your instructions.`,
  },
  {
    drawnBy: 'matterport',
    label: 'Matterport',
    detail: () => "From 6 hours, in Matterport's own style, ordered with your Matterport account.",
  },
];

/**
 * "Order a floor plan": the property (given, or picked), the kind with what each costs in credits, instructions for
 * the drafter, the credits available and what the order leaves; POST .../properties/{id}/floorplan_orders. Refused
 * for credits: the insufficient-credits modal, and back here on Cancel; refused otherwise (a property without a
 * Matterport space, a password-protected one): the server's words in the alert above the form, until another
 * property is chosen.
 */
export default function OrderFloorplanModal({ property, onPlaced, onClose }: OrderFloorplanModalProps) {
  const placing = useOrderPlacing();
  const form = useForm<Values, Field, OrderDetail>({
    initial: {
      property: property ?? null,
      kind: 'floorplan',
      drawnBy: 'supplier',
      speed: 'normal',
      instructions: '',
    },
    fields: FIELDS,
    submit: async (values) => {
      if (!values.property) {
        form.refuse('property', MESSAGES.required);
        return undefined;
      }
      const drawnBy = drawerOf(values);
      return placing.run(values.property.id, {
        kind: values.kind,
        drawnBy,
        matterportSpeed: speedOf(values) ?? undefined,
        // Matterport draws from the space as it is: it reads no instructions.
        instructions: drawnBy === 'matterport' ? '' : values.instructions,
      });
    },
    onSuccess: onPlaced,
  });
  const { isPending, values } = form;
  const kindsId = useId();
  const drawersId = useId();
  const speedsId = useId();
  const drawnBy = drawerOf(values);
  const cost = orderCredits(values.kind, speedOf(values));

  return (
    <OrderModal
      title="Order a floor plan"
      what="floor plan"
      cost={cost}
      placing={placing}
      form={form}
      onClose={onClose}
    >
      {property ? (
        <OrderedProperty property={property} />
      ) : (
        <PropertyPicker
          picked={values.property}
          onPick={(picked) => {
            // A refusal was about the property left behind: choosing again ("Change property") starts afresh.
            form.clearFailure();
            form.set('property', picked);
          }}
          messages={form.errors.fields.property}
          inputRef={form.ref('property')}
          disabled={isPending}
        />
      )}
      <fieldset className="field credit-options" aria-labelledby={kindsId}>
        <legend id={kindsId} className="field-label">
          Kind
        </legend>
        {KIND_OPTIONS.map((option) => (
          <label
            key={option.kind}
            className={`credit-option${values.kind === option.kind ? ' credit-option-selected' : ''}`}
          >
            <input
              type="radio"
              name={`${kindsId}-kind`}
              value={option.kind}
              checked={values.kind === option.kind}
              disabled={isPending}
              onChange={() => form.set('kind', option.kind)}
            />
            <span className="credit-option-text">
              <strong>{option.label}</strong>
            </span>
            <span className="credit-amount">{creditsLabel(option.credits)}</span>
          </label>
        ))}
        {form.errors.fields.kind && <p className="field-message">{form.errors.fields.kind.join(' & ')}</p>}
      </fieldset>
      {matterportDraws(values.kind) && (
        <fieldset className="field credit-options" aria-labelledby={drawersId}>
          <legend id={drawersId} className="field-label">
            Drawn by
          </legend>
          {DRAWERS.map((option) => (
            <label
              key={option.drawnBy}
              className={`credit-option${drawnBy === option.drawnBy ? ' credit-option-selected' : ''}`}
            >
              <input
                type="radio"
                name={`${drawersId}-drawn-by`}
                value={option.drawnBy}
                checked={drawnBy === option.drawnBy}
                disabled={isPending}
                onChange={() => form.set('drawnBy', option.drawnBy)}
              />
              <span className="credit-option-text">
                <strong>{option.label}</strong>
                <span className="muted">{option.detail(values.kind)}</span>
              </span>
            </label>
          ))}
          {form.errors.fields.drawnBy && (
            <p className="field-message">{form.errors.fields.drawnBy.join(' & ')}</p>
          )}
        </fieldset>
      )}
      {drawnBy === 'matterport' && (
        <fieldset className="field credit-options" aria-labelledby={speedsId}>
          <legend id={speedsId} className="field-label">
            Delivery
          </legend>
          {MATTERPORT_SPEEDS.map((speed) => (
            <label
              key={speed}
              className={`credit-option${values.speed === speed ? ' credit-option-selected' : ''}`}
            >
              <input
                type="radio"
                name={`${speedsId}-speed`}
                value={speed}
                checked={values.speed === speed}
                disabled={isPending}
                onChange={() => form.set('speed', speed)}
              />
              <span className="credit-option-text">
                <strong>{MATTERPORT_SPEED_LABELS[speed]}</strong>
                <span className="muted">Within {MATTERPORT_SPEED_HOURS[speed]} hours</span>
              </span>
              <span className="credit-amount">{creditsLabel(orderCredits(values.kind, speed))}</span>
            </label>
          ))}
          {form.errors.fields.speed && (
            <p className="field-message">{form.errors.fields.speed.join(' & ')}</p>
          )}
        </fieldset>
      )}
      {drawnBy === 'matterport' ? (
        <p className="muted">
          Matterport draws from the space as it is and takes no instructions; a delivered plan can still be
          amended by one of our drafters.
        </p>
      ) : (
        <TextAreaField
          {...form.field('instructions')}
          label="Instructions"
          hint="Anything the drafter should know: rooms to name, areas to leave out, the units you want."
          rows={3}
          maxLength={2000}
          disabled={isPending}
        />
      )}
      <OrderCost cost={cost} />
      <p className="muted">
        The credits are held while the plan is drawn, spent once it is delivered, and given back if the order
        is cancelled.
      </p>
    </OrderModal>
  );
}
