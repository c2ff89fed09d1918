import { Link, useSearchParams } from 'react-router';
import { useForm } from '../shared/forms/useForm';
import { PRODUCT_NAME } from '../shared/strings';
import { TextField } from '../shared/TextField';
import { fetchCurrentUser, signIn, type Credentials } from './api';
import { AuthForm, EmailField } from './AuthForm';
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
  const session = useSessionChange(signInAndContinue);
  const form = useForm({
    initial: { email: '', password: '' },
    fields: FIELDS,
    submit: (credentials) => session.run(credentials, searchParams.get('return_to')),
  });

  return (
    <AuthLayout title="Sign in">
      <AuthForm form={form} submitLabel="Sign in" disabled={session.isPending}>
        <EmailField {...form.field('email')} />
        <TextField
          {...form.field('password')}
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
        />
      </AuthForm>
      <div className="sign-in-links">
        <p>
          <Link to={withEmail(FORGOT_PASSWORD_PATH, form.values.email)}>Forgot your password?</Link>
        </p>
        <p>
          New to {PRODUCT_NAME}? <Link to={SIGN_UP_PATH}>Create an account</Link>
        </p>
      </div>
    </AuthLayout>
  );
}
