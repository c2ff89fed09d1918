import { useId } from 'react';
import { IMPERSONATION_SECRETS_FORBIDDEN } from '@tourly/contracts';
import { useImpersonating } from '../../../../auth/queries';
import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { fieldMessage } from '../../../../shared/Field';
import { useForm } from '../../../../shared/forms/useForm';
import { Modal } from '../../../../shared/Modal';
import { TextField } from '../../../../shared/TextField';
import type { Outcome } from '../../../../shared/useMutationAction';
import type { EndpointChanges, EndpointWithSecret, WebhookEndpoint } from '../api';
import { useCreateEndpointMutation, useUpdateEndpointMutation } from '../queries';
import {
  DESCRIPTION_MAX_LENGTH,
  ENDPOINT_FIELDS,
  endpointRefusal,
  orderedSelection,
  toggleEventType,
  URL_MAX_LENGTH,
  type EventTypeOption,
} from '../rules';

type EndpointResult = EndpointWithSecret | WebhookEndpoint;

interface EndpointFormValues {
  url: string;
  description: string;
  eventTypes: string[];
  enabled: boolean;
}

type EndpointFormProps = {
  eventTypes: EventTypeOption[];
  onClose(): void;
} & (
  | { endpoint?: undefined; onSaved(created: EndpointWithSecret): void }
  | { endpoint: WebhookEndpoint; onSaved(updated: WebhookEndpoint): void }
);

/** What an edit sends: only the fields that changed (undefined when nothing did). */
function changesOf(endpoint: WebhookEndpoint, values: EndpointFormValues): EndpointChanges | undefined {
  const changes: EndpointChanges = {};
  if (values.url.trim() !== endpoint.url) changes.url = values.url.trim();
  if (values.description.trim() !== endpoint.description) changes.description = values.description.trim();
  const before = [...endpoint.eventTypes].sort().join(' ');
  if ([...values.eventTypes].sort().join(' ') !== before) changes.eventTypes = values.eventTypes;
  if (values.enabled !== endpoint.enabled) changes.enabled = values.enabled;
  return Object.keys(changes).length > 0 ? changes : undefined;
}

/**
 * Adding an endpoint (POST .../endpoints, answered with its secret) or editing one (PATCH .../endpoints/{id}, only
 * what changed): the URL, a description, the event types (each with what it means; all or none at once) and
 * whether it is on. The server's refusals go under their fields (`url`, `event_types`, `description`), the rest
 * (`base`: the endpoints limit) in the alert.
 */
export function EndpointFormModal(props: EndpointFormProps) {
  const { endpoint, eventTypes, onClose } = props;
  const impersonating = useImpersonating();
  const create = useCreateEndpointMutation();
  const update = useUpdateEndpointMutation();
  const formId = useId();
  const eventsHintId = useId();
  const eventsMessageId = useId();
  const form = useForm<EndpointFormValues, 'url' | 'description' | 'eventTypes', EndpointResult>({
    initial: (): EndpointFormValues => ({
      url: endpoint?.url ?? '',
      description: endpoint?.description ?? '',
      eventTypes: endpoint ? orderedSelection(endpoint.eventTypes, eventTypes) : [],
      enabled: endpoint?.enabled ?? true,
    }),
    fields: ENDPOINT_FIELDS,
    submit: async (values) => {
      const changes = endpoint && changesOf(endpoint, values);
      if (endpoint && !changes) return { ok: true as const, value: endpoint };
      const outcome: Outcome<EndpointResult> =
        endpoint && changes
          ? await update.run(endpoint.id, changes)
          : await create.run({
              url: values.url.trim(),
              description: values.description.trim(),
              eventTypes: values.eventTypes,
              enabled: values.enabled,
            });
      return outcome.ok ? outcome : { ok: false as const, error: endpointRefusal(outcome.error) };
    },
    onSuccess: (result) => {
      if (props.endpoint) props.onSaved(result as WebhookEndpoint);
      else props.onSaved(result as EndpointWithSecret);
    },
  });
  const { isPending, values } = form;
  const eventsMessage = fieldMessage('Event types', form.errors.fields.eventTypes);
  const allChosen = values.eventTypes.length === eventTypes.length;

  return (
    <Modal
      title={endpoint ? 'Edit endpoint' : 'Add endpoint'}
      onClose={onClose}
      closeDisabled={isPending}
      size="large"
      footer={
        <div className="actions">
          <button type="submit" form={formId} className="button button-primary" disabled={isPending}>
            {isPending ? 'Saving…' : endpoint ? 'Save changes' : 'Add endpoint'}
          </button>
          <button type="button" className="button button-secondary" disabled={isPending} onClick={onClose}>
            Cancel
          </button>
        </div>
      }
    >
      <form id={formId} noValidate onSubmit={form.handleSubmit}>
        <div ref={form.alertRef} tabIndex={-1}>
          <ErrorDisplay error={form.errors.alert} />
        </div>
        <TextField
          {...form.field('url')}
          label="URL"
          hint="Where the events are sent: an https address of your own system."
          requiredMark
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://example.com/webhooks/tourly"
          maxLength={URL_MAX_LENGTH}
          disabled={isPending}
          readOnly={impersonating}
        />
        {impersonating && <p className="muted">{IMPERSONATION_SECRETS_FORBIDDEN}</p>}
        <TextField
          {...form.field('description')}
          label="Description"
          hint="Optional: what this endpoint is for, to tell it from the others."
          maxLength={DESCRIPTION_MAX_LENGTH}
          disabled={isPending}
        />
        <fieldset
          className="field webhook-event-choice"
          aria-describedby={[eventsHintId, eventsMessage ? eventsMessageId : null].filter(Boolean).join(' ')}
          aria-invalid={eventsMessage ? true : undefined}
        >
          <legend className="field-label">
            Event types<span aria-hidden="true">*</span>
          </legend>
          <p className="field-hint" id={eventsHintId}>
            {values.eventTypes.length} of {eventTypes.length} chosen: only these are sent to the endpoint.
          </p>
          <div className="actions webhook-event-bulk">
            <button
              type="button"
              className="button button-secondary"
              disabled={isPending || allChosen}
              onClick={() =>
                form.set(
                  'eventTypes',
                  eventTypes.map((option) => option.type),
                )
              }
            >
              Select all
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={isPending || values.eventTypes.length === 0}
              onClick={() => form.set('eventTypes', [])}
            >
              Select none
            </button>
          </div>
          {eventsMessage && (
            <p id={eventsMessageId} className="field-message">
              {eventsMessage}
            </p>
          )}
          <ul className="webhook-event-options">
            {eventTypes.map((option, index) => (
              <li key={option.type}>
                <label className="webhook-event-option">
                  <input
                    type="checkbox"
                    ref={index === 0 ? form.ref('eventTypes') : undefined}
                    checked={values.eventTypes.includes(option.type)}
                    disabled={isPending}
                    onChange={(event) =>
                      form.set(
                        'eventTypes',
                        toggleEventType(values.eventTypes, option.type, event.target.checked, eventTypes),
                      )
                    }
                  />
                  <span>
                    <code className="webhook-event-name">{option.type}</code>
                    <span className="webhook-event-description">{option.description}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <label className="check">
          <input
            type="checkbox"
            checked={values.enabled}
            disabled={isPending}
            onChange={(event) => form.set('enabled', event.target.checked)}
          />
          <span>Enabled: send events to this endpoint</span>
        </label>
        {endpoint && !endpoint.enabled && endpoint.disabledReason && values.enabled && (
          <p className="muted">Saving turns the endpoint back on: make sure your receiver answers again.</p>
        )}
      </form>
    </Modal>
  );
}
