import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorDisplay } from '../../shared/ErrorDisplay';
import { APP_KEY } from '../../shared/queryClient';
import { TextField } from '../../shared/TextField';
import { useForm } from '../../shared/forms/useForm';
import { AuthForm } from '../AuthForm';
import { AuthLayout } from '../AuthLayout';
import { FORGOT_PASSWORD_PATH, SIGN_IN_PATH } from '../paths';
import { useCurrentUserQuery } from '../queries';
import { useSessionChange } from '../useSessionChange';
import { acceptInvitation, checkInvitation, signUpByInvitation, type InvitationLink } from './api';

const ROLE_WORDS: Record<InvitationLink['role'], string> = {
  admin: 'an admin',
  scan_technician: 'a scan technician',
  member: 'a member',
  client_user: 'a client',
};

const TITLE = 'Join the team';

/**
 * `/users/invitation/accept?invitation_token=...`, opened from the emailed invitation: the link is checked as the
 * page opens (a used, revoked or expired one says so, and what to do next), then the person signs in with the
 * invited email's password, or creates the account (names and a password) when the email has none. Either way the
 * next page is the provider's workspace, in the role the admin chose.
 */
export default function AcceptInvitationPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('invitation_token') ?? '';
  const link = useQuery({
    queryKey: [APP_KEY, 'users', 'invitation', token],
    queryFn: ({ signal }) => checkInvitation(token, signal),
    enabled: token !== '',
    retry: false,
  });

  if (!token) {
    return (
      <AuthLayout title={TITLE}>
        <ErrorDisplay error="This page needs the link from the invitation email. Ask the admin who invited you to send a new invitation." />
      </AuthLayout>
    );
  }
  if (link.error) {
    return (
      <AuthLayout title={TITLE}>
        <div className="sign-in-alert">
          <ErrorDisplay error={link.error} />
          <p>
            <Link className="button button-secondary" to={SIGN_IN_PATH}>
              Go to sign in
            </Link>
          </p>
        </div>
      </AuthLayout>
    );
  }
  if (!link.data) {
    return (
      <AuthLayout title={TITLE}>
        <p role="status">Checking your invitation…</p>
      </AuthLayout>
    );
  }
  return <Accept token={token} invitation={link.data} />;
}

function Accept({ token, invitation }: { token: string; invitation: InvitationLink }) {
  const inviter = invitation.invitedBy || `An admin of ${invitation.provider.name}`;
  return (
    <AuthLayout title={`Join ${invitation.provider.name}`}>
      {invitation.role === 'client_user' ? (
        <p>
          {inviter} invited <strong>{invitation.email}</strong> to the client portal of{' '}
          {invitation.provider.name}: your properties’ tours, websites, floor plans and documents.
        </p>
      ) : (
        <p>
          {inviter} invited <strong>{invitation.email}</strong> to join {invitation.provider.name} as{' '}
          {ROLE_WORDS[invitation.role]}.
        </p>
      )}
      {invitation.hasAccount ? (
        <SignInToAccept token={token} email={invitation.email} />
      ) : (
        <SignUpToAccept token={token} email={invitation.email} />
      )}
    </AuthLayout>
  );
}

function SignInToAccept({ token, email }: { token: string; email: string }) {
  const session = useSessionChange(acceptInvitation);
  // Signed in as the invited account already (not an administrator acting as it): joining needs no password.
  const me = useCurrentUserQuery().data;
  const signedInAsInvitee = me?.email.toLowerCase() === email && me.impersonatorId === null;
  const form = useForm({
    initial: { password: '' },
    fields: { password: 'invitation.password' },
    submit: ({ password }) => session.run(token, password),
  });
  if (signedInAsInvitee) {
    return (
      <AuthForm form={{ ...form, isPending: form.isPending || session.isPending }} submitLabel="Join">
        <p className="muted">You are signed in as {email}.</p>
      </AuthForm>
    );
  }
  return (
    <AuthForm
      form={{ ...form, isPending: form.isPending || session.isPending }}
      submitLabel="Sign in and join"
    >
      <p className="muted">Sign in with the password of {email} to accept.</p>
      <TextField
        {...form.field('password')}
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
      />
      <p>
        <Link to={FORGOT_PASSWORD_PATH}>Forgotten your password?</Link>
      </p>
    </AuthForm>
  );
}

function SignUpToAccept({ token, email }: { token: string; email: string }) {
  const [showPassword, setShowPassword] = useState(false);
  const session = useSessionChange((account: { firstName: string; lastName: string; password: string }) =>
    signUpByInvitation(token, account),
  );
  const form = useForm({
    initial: { firstName: '', lastName: '', password: '' },
    fields: {
      firstName: 'invitation.firstName',
      lastName: 'invitation.lastName',
      password: 'invitation.password',
    },
    submit: (account) => session.run(account),
  });
  return (
    <AuthForm
      form={{ ...form, isPending: form.isPending || session.isPending }}
      submitLabel="Create account and join"
    >
      <p className="muted">Create your account for {email} to accept.</p>
      <TextField
        {...form.field('firstName')}
        label="First name"
        name="first_name"
        autoComplete="given-name"
        required
      />
      <TextField
        {...form.field('lastName')}
        label="Last name"
        name="last_name"
        autoComplete="family-name"
        required
      />
      <TextField
        {...form.field('password')}
        label="Password"
        hint="At least 8 characters, not easy to guess."
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
    </AuthForm>
  );
}
