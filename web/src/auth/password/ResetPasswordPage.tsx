import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/errors';
import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { fieldMessage } from '../../shared/Field';
import { TextField } from '../../shared/TextField';
import { useForm } from '../../shared/forms/useForm';
import { useMutationAction } from '../../shared/useMutationAction';
import { resetPassword } from '../api';
import { AuthForm } from '../AuthForm';
import { AuthLayout } from '../AuthLayout';
import { FORGOT_PASSWORD_PATH, SIGN_IN_PATH } from '../paths';
import { useResetLinkQuery } from '../queries';

// The token is not a field the person can fix: its message goes to the alert, with what to do. The
// confirmation is compared here only (the API takes the password once).
const FIELDS = {
  password: 'user.password',
  confirmation: 'user.passwordConfirmation',
  token: 'user.resetPasswordToken',
} as const;
const MISMATCH = 'does not match the new password';

/** The refusal of a link that no longer works, as the check or the reset answered it: 'This link is ...'. */
function linkProblemOf(error: unknown): string | null {
  return error instanceof ApiError ? fieldMessage('This link', error.fields[FIELDS.token]) : null;
}

/**
 * `/users/password/edit?reset_password_token=...`, opened from the emailed link: the link is checked as the page
 * opens (POST /users/password/check, which spends nothing), then a new password, typed twice, is sent with the
 * token (PUT /users/password). A spent or expired link says so at once, instead of the form, and offers to ask for
 * a new one; one that stops working while the form is filled in says so when it is sent.
 */
export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('reset_password_token') ?? '';
  const link = useResetLinkQuery(token);
  const [showPasswords, setShowPasswords] = useState(false);
  const [changed, setChanged] = useState<string | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const spentRef = useRef<HTMLDivElement>(null);
  const spent = linkProblemOf(link.error);
  const reset = useMutationAction(resetPassword);
  const form = useForm({
    initial: { password: '', confirmation: '' },
    fields: FIELDS,
    submit: async ({ password, confirmation }) => {
      if (password !== confirmation) {
        form.refuse('confirmation', MISMATCH);
        return undefined;
      }
      return reset.run(token, password);
    },
    onSuccess: (message) => setChanged(message),
  });
  useEffect(() => {
    if (changed) doneRef.current?.focus();
  }, [changed]);
  useEffect(() => {
    if (spent) spentRef.current?.focus();
  }, [spent]);

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

  if (spent) {
    return (
      <AuthLayout title="Choose a new password">
        <div ref={spentRef} className="sign-in-alert" tabIndex={-1}>
          <ErrorDisplay error={spent} />
          <p>
            <Link className="button button-secondary" to={FORGOT_PASSWORD_PATH}>
              Ask for a new link
            </Link>
          </p>
        </div>
      </AuthLayout>
    );
  }

  if (link.isLoading) {
    return (
      <AuthLayout title="Choose a new password">
        <p role="status">Checking your link…</p>
      </AuthLayout>
    );
  }

  // Only a refusal of the link stops the form: when the check itself failed (the network), the reset will tell.
  const tokenProblem = token ? fieldMessage('This link', form.errors.fields.token) : null;
  return (
    <AuthLayout title="Choose a new password">
      <AuthForm
        form={form}
        submitLabel="Change password"
        disabled={!token}
        alertError={
          token
            ? (tokenProblem ?? form.errors.alert)
            : 'This page needs the link from the password reset email; ask for a new link.'
        }
        alert={
          (tokenProblem || !token) && (
            <p>
              <Link className="button button-secondary" to={FORGOT_PASSWORD_PATH}>
                Ask for a new link
              </Link>
            </p>
          )
        }
      >
        <TextField
          {...form.field('password')}
          label="New password"
          hint="At least 8 characters."
          type={showPasswords ? 'text' : 'password'}
          name="password"
          autoComplete="new-password"
          required
        />
        <TextField
          {...form.field('confirmation')}
          label="Confirm new password"
          type={showPasswords ? 'text' : 'password'}
          name="password_confirmation"
          autoComplete="new-password"
          required
        />
        <label className="check">
          <input
            type="checkbox"
            checked={showPasswords}
            onChange={(event) => setShowPasswords(event.target.checked)}
          />
          Show passwords
        </label>
      </AuthForm>
    </AuthLayout>
  );
}
