import { formatDate } from '../../../../shared/format';
import { useRedeemableOffersQuery } from '../queries';
import { offerLabel } from '../rules';
import './credits.css';

/**
 * The offers running now for buying credits that the provider has not received yet (GET offers/redeemable,
 * `credits_purchased`): what each gives, its description and its end date if it has one. Nothing when none runs
 * (or they cannot be read: an offer is a bonus, the page works without it).
 */
export function CreditOffers() {
  const offers = useRedeemableOffersQuery('credits_purchased').data ?? [];
  if (offers.length === 0) return null;

  return (
    <section className="card credit-offers" aria-labelledby="credits-offers">
      <h2 id="credits-offers">{offers.length === 1 ? 'Offer' : 'Offers'}</h2>
      <ul className="credit-offer-list">
        {offers.map((offer) => (
          <li key={offer.id}>
            <p className="credit-offer-name">
              <strong>{offerLabel(offer)}</strong>
            </p>
            {offer.description && <p>{offer.description}</p>}
            {offer.endsAt && <p className="muted">Ends on {formatDate(offer.endsAt)}.</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
