import { useState, type Ref } from 'react';
import { CREDIT_BUNDLES, MAX_CREDITS_PER_PURCHASE } from '@tourly/contracts';
import { TextField } from '../../../../shared/TextField';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../../../shared/useDebouncedValue';
import { useCreditsPriceQuery } from '../queries';
import { creditsLabel, creditsQtyOf } from '../rules';
import { PriceSummary } from './CreditsPriceSummary';
import './credits.css';

const MAX = MAX_CREDITS_PER_PURCHASE.toLocaleString('en');

interface PayAsYouGoProps {
  /** The quantity it starts with (the page's `?credits_qty=`, else 25). */
  initialQuantity: number;
  onBuy(creditsQty: number): void;
  ref?: Ref<HTMLElement>;
}

/**
 * Pay-as-you-go (000 §2): any number of credits, its price as billing works it out (GET calculate_credits_price,
 * asked 300 ms after the typing stops, as the purchase modal does), and "Buy", which opens the credit purchase
 * modal on that quantity.
 */
export function PayAsYouGo({ initialQuantity, onBuy, ref }: PayAsYouGoProps) {
  const [text, setText] = useState(String(initialQuantity));
  const typed = creditsQtyOf(text);
  const creditsQty = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const price = useCreditsPriceQuery(creditsQty);
  const invalid = typed === null;
  // The price shown is the one for the quantity typed now, not one still on its way.
  const shown = !invalid && price.data?.creditsQty === typed ? price.data : null;

  return (
    <section ref={ref} id="pay-as-you-go" className="card" aria-labelledby="credits-pay-as-you-go">
      <h2 id="credits-pay-as-you-go">Pay as you go</h2>
      <p className="muted">
        Any number of credits, up to {MAX} at once. From {CREDIT_BUNDLES[0]!.credits} credits you save too.
      </p>
      <div className="pay-as-you-go">
        <div className="pay-as-you-go-quantity">
          <TextField
            label="Number of credits"
            inputMode="numeric"
            value={text}
            hint={`From 1 to ${MAX}.`}
            messages={invalid ? [`Enter a whole number of credits from 1 to ${MAX}.`] : undefined}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <div className="pay-as-you-go-price">
          <PriceSummary price={shown} error={invalid ? null : price.error} isLoading={!invalid && !shown} />
          <div className="actions">
            <button
              type="button"
              className="button button-primary"
              disabled={invalid}
              aria-label={typed === null ? 'Buy' : `Buy ${creditsLabel(typed)}`}
              onClick={() => typed !== null && onBuy(typed)}
            >
              Buy
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
