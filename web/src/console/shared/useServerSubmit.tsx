import { Alert, Button } from '@mui/material';
import { useRef, useState, type ReactNode } from 'react';
import { Confirm, HttpError, useNotify } from 'react-admin';
import { useFormState, type FieldValues } from 'react-hook-form';
import { countFieldErrors, formContainsErrors, splitRefusal, UNEXPECTED_FAILURE } from './serverErrors';

/** The are-you-sure question asked before the values go (a destructive or money-moving change). */
export interface Confirmation {
  title: string;
  content: ReactNode;
  /** The confirm button's words: what happens ('Set pricing'). */
  confirm: string;
}

interface ServerSubmitOptions<Values, Result> {
  /** The sources of the form's inputs, named as the server names the fields (camelCase paths). */
  fields: readonly string[];
  /** Sends the values: one of the data provider's verbs. Rejects with its HttpError when refused. */
  send: (values: Values) => Promise<Result>;
  onSuccess?: (result: Result, values: Values) => void;
  /** Asks before sending: the are-you-sure dialog's words for these values. */
  confirm?: (values: Values) => Confirmation;
}

/**
 * The `onSubmit` of a console form (react-admin's `<Form>`, with `disableInvalidFormNotification` and a
 * `<FormErrorSummary />`), applying the console's conventions (`serverErrors.ts`): with `confirm`, the are-you-sure
 * dialog first (render `confirmation`); a refusal's field messages next to their inputs, 'base' messages notified, a
 * field the form does not have only logged; any other failure notified under the spec's heading.
 */
export function useServerSubmit<Values, Result>({
  fields,
  send,
  onSuccess,
  confirm,
}: ServerSubmitOptions<Values, Result>) {
  const notify = useNotify();
  const [asking, setAsking] = useState<{ values: Values; question: Confirmation } | null>(null);
  const [sending, setSending] = useState(false);
  // The submission waits on the dialog's answer: react-admin's form stays submitting meanwhile.
  const answer = useRef<((errors: Record<string, string> | undefined) => void) | null>(null);

  const error = (message: string) => notify(message, { type: 'error', messageArgs: { _: message } });

  async function sendNow(values: Values): Promise<Record<string, string> | undefined> {
    setSending(true);
    try {
      onSuccess?.(await send(values), values);
      return undefined;
    } catch (failure) {
      const body =
        failure instanceof HttpError ? (failure.body as { errors?: unknown } | undefined) : undefined;
      if (!body?.errors) {
        const message = failure instanceof Error ? failure.message : String(failure);
        error(`${UNEXPECTED_FAILURE}: ${message}`);
        return undefined;
      }
      const refusal = splitRefusal(body.errors, fields);
      for (const [field, message] of Object.entries(refusal.unmatched))
        console.warn(`The server refused ${field}, which this form does not have: ${message}`);
      if (refusal.base) error(refusal.base);
      else if (Object.keys(refusal.fields).length === 0) error(UNEXPECTED_FAILURE);
      return refusal.fields;
    } finally {
      setSending(false);
    }
  }

  // react-admin's form hands its values over untyped: they are the form's, whose inputs make `Values`.
  function onSubmit(formValues: FieldValues): Promise<Record<string, string> | undefined> {
    const values = formValues as Values;
    if (!confirm) return sendNow(values);
    return new Promise((resolve) => {
      answer.current = resolve;
      setAsking({ values, question: confirm(values) });
    });
  }

  function close(errors: Record<string, string> | undefined) {
    answer.current?.(errors);
    answer.current = null;
    setAsking(null);
  }

  const confirmation = asking && (
    <Confirm
      isOpen
      loading={sending}
      title={asking.question.title}
      content={asking.question.content}
      confirm={asking.question.confirm}
      confirmColor="warning"
      onConfirm={() => void sendNow(asking.values).then(close)}
      onClose={() => {
        if (!sending) close(undefined);
      }}
    />
  );

  return { onSubmit, confirmation, isSending: sending };
}

/**
 * 'The form contains N error(s)' once a submission was refused or stopped by the form's own checks, while fields
 * still have errors; nothing otherwise. Inside react-admin's `<Form>`.
 */
export function FormErrorSummary() {
  const { errors, submitCount } = useFormState();
  const count = countFieldErrors(errors);
  if (submitCount === 0 || count === 0) return null;
  return (
    <Alert severity="error" role="alert" sx={{ my: 1 }}>
      {formContainsErrors(count)}
    </Alert>
  );
}

/** A form's submit button, busy while the form submits (and while its are-you-sure dialog is open). */
export function SubmitButton({ label, disabled = false }: { label: string; disabled?: boolean }) {
  const { isSubmitting } = useFormState();
  return (
    <Button type="submit" variant="contained" disabled={disabled || isSubmitting}>
      {label}
    </Button>
  );
}
