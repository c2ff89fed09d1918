import { useId } from 'react';
import {
  ORDER_TURNAROUND_HOURS,
  WORKSHOP_TASK_CREDITS,
  WORKSHOP_TASK_LABELS,
  WORKSHOP_TASKS,
  workshopCredits,
  type WorkshopTask,
} from '@tourly/contracts';
import { useForm } from '../../../../shared/forms/useForm';
import { TextAreaField } from '../../../../shared/TextAreaField';
import '../../billing/components/credits.css';
import { useBilling } from '../../billing/BillingContext';
import { creditsLabel, isOnFreePlan } from '../../billing/rules';
import type { OrderDetail } from '../api';
import { useOrderPlacing } from '../hooks';
import { toggled } from '../rules';
import { OrderCost, OrderedProperty, OrderModal } from './OrderFormParts';
import type { PickedProperty } from './PropertyPicker';
import '../orders.css';

interface OrderWorkshopModalProps {
  property: PickedProperty;
  onPlaced(order: OrderDetail): void;
  onClose(): void;
}

interface Values {
  tasks: WorkshopTask[];
  brief: string;
}

type Field = 'tasks' | 'brief';

const FIELDS: Record<Field, string> = {
  tasks: 'floorplanOrder.workshopTasks',
  brief: 'floorplanOrder.instructions',
};

/**
 * "Order the workshop assistant": the tour's layers our team works on (each with its credits), the brief they work
 * from, and what the order costs against the credits available; POST .../properties/{id}/floorplan_orders with
 * `kind: workshop_assistant`. The work arrives as the tour's draft, never published by us. Refused for credits: the
 * insufficient-credits modal, and back here on Cancel; refused otherwise: the server's words by the field.
 */
export default function OrderWorkshopModal({ property, onPlaced, onClose }: OrderWorkshopModalProps) {
  const placing = useOrderPlacing();
  const form = useForm<Values, Field, OrderDetail>({
    initial: { tasks: [], brief: '' },
    fields: FIELDS,
    submit: async (values) => {
      if (values.tasks.length === 0) {
        form.refuse('tasks', 'Choose what our team should work on.');
        return undefined;
      }
      if (!values.brief.trim()) {
        form.refuse('brief', 'Tell our team what you want: they work from this brief.');
        return undefined;
      }
      return placing.run(property.id, {
        kind: 'workshop_assistant',
        workshopTasks: values.tasks,
        instructions: values.brief,
      });
    },
    onSuccess: onPlaced,
  });
  const { isPending, values } = form;
  const tasksId = useId();
  const cost = workshopCredits(values.tasks);
  const { subscription, legacy } = useBilling();
  // The free plan previews drafts but publishes none: said before anything is paid for.
  const publishesNothing = legacy || (subscription !== undefined && isOnFreePlan(subscription));

  return (
    <OrderModal
      title="Order the workshop assistant"
      what="the workshop assistant"
      cost={cost}
      placing={placing}
      form={form}
      onClose={onClose}
    >
      <OrderedProperty property={property} />
      <p className="muted">
        Our team sets up your tour for you. Their work arrives as the tour&apos;s draft: you review it in the
        tour space and publish it when you are happy.
      </p>
      {publishesNothing && (
        <p className="alert alert-info">
          You are on the Free plan: you can preview the draft we deliver, and publishing it needs a paid plan.
        </p>
      )}
      <fieldset className="field credit-options" aria-labelledby={tasksId}>
        <legend id={tasksId} className="field-label">
          What to work on
        </legend>
        {WORKSHOP_TASKS.map((task, index) => (
          <label
            key={task}
            className={`credit-option${values.tasks.includes(task) ? ' credit-option-selected' : ''}`}
          >
            <input
              type="checkbox"
              checked={values.tasks.includes(task)}
              disabled={isPending}
              ref={index === 0 ? form.ref('tasks') : undefined}
              onChange={() => form.set('tasks', toggled(values.tasks, task))}
            />
            <span className="credit-option-text">
              <strong>{WORKSHOP_TASK_LABELS[task]}</strong>
            </span>
            <span className="credit-amount">{creditsLabel(WORKSHOP_TASK_CREDITS[task])}</span>
          </label>
        ))}
        {form.errors.fields.tasks && <p className="field-message">{form.errors.fields.tasks.join(' & ')}</p>}
      </fieldset>
      <TextAreaField
        {...form.field('brief')}
        label="Brief"
        hint="What you want: the links and contact details of the menu, the welcome message, your colours."
        rows={4}
        maxLength={2000}
        disabled={isPending}
        required
      />
      <OrderCost cost={cost} />
      <p className="muted">
        Delivered within {ORDER_TURNAROUND_HOURS.workshop_assistant} hours. The credits are held while our
        team works, spent once the draft is delivered, and given back if the order is cancelled.
      </p>
    </OrderModal>
  );
}
