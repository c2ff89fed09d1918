import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useForm } from '../../shared/forms/useForm';
import { useMutationAction } from '../../shared/useMutationAction';
import { requestPasswordReset } from '../api';
import { AuthForm, EmailField } from '../AuthForm';
import { AuthLayout } from '../AuthLayout';
import { SIGN_IN_PATH } from '../paths';

/** `/users/password/new`: asks for a reset link by email (POST /users/password), then shows the server's answer. */
export default function ForgotPasswordPage() {
  const [searchParams] = useSearchParams();
  const [sent, setSent] = useState<string | null>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  const request = useMutationAction(requestPasswordReset);
  const form = useForm({
    initial: { email: searchParams.get('email') ?? '' },
    fields: { email: 'user.email' },
    submit: ({ email }) => request.run(email),
    onSuccess: (message) => setSent(message),
  });
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

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
      <AuthForm form={form} submitLabel="Send reset link">
        <EmailField {...form.field('email')} />
      </AuthForm>
      <div className="sign-in-links">
        <p>
          Remembered it? <Link to={SIGN_IN_PATH}>Sign in</Link>
        </p>
      </div>
    </AuthLayout>
  );
}
