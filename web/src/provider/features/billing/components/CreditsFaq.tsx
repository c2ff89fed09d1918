import type { Currency } from '@tourly/contracts';
import { formatMoney } from '../../../../shared/format';
import { bundleSavingsSentence, currencyName } from '../rules';
import './credits.css';

interface CreditsFaqProps {
  /** The billing account's currency, which credits are priced and charged in (undefined: not read yet). */
  currency: Currency | undefined;
  /** One credit's price in it, once known. */
  unitPriceInCents?: number;
}

/**
 * The credits page's questions and answers (000 §2 "FAQ"), each a native disclosure (`<details>`, opened with
 * Enter or Space): only what is true of the platform today (billing's README: Credits, Vouchers, Refunds).
 */
export function CreditsFaq({ currency, unitPriceInCents }: CreditsFaqProps) {
  return (
    <section className="card credits-faq" aria-labelledby="credits-faq">
      <h2 id="credits-faq">Questions and answers</h2>
      <details>
        <summary>Do credits expire?</summary>
        <p>No. Credits never expire: use them whenever you need them.</p>
      </details>
      <details>
        <summary>What do credits pay for?</summary>
        <p>Floor plans, photo retouching (charged per photo) and the workshop assistant.</p>
      </details>
      <details>
        <summary>How do bundles save?</summary>
        <p>
          {bundleSavingsSentence()} The saving goes by the number of credits you buy at once, so it applies
          whether you choose a bundle or type the number yourself.
        </p>
      </details>
      <details>
        <summary>Which currency am I charged in?</summary>
        <p>{currencyAnswer(currency, unitPriceInCents)}</p>
      </details>
      <details>
        <summary>What does &quot;reserved&quot; mean?</summary>
        <p>
          Credits held for an order in progress. They are not available to spend meanwhile, and are given back
          if the order is cancelled.
        </p>
      </details>
      <details>
        <summary>How do vouchers work?</summary>
        <p>
          Enter a voucher&apos;s code under Voucher. Depending on the voucher, it adds credits at once, or
          takes a percentage off your next credits purchase. Each voucher can be redeemed once per account,
          and one discount waits at a time.
        </p>
      </details>
      <details>
        <summary>What happens if a purchase is refunded?</summary>
        <p>
          A refunded purchase takes back the credits it bought. Credits already spent stay spent: only those
          still available are taken back.
        </p>
      </details>
    </section>
  );
}

function currencyAnswer(currency: Currency | undefined, unitPriceInCents: number | undefined): string {
  const where = 'It is set in your billing information on Accounts and billing.';
  if (!currency) return `Your billing account's currency. ${where}`;
  const price =
    unitPriceInCents === undefined
      ? ''
      : `, ${formatMoney(unitPriceInCents, currency)} a credit before savings`;
  return `Your billing account's: ${currencyName(currency)}${price}. ${where}`;
}
