import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAction } from '../../shared/useAction';
import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { formErrors, useFocusOnFailure } from '../../shared/formErrors';
import { TextField } from '../../shared/TextField';
import { requestPasswordReset } from '../api';
import { AuthLayout } from '../AuthLayout';
import { SIGN_IN_PATH } from '../paths';

/** `/users/password/new`: asks for a reset link by email (POST /users/password), then shows the server's answer. */
export default function ForgotPasswordPage() {
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState(searchParams.get('email') ?? '');
  const [sent, setSent] = useState<string | null>(null);
  const { run, isPending, error } = useAction(requestPasswordReset);
  const errors = formErrors(error, { email: 'user.email' });

  const emailRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  useFocusOnFailure(error, errors, [['email', emailRef]], alertRef);
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const outcome = await run(email);
    if (outcome.ok) setSent(outcome.value);
  }

  if (sent) {
    return (
      <AuthLayout title="Check your email">
        <div ref={sentRef} className="alert alert-success" role="status" tabIndex={-1}>
          <p>{sent}</p>
        </div>
        <p>
          Open the link in that email to choose a new password. Nothing after a few minutes? Check your spam
          folder, or send another link.
        </p>
        <div className="actions">
          <Link className="button button-primary" to={SIGN_IN_PATH}>
            Back to sign in
          </Link>
          <button type="button" className="button button-secondary" onClick={() => setSent(null)}>
            Send another link
          </button>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Reset your password">
      <p>Enter the email address of your account and we will email you a link to choose a new password.</p>
      <div ref={alertRef} className="sign-in-alert" tabIndex={-1}>
        <ErrorDisplay error={errors.alert} />
      </div>
      <form noValidate onSubmit={handleSubmit}>
        <TextField
          ref={emailRef}
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          messages={errors.fields.email}
        />
        <button type="submit" className="button button-primary sign-in-submit" disabled={isPending}>
          Send reset link
        </button>
      </form>
      <div className="sign-in-links">
        <p>
          Remembered it? <Link to={SIGN_IN_PATH}>Sign in</Link>
        </p>
      </div>
    </AuthLayout>
  );
}
