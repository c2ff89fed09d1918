import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAction } from '../../shared/useAction';
import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { fieldMessage } from '../../shared/Field';
import { TextField } from '../../shared/TextField';
import { formErrors, useFocusOnFailure } from '../../shared/formErrors';
import { resetPassword } from '../api';
import { AuthLayout } from '../AuthLayout';
import { FORGOT_PASSWORD_PATH, SIGN_IN_PATH } from '../paths';

const FIELDS = { token: 'user.resetPasswordToken', password: 'user.password' } as const;
const MISMATCH = 'does not match the new password';

/**
 * `/users/password/edit?reset_password_token=...`, opened from the emailed link: a new password, typed twice,
 * sent with the token (PUT /users/password). A spent or expired link offers to ask for a new one.
 */
export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('reset_password_token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [showPasswords, setShowPasswords] = useState(false);
  const [mismatch, setMismatch] = useState(false);
  const [changed, setChanged] = useState<string | null>(null);
  const { run, isPending, error } = useAction(resetPassword);
  const errors = formErrors(error, FIELDS);

  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmationRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  // The token is not a field the person can fix: its message goes to the alert, with what to do.
  useFocusOnFailure(error, errors, [['password', passwordRef]], alertRef);
  useEffect(() => {
    if (changed) doneRef.current?.focus();
  }, [changed]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password !== confirmation) {
      setMismatch(true);
      confirmationRef.current?.focus();
      return;
    }
    setMismatch(false);
    const outcome = await run(token, password);
    if (outcome.ok) setChanged(outcome.value);
  }

  if (changed) {
    return (
      <AuthLayout title="Password changed">
        <div ref={doneRef} className="alert alert-success" role="status" tabIndex={-1}>
          <p>{changed}</p>
        </div>
        <Link className="button button-primary sign-in-submit" to={SIGN_IN_PATH}>
          Sign in
        </Link>
      </AuthLayout>
    );
  }

  const tokenProblem = token ? fieldMessage('This link', errors.fields.token) : null;
  return (
    <AuthLayout title="Choose a new password">
      <div ref={alertRef} className="sign-in-alert" tabIndex={-1}>
        {token ? (
          <ErrorDisplay error={tokenProblem ?? errors.alert} />
        ) : (
          <ErrorDisplay error="This page needs the link from the password reset email; ask for a new link." />
        )}
        {(tokenProblem || !token) && (
          <p>
            <Link className="button button-secondary" to={FORGOT_PASSWORD_PATH}>
              Ask for a new link
            </Link>
          </p>
        )}
      </div>
      <form noValidate onSubmit={handleSubmit}>
        <TextField
          ref={passwordRef}
          label="New password"
          hint="At least 8 characters."
          type={showPasswords ? 'text' : 'password'}
          name="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          messages={errors.fields.password}
        />
        <TextField
          ref={confirmationRef}
          label="Confirm new password"
          type={showPasswords ? 'text' : 'password'}
          name="password_confirmation"
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          messages={mismatch ? [MISMATCH] : undefined}
        />
        <label className="check">
          <input
            type="checkbox"
            checked={showPasswords}
            onChange={(event) => setShowPasswords(event.target.checked)}
          />
          Show passwords
        </label>
        <button type="submit" className="button button-primary sign-in-submit" disabled={isPending || !token}>
          Change password
        </button>
      </form>
    </AuthLayout>
  );
}
