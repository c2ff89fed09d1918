import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../api/errors';
import { ErrorDisplay } from '../shared/ErrorDisplay';
import { PRODUCT_NAME } from '../shared/strings';
import { TextField } from '../shared/TextField';
import { signIn, type Credentials } from './api';
import { pathAfterSignIn } from './paths';
import { useSessionChange } from './useSessionChange';
import './signIn.css';

interface SignInErrors {
  /** What the alert above the form shows: messages about the request as a whole, or why it failed. */
  alert: unknown;
  email?: string[];
  password?: string[];
}

async function signInAndContinue(credentials: Credentials, returnTo: string | null): Promise<string> {
  await signIn(credentials);
  return pathAfterSignIn(returnTo);
}

/**
 * Field messages go under their inputs (the server names them `user.email` and `user.password`); the alert
 * shows the rest.
 */
function signInErrors(error: unknown): SignInErrors {
  if (!(error instanceof ApiError)) return { alert: error };
  const { base, 'user.email': email, 'user.password': password } = error.fields;
  if (email || password) return { alert: base ?? null, email, password };
  // Base messages only, or an answer without fields (no network, an unexpected shape): all of it goes on top.
  return { alert: error };
}

export function SignInPage() {
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { run: submit, isPending, error } = useSessionChange(signInAndContinue);
  const errors = signInErrors(error);

  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  // After a failed attempt, focus goes where the person has to act: the first invalid field, else the alert.
  useEffect(() => {
    if (error === null) return;
    const failed = signInErrors(error);
    const target = failed.email ? emailRef : failed.password ? passwordRef : alertRef;
    target.current?.focus();
  }, [error]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submit({ email, password }, searchParams.get('return_to'));
  }

  return (
    <div className="sign-in">
      <title>{`Sign in · ${PRODUCT_NAME}`}</title>
      <header className="sign-in-brand">{PRODUCT_NAME}</header>
      <main className="sign-in-card">
        <h1>Sign in</h1>
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
            messages={errors.email}
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
            messages={errors.password}
          />
          <button type="submit" className="button button-primary sign-in-submit" disabled={isPending}>
            Sign in
          </button>
        </form>
      </main>
    </div>
  );
}
