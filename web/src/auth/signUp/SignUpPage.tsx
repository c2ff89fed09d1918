import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { useForm } from '../../shared/forms/useForm';
import { PRODUCT_NAME } from '../../shared/strings';
import { TextField } from '../../shared/TextField';
import { useMutationAction } from '../../shared/useMutationAction';
import { confirmSignUp, signUp } from '../api';
import { AuthForm, EmailField } from '../AuthForm';
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
  const [showPassword, setShowPassword] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  const [captchaReset, setCaptchaReset] = useState(0);
  const [untickedError, setUntickedError] = useState(false);
  const captchaRef = useRef<HTMLParagraphElement>(null);
  // A provider's referral link (`?referral_code=`): the sign-up is recorded as referred by that provider.
  const [searchParams] = useSearchParams();
  const referralCode = searchParams.get('referral_code');
  const ask = useMutationAction(signUp);
  const form = useForm({
    initial: { email: '', password: '' },
    fields: FIELDS,
    submit: async (user) => {
      if (!token) {
        setUntickedError(true);
        // The message renders with this state; focus it once it is there.
        setTimeout(() => captchaRef.current?.focus());
        return undefined;
      }
      setUntickedError(false);
      return ask.run(user, token, referralCode);
    },
    onSuccess: (message, user) => onSent({ email: user.email.trim(), message }),
  });
  const captchaMessages = untickedError ? [TICK_THE_BOX] : form.errors.fields.captcha;
  // A token is checked once: after any failed attempt the box must be ticked again.
  useEffect(() => {
    if (form.failure !== null) setCaptchaReset((value) => value + 1);
  }, [form.failure]);

  return (
    <AuthLayout title="Create your account" step={{ current: 1, total: SIGN_UP_STEPS }}>
      <p>Start with your email address and a password. Next come your name and your business.</p>
      <AuthForm
        form={form}
        submitLabel="Create account"
        disabled={!captcha}
        alert={
          !captcha && (
            <ErrorDisplay
              error={`Sign-up is not available right now: the captcha of ${PRODUCT_NAME} is not set up. Please try again later.`}
            />
          )
        }
      >
        <EmailField {...form.field('email')} />
        <TextField
          {...form.field('password')}
          label="Password"
          hint="At least 8 characters, and not easy to guess: a few unrelated words work well."
          type={showPassword ? 'text' : 'password'}
          name="password"
          autoComplete="new-password"
          required
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
            messagesRef={(element) => {
              captchaRef.current = element;
              form.ref('captcha')(element);
            }}
          />
        )}
      </AuthForm>
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
  const session = useSessionChange(confirmAndContinue);
  const form = useForm({
    initial: { code: '' },
    fields: { code: 'user.code' },
    submit: ({ code }) => session.run(email, code),
  });
  const { focus } = form;
  useEffect(() => focus('code'), [focus]);

  return (
    <AuthLayout title="Check your email" step={{ current: 1, total: SIGN_UP_STEPS }}>
      <div className="alert alert-success" role="status">
        <p>{message}</p>
      </div>
      <EmailedCodeForm form={form} submitLabel="Continue" disabled={session.isPending} />
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
