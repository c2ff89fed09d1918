import { Link } from 'react-router';
import { useContactConfirmationsQuery } from '../auth/contactConfirmation/queries';
import { CONTACT_CONFIRMATION_PATH } from '../auth/paths';

/**
 * A reminder above the provider pages while the account's email address is not confirmed
 * (GET /contact_confirmations), leading to the page where the emailed code is entered. Quiet when the check
 * fails: it is a reminder, not the page.
 */
export function EmailConfirmationNotice() {
  const { data } = useContactConfirmationsQuery();
  const email = data?.find((confirmation) => confirmation.type === 'email');
  if (!email || email.status === 'confirmed') return null;
  return (
    <section className="notice-bar" aria-label="Email confirmation">
      <div className="notice-bar-inner">
        <p>
          Please confirm your email address, <strong>{email.destination}</strong>, with the code we emailed
          you.
        </p>
        <Link to={CONTACT_CONFIRMATION_PATH}>Enter the code</Link>
      </div>
    </section>
  );
}
