import { ErrorDisplay } from '../../../../shared/ErrorDisplay';
import { PRODUCT_NAME } from '../../../../shared/strings';
import { CopyField } from '../../tours/sharing';
import { useReferralLinkQuery } from '../queries';

/**
 * The provider's referral link (GET /provider/settings/referral): whoever signs up through it is recorded as
 * referred by this business, and how many have.
 */
export function ReferralSection() {
  const referral = useReferralLinkQuery();
  const link = referral.data;
  return (
    <section className="card" aria-labelledby="settings-referral">
      <h2 id="settings-referral">Refer a business</h2>
      <ErrorDisplay error={referral.error} />
      {!link && !referral.error && (
        <p className="muted" role="status">
          Loading…
        </p>
      )}
      {link && (
        <>
          <CopyField
            label="Your referral link"
            value={link.url}
            hint={`Share it with other agencies and photographers: whoever signs up to ${PRODUCT_NAME} through it is recorded as referred by you.`}
          />
          <p className="muted">
            {link.referred === 0
              ? 'Nobody has signed up through your link yet.'
              : link.referred === 1
                ? 'One person has signed up through your link.'
                : `${link.referred} people have signed up through your link.`}
          </p>
        </>
      )}
    </section>
  );
}
