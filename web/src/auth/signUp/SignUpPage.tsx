import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { formErrors, useFocusOnFailure } from '../../shared/formErrors';
import { PRODUCT_NAME } from '../../shared/strings';
import { TextField } from '../../shared/TextField';
import { useAction } from '../../shared/useAction';
import { confirmSignUp, signUp } from '../api';
import { AuthLayout } from '../AuthLayout';
import { EmailedCodeForm } from '../EmailedCodeForm';
import { FINALIZE_PATH, SIGN_IN_PATH, SIGN_UP_STEPS } from '../paths';
import { useSessionChange } from '../useSessionChange';
import { Captcha } from './Captcha';
import { readCaptchaSettings } from './captcha';

const FIELDS = { email: 'user.email', password: 'user.password', captcha: 'captchaResponse' } as const;
const TICK_THE_BOX = 'Please confirm you are not a robot.';

async function confirmAndContinue(email: string, code: string): Promise<string> {
  await confirmSignUp(email, code);
  return FINALIZE_PATH;
}

/**
 * `/users/sign_up`: email, password and the captcha (POST /sign_up), then the 6-digit code the server emailed
 * (POST /sign_up/confirm). The server answers the first step the same whether or not the email has an account
 * (its owner gets a note instead of a code); the code signs the person in, so the next step loads as a new
 * page carrying the new session's CSRF token.
 */
export default function SignUpPage() {
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);
  if (sent) return <CodeStep {...sent} onStartAgain={() => setSent(null)} />;
  return <AccountStep onSent={setSent} />;
}

function AccountStep({ onSent }: { onSent(sent: { email: string; message: string }): void }) {
  const captcha = useMemo(readCaptchaSettings, []);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  const [captchaReset, setCaptchaReset] = useState(0);
  const [untickedError, setUntickedError] = useState(false);
  const { run: ask, isPending, error } = useAction(signUp);
  const errors = formErrors(error, FIELDS);
  const captchaMessages = untickedError ? [TICK_THE_BOX] : errors.fields.captcha;

  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const captchaRef = useRef<HTMLParagraphElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  useFocusOnFailure(
    error,
    errors,
    [
      ['email', emailRef],
      ['password', passwordRef],
      ['captcha', captchaRef],
    ],
    alertRef,
  );
  // A token is checked once: after any failed attempt the box must be ticked again.
  useEffect(() => {
    if (error !== null) setCaptchaReset((value) => value + 1);
  }, [error]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!token) {
      setUntickedError(true);
      // The message renders with this state; focus it once it is there.
      setTimeout(() => captchaRef.current?.focus());
      return;
    }
    setUntickedError(false);
    void ask({ email, password }, token).then((outcome) => {
      if (outcome.ok) onSent({ email: email.trim(), message: outcome.value });
    });
  }

  return (
    <AuthLayout title="Create your account" step={{ current: 1, total: SIGN_UP_STEPS }}>
      <p>Start with your email address and a password. Next come your name and your business.</p>
      <div ref={alertRef} className="sign-in-alert" tabIndex={-1}>
        <ErrorDisplay error={errors.alert} />
        {!captcha && (
          <ErrorDisplay
            error={`Sign-up is not available right now: the captcha of ${PRODUCT_NAME} is not set up. Please try again later.`}
          />
        )}
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
        <TextField
          ref={passwordRef}
          label="Password"
          hint="At least 8 characters, and not easy to guess: a few unrelated words work well."
          type={showPassword ? 'text' : 'password'}
          name="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          messages={errors.fields.password}
        />
        <label className="check">
          <input
            type="checkbox"
            checked={showPassword}
            onChange={(event) => setShowPassword(event.target.checked)}
          />
          Show password
        </label>
        {captcha && (
          <Captcha
            settings={captcha}
            resetKey={captchaReset}
            onToken={(value) => {
              setToken(value);
              if (value) setUntickedError(false);
            }}
            messages={captchaMessages}
            messagesRef={captchaRef}
          />
        )}
        <button
          type="submit"
          className="button button-primary sign-in-submit"
          disabled={isPending || !captcha}
        >
          Create account
        </button>
      </form>
      <div className="sign-in-links">
        <p>
          Already have an account? <Link to={SIGN_IN_PATH}>Sign in</Link>
        </p>
      </div>
    </AuthLayout>
  );
}

function CodeStep({
  email,
  message,
  onStartAgain,
}: {
  email: string;
  message: string;
  onStartAgain(): void;
}) {
  const [code, setCode] = useState('');
  const { run: submit, isPending, error } = useSessionChange(confirmAndContinue);
  const errors = formErrors(error, { code: 'user.code' });
  const codeRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  useFocusOnFailure(error, errors, [['code', codeRef]], alertRef);
  useEffect(() => codeRef.current?.focus(), []);

  return (
    <AuthLayout title="Check your email" step={{ current: 1, total: SIGN_UP_STEPS }}>
      <div className="alert alert-success" role="status">
        <p>{message}</p>
      </div>
      <div ref={alertRef} className="sign-in-alert" tabIndex={-1}>
        <ErrorDisplay error={errors.alert} />
      </div>
      <EmailedCodeForm
        codeRef={codeRef}
        code={code}
        onCodeChange={setCode}
        messages={errors.fields.code}
        submitLabel="Continue"
        isPending={isPending}
        onSubmit={() => submit(email, code)}
      />
      <div className="sign-in-links">
        <p>
          No email? Check your spam folder. If this address already has an account, the email says how to sign
          in instead.
        </p>
        <div className="actions">
          <button type="button" className="button button-secondary" onClick={onStartAgain}>
            Start again
          </button>
        </div>
        <p>
          Already have an account? <Link to={SIGN_IN_PATH}>Sign in</Link>
        </p>
      </div>
    </AuthLayout>
  );
}
