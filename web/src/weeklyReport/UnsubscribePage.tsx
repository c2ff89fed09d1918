import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthLayout } from '../auth/AuthLayout';
import { SIGN_IN_PATH } from '../auth/paths';
import { useUnsubscribeWeeklyReportMutation } from '../provider/features/analytics/queries';
import { ErrorDisplay } from '../shared/ErrorDisplay';

const TITLE = 'Stop the weekly report';

/**
 * The address a link's token names (its middle part, base64url), to say whose report stops; null when it cannot be
 * read, and the page then asks without it (the server alone decides whether the token holds).
 */
function addressIn(token: string): string | null {
  const encoded = token.split('.')[1];
  if (!encoded) return null;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(atob(encoded.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0)),
    );
    return text.includes('@') ? text : null;
  } catch {
    return null;
  }
}

/**
 * `/weekly_report/unsubscribe?token=...`, the link at the foot of every weekly analytics report: it asks first and acts
 * on the button only (POST /analytics/weekly_report/unsubscribe), so a mail scanner opening the link stops nothing.
 * No account needed: the link's token says whose report it is.
 */
export default function UnsubscribePage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const address = addressIn(token);
  const unsubscribe = useUnsubscribeWeeklyReportMutation();
  const [done, setDone] = useState(false);
  const doneRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  if (!token) {
    return (
      <AuthLayout title={TITLE}>
        <p>
          This link is missing its code. Open the link at the end of your latest weekly report email again, or
          copy the whole link into the address bar.
        </p>
      </AuthLayout>
    );
  }

  if (done) {
    return (
      <AuthLayout title="Weekly report stopped">
        <div ref={doneRef} tabIndex={-1} className="alert alert-success" role="status">
          <p>
            No more weekly reports will be sent
            {address ? (
              <>
                {' '}
                to <strong>{address}</strong>
              </>
            ) : null}{' '}
            for these tours.
          </p>
        </div>
        <p>
          Changed your mind? If you work in this account, <Link to={SIGN_IN_PATH}>sign in</Link> and tick
          “Email me a weekly report” on the Analytics page. Otherwise ask the account that sent it to turn it
          back on.
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={TITLE}>
      <p>
        Stop the weekly analytics report
        {address ? (
          <>
            {' '}
            sent to <strong>{address}</strong>
          </>
        ) : null}
        ? The tours’ numbers stay on the Analytics page.
      </p>
      <ErrorDisplay error={unsubscribe.error} />
      <button
        type="button"
        className="button button-primary sign-in-submit"
        disabled={unsubscribe.isPending}
        onClick={async () => {
          const outcome = await unsubscribe.run(token);
          if (outcome.ok) setDone(true);
        }}
      >
        {unsubscribe.isPending ? 'Stopping…' : 'Stop the weekly report'}
      </button>
    </AuthLayout>
  );
}
