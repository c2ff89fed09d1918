import { useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorDisplay } from '../shared/ErrorDisplay';
import { formErrors, useFocusOnFailure } from '../shared/formErrors';
import { PRODUCT_NAME } from '../shared/strings';
import { TextField } from '../shared/TextField';
import { fetchCurrentUser, signIn, type Credentials } from './api';
import { AuthLayout } from './AuthLayout';
import { landingPathOf } from './landing';
import {
  DEFAULT_PATH_AFTER_SIGN_IN,
  FORGOT_PASSWORD_PATH,
  pathAfterSignIn,
  SIGN_UP_PATH,
  withEmail,
} from './paths';
import { useSessionChange } from './useSessionChange';

/**
 * Signs in, then goes back to where the person came from, or else to where their role starts: platform staff
 * in their back office (asked of GET /users/me, which the new session answers), providers on their properties.
 */
async function signInAndContinue(credentials: Credentials, returnTo: string | null): Promise<string> {
  await signIn(credentials);
  const path = pathAfterSignIn(returnTo);
  if (path !== DEFAULT_PATH_AFTER_SIGN_IN) return path;
  // Signed in either way: should /users/me fail, the properties page sends staff on to their area itself.
  return fetchCurrentUser().then(landingPathOf, () => path);
}

/** Field messages go under their inputs (the server names them `user.email` and `user.password`). */
const FIELDS = { email: 'user.email', password: 'user.password' } as const;

export function SignInPage() {
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { run: submit, isPending, error } = useSessionChange(signInAndContinue);
  const errors = formErrors(error, FIELDS);

  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  useFocusOnFailure(
    error,
    errors,
    [
      ['email', emailRef],
      ['password', passwordRef],
    ],
    alertRef,
  );

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submit({ email, password }, searchParams.get('return_to'));
  }

  return (
    <AuthLayout title="Sign in">
      <div ref={alertRef} className="sign-in-alert" tabIndex={-1}>
        <ErrorDisplay error={errors.alert} />
      </div>
      {/* The server's messages go under the fields, so the browser's own checks are turned off. */}
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
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          messages={errors.fields.password}
        />
        <button type="submit" className="button button-primary sign-in-submit" disabled={isPending}>
          Sign in
        </button>
      </form>
      <div className="sign-in-links">
        <p>
          <Link to={withEmail(FORGOT_PASSWORD_PATH, email)}>Forgot your password?</Link>
        </p>
        <p>
          New to {PRODUCT_NAME}? <Link to={SIGN_UP_PATH}>Create an account</Link>
        </p>
      </div>
    </AuthLayout>
  );
}
