import type { ComponentProps, ReactNode } from 'react';
import { ErrorDisplay } from '../shared/ErrorDisplay';
import type { Form } from '../shared/forms/useForm';
import { TextField } from '../shared/TextField';

interface AuthFormProps {
  /** The page's `useForm`: its alert, its submission. */
  form: Pick<Form<object, string>, 'alertRef' | 'errors' | 'handleSubmit' | 'isPending'>;
  submitLabel: string;
  /** Besides while sending: the button stays off (no captcha, no link token, the next page loading). */
  disabled?: boolean;
  /** What the alert shows instead of the form's refusal. */
  alertError?: unknown;
  /** More in the alert region, under the refusal: a problem of the page itself, a way out. */
  alert?: ReactNode;
  children: ReactNode;
}

/**
 * The account pages' form (sign-in, sign-up, the password pages, the sign-up steps): the alert above it, which
 * takes the focus when no field has a message, the fields, and the full-width submit button. The browser's own
 * checks are off: the server's messages go under the fields.
 */
export function AuthForm({ form, submitLabel, disabled, alertError, alert, children }: AuthFormProps) {
  return (
    <>
      <div ref={form.alertRef} className="sign-in-alert" tabIndex={-1}>
        <ErrorDisplay error={alertError === undefined ? form.errors.alert : alertError} />
        {alert}
      </div>
      <form noValidate onSubmit={form.handleSubmit}>
        {children}
        <button
          type="submit"
          className="button button-primary sign-in-submit"
          disabled={form.isPending || disabled}
        >
          {submitLabel}
        </button>
      </form>
    </>
  );
}

/** The account's email address, as every account page asks for it. */
export function EmailField(props: Omit<ComponentProps<typeof TextField>, 'label'>) {
  return <TextField label="Email" type="email" name="email" autoComplete="email" required {...props} />;
}
