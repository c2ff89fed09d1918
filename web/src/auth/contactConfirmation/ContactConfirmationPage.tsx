import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { useForm } from '../../shared/forms/useForm';
import { formatTime } from '../../shared/format';
import { Loading } from '../../shared/Loading';
import { AuthLayout } from '../AuthLayout';
import { EmailedCodeForm } from '../EmailedCodeForm';
import { DEFAULT_PATH_AFTER_SIGN_IN } from '../paths';
import { SignedInOnly } from '../SignedInOnly';
import type { ContactConfirmation } from './api';
import { useConfirmContactMutation, useContactConfirmationsQuery, useResendCodeMutation } from './queries';

/**
 * `/contact_confirmations`: the 6-digit code emailed to the account's address (POST /contact_confirmations),
 * with how long it works and how many tries are left, and a new code on request (POST .../resend). Reached at
 * the end of sign-up and from the provider pages' reminder while the address is unconfirmed.
 */
export default function ContactConfirmationPage() {
  return <SignedInOnly>{() => <EmailConfirmation />}</SignedInOnly>;
}

function EmailConfirmation() {
  const confirmations = useContactConfirmationsQuery();
  const email = confirmations.data?.find((confirmation) => confirmation.type === 'email');

  if (confirmations.error && !confirmations.data) {
    return (
      <AuthLayout title="Confirm your email address">
        <ErrorDisplay error={confirmations.error} />
      </AuthLayout>
    );
  }
  if (!confirmations.data) return <Loading />;
  if (!email) {
    return (
      <AuthLayout title="Confirm your email address">
        <p>There is no email address to confirm on this account.</p>
        <Link to={DEFAULT_PATH_AFTER_SIGN_IN}>Continue to your properties</Link>
      </AuthLayout>
    );
  }
  if (email.status === 'confirmed') return <Confirmed destination={email.destination} />;
  return <CodeForm confirmation={email} />;
}

function Confirmed({ destination }: { destination: string }) {
  const continueRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => continueRef.current?.focus(), []);
  return (
    <AuthLayout title="Email address confirmed">
      <div className="alert alert-success" role="status">
        <p>
          Your email address, <strong>{destination}</strong>, is confirmed.
        </p>
      </div>
      <Link
        ref={continueRef}
        className="button button-primary sign-in-submit"
        to={DEFAULT_PATH_AFTER_SIGN_IN}
      >
        Continue to your properties
      </Link>
    </AuthLayout>
  );
}

/** The code and a new one: each answer (and each refusal, which spends an attempt) updates the confirmation. */
function CodeForm({ confirmation }: { confirmation: ContactConfirmation }) {
  const [resent, setResent] = useState(false);
  const confirm = useConfirmContactMutation();
  const resend = useResendCodeMutation();
  const form = useForm({
    initial: { code: '' },
    fields: { code: 'code' },
    submit: ({ code }) => {
      setResent(false);
      return confirm.run(code);
    },
  });

  async function handleResend() {
    form.clearFailure();
    setResent(false);
    const outcome = await resend.run();
    if (outcome.ok) {
      form.set('code', '');
      setResent(true);
      form.focus('code');
    }
  }

  const { destination, status, codeExpiresAt, attemptsLeft } = confirmation;
  return (
    <AuthLayout title="Confirm your email address">
      {status === 'pending' && codeExpiresAt ? (
        <p>
          We emailed a 6-digit code to <strong>{destination}</strong>. It works until{' '}
          {formatTime(codeExpiresAt)}
          {attemptsLeft !== null && (
            <>
              {' '}
              and you have {attemptsLeft} {attemptsLeft === 1 ? 'attempt' : 'attempts'} left
            </>
          )}
          .
        </p>
      ) : (
        <p>
          The last code sent to <strong>{destination}</strong> has expired or was used up. Send a new code,
          then enter it here.
        </p>
      )}
      <EmailedCodeForm
        form={form}
        submitLabel="Confirm email"
        notice={
          resent && (
            <div className="alert alert-success" role="status">
              <p>A new code is on its way to {destination}. The previous one no longer works.</p>
            </div>
          )
        }
      />
      <div className="sign-in-links">
        <p>No email? Check your spam folder, or:</p>
        <div className="actions">
          <button
            type="button"
            className="button button-secondary"
            disabled={resend.isPending}
            onClick={handleResend}
          >
            Send a new code
          </button>
        </div>
        <ErrorDisplay error={resend.error} />
        <p>
          <Link to={DEFAULT_PATH_AFTER_SIGN_IN}>Confirm later</Link>
        </p>
      </div>
    </AuthLayout>
  );
}
