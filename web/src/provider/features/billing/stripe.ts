// The pure entry point: the plain one would inject js.stripe.com's script into every page that bundles it.
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';
import { readMeta } from '../../../api/meta';

/** Why Stripe.js cannot be used on this page: its message is meant for the person. */
export class StripeSetupError extends Error {
  override readonly name = 'StripeSetupError';
}

export const NO_PUBLISHABLE_KEY =
  'Card payments are not set up on this site (the page has no Stripe publishable key). Please contact support.';
export const STRIPE_DID_NOT_LOAD =
  'The card form could not be loaded. Check your connection, then reload the page.';

export interface StripeSettings {
  publishableKey: string;
  scriptUrl: string;
}

/**
 * The gateway writes Stripe's publishable key and the Stripe.js address into the page (its `STRIPE_*`
 * settings). A page without the key cannot take cards: that raises an error (000 §8).
 */
export function readStripeSettings(): StripeSettings {
  const publishableKey = readMeta('stripe-publishable-key');
  if (!publishableKey) throw new StripeSetupError(NO_PUBLISHABLE_KEY);
  return { publishableKey, scriptUrl: readMeta('stripe-js-url') ?? 'https://js.stripe.com/v3' };
}

let loading: Promise<Stripe> | null = null;

/**
 * Stripe.js, once per page, loaded only where cards are entered or confirmed. The script comes from the address
 * in the page (Stripe's, or the emulators' stand-in offline); `loadStripe` then finds `window.Stripe` and uses
 * it rather than injecting js.stripe.com itself. A failure is forgotten, so that trying again loads anew.
 */
export function loadStripeJs(): Promise<Stripe> {
  loading ??= (async () => {
    const { publishableKey, scriptUrl } = readStripeSettings();
    if (!('Stripe' in window)) await injectScript(scriptUrl);
    const stripe = await loadStripe(publishableKey);
    if (!stripe) throw new StripeSetupError(STRIPE_DID_NOT_LOAD);
    return stripe;
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

function injectScript(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      reject(new StripeSetupError(STRIPE_DID_NOT_LOAD));
    };
    document.head.append(script);
  });
}

/** What to tell the person when Stripe.js is not available: its own words when meant for them. */
export function stripeFailureMessage(error: unknown): string {
  return error instanceof StripeSetupError ? error.message : STRIPE_DID_NOT_LOAD;
}
