import type { ReactNode } from 'react';
import { ErrorDisplay } from '../shared/ErrorDisplay';
import { Loading } from '../shared/Loading';
import type { CurrentUser } from './api';
import { useRequireSignIn } from './useRequireSignIn';

/**
 * For pages outside the provider shell that need a signed-in person (the sign-up steps after the first, the
 * email confirmation): the page renders once GET /users/me answered; signed out, the browser goes to sign in
 * and comes back.
 */
export function SignedInOnly({ children }: { children: (user: CurrentUser) => ReactNode }) {
  const session = useRequireSignIn();
  switch (session.status) {
    case 'checking':
      return <Loading />;
    case 'failed':
      return (
        <div className="page">
          <ErrorDisplay error={session.error} />
        </div>
      );
    case 'signed-in':
      return children(session.user);
  }
}
