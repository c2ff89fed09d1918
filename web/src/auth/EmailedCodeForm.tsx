import type { ReactNode } from 'react';
import type { Form } from '../shared/forms/useForm';
import { TextField } from '../shared/TextField';
import { AuthForm } from './AuthForm';

interface EmailedCodeFormProps {
  form: Form<{ code: string }, 'code'>;
  submitLabel: string;
  disabled?: boolean;
  /** Shown with the alert, above the code (a new code sent). */
  notice?: ReactNode;
}

/** The 6-digit code the server emailed (only digits kept as typed), and the button that submits it. */
export function EmailedCodeForm({ form, submitLabel, disabled, notice }: EmailedCodeFormProps) {
  return (
    <AuthForm form={form} submitLabel={submitLabel} disabled={disabled} alert={notice}>
      <TextField
        {...form.field('code')}
        onChange={(event) => form.set('code', event.target.value.replace(/\D/g, ''))}
        label="Code"
        hint="The 6 digits from the email."
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        required
      />
    </AuthForm>
  );
}
