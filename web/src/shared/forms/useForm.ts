import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/errors';
import { formErrors } from './formErrors';
import type { Outcome } from '../useMutationAction';

export interface FormOptions<Values, Field extends string, Result> {
  initial: Values | (() => Values);
  /**
   * The fields that show the server's messages under them, in form order (after a refusal focus goes to the first
   * with a message, else to the alert), each with the server's name for it as the client reads it ('user.email',
   * 'websiteSettings.primaryColor'). A name the server never sends serves a field checked only here.
   */
  fields: Record<Field, string>;
  /**
   * Sends the values: usually a mutation's `run` (billing's, properties' `queries.ts`). Resolving with undefined
   * means nothing was sent (refused here with `refuse`, or nothing changed); a rejection counts as a refusal.
   */
  submit(values: Values): Promise<Outcome<Result> | undefined>;
  onSuccess?(result: Result, values: Values): void;
}

/**
 * The one form hook: it owns the values, the submission and its pending state, and maps a refusal in the
 * platform's `{errors: {field: [msg], base: [msg]}}` shape onto the fields (`errors.fields`, under each) and the
 * form (`errors.alert`: 'base' and the messages of fields the form does not show, for `ErrorDisplay`), then moves
 * focus to the first invalid field, else to the alert. `field(name)` binds an input (`TextField`, `SelectField`,
 * `TextAreaField`): value, change, ref and messages.
 */
export function useForm<Values extends object, Field extends string, Result = unknown>({
  initial,
  fields,
  submit,
  onSuccess,
}: FormOptions<Values, Field, Result>) {
  const [values, setValues] = useState<Values>(initial);
  const [failure, setFailure] = useState<unknown>(null);
  const [isPending, setIsPending] = useState(false);
  const elements = useRef(new Map<string, HTMLElement | null>());
  const refs = useRef(new Map<string, (element: HTMLElement | null) => void>());
  const alertRef = useRef<HTMLDivElement>(null);
  const errors = formErrors(failure, fields);

  useEffect(() => {
    // Once the submission has ended: a field is disabled while it lasts, and cannot take the focus.
    if (failure === null || failure === undefined || isPending) return;
    // A field without an input (a link's token) has its message in the alert.
    const invalid = (Object.keys(fields) as Field[]).find(
      (field) => errors.fields[field] && elements.current.get(field),
    );
    (invalid ? elements.current.get(invalid) : alertRef.current)?.focus();
    // Only a new refusal moves focus, not a re-render: the errors derive from it.
  }, [failure, isPending]);

  /** A stable callback ref per field, so focus can find its element. */
  const ref = useCallback((field: Field | (string & {})) => {
    let callback = refs.current.get(field);
    if (!callback) {
      callback = (element) => elements.current.set(field, element);
      refs.current.set(field, callback);
    }
    return callback;
  }, []);

  const set = useCallback(
    <Key extends keyof Values>(key: Key, value: Values[Key]) =>
      setValues((current) => ({ ...current, [key]: value })),
    [],
  );

  /** A refusal found here, before sending, shown as the server's would be: under its field, or in the alert. */
  const refuse = useCallback(
    (field: Field | 'base', message: string) => {
      const name = field === 'base' ? 'base' : fields[field];
      setFailure(new ApiError(422, { [name]: [message] }, [message]));
    },
    [fields],
  );

  async function send(sent: Values = values): Promise<Outcome<Result> | undefined> {
    setFailure(null);
    setIsPending(true);
    try {
      const outcome = await submit(sent);
      if (outcome && !outcome.ok) setFailure(outcome.error);
      if (outcome?.ok) onSuccess?.(outcome.value, sent);
      return outcome;
    } catch (error) {
      setFailure(error);
      return { ok: false, error };
    } finally {
      setIsPending(false);
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void send();
  }

  /** What an input of a text field takes: its value, its changes, its ref (for focus) and its messages. */
  function field<Key extends Field & keyof Values>(key: Key) {
    return {
      value: values[key] as string,
      onChange: (event: { target: { value: string } }) => set(key, event.target.value as Values[Key]),
      ref: ref(key),
      messages: errors.fields[key],
    };
  }

  return {
    values,
    setValues,
    set,
    errors,
    /** The last refusal (the server's or `refuse`'s), null when none. */
    failure,
    isPending,
    refuse,
    /** Forgets the last refusal (another action of the page started). */
    clearFailure: useCallback(() => setFailure(null), []),
    focus: useCallback((field: Field) => elements.current.get(field)?.focus(), []),
    handleSubmit,
    /** Submits without an event (a form whose submit button lives elsewhere), optionally other values. */
    submit: send,
    field,
    ref,
    alertRef,
  };
}

export type Form<Values extends object, Field extends string, Result = unknown> = ReturnType<
  typeof useForm<Values, Field, Result>
>;
