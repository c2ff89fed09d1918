import type { FormEvent, Ref } from 'react';
import { TextField } from '../shared/TextField';

interface EmailedCodeFormProps {
  codeRef: Ref<HTMLInputElement>;
  code: string;
  onCodeChange(code: string): void;
  /** The server's messages for the code. */
  messages: string[] | undefined;
  submitLabel: string;
  isPending: boolean;
  onSubmit(): void;
}

/** The 6-digit code the server emailed (only digits kept as typed), and the button that submits it. */
export function EmailedCodeForm({
  codeRef,
  code,
  onCodeChange,
  messages,
  submitLabel,
  isPending,
  onSubmit,
}: EmailedCodeFormProps) {
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit();
  }

  return (
    <form noValidate onSubmit={handleSubmit}>
      <TextField
        ref={codeRef}
        label="Code"
        hint="The 6 digits from the email."
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        required
        value={code}
        onChange={(event) => onCodeChange(event.target.value.replace(/\D/g, ''))}
        messages={messages}
      />
      <button type="submit" className="button button-primary sign-in-submit" disabled={isPending}>
        {submitLabel}
      </button>
    </form>
  );
}
