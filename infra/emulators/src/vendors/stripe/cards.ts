/**
 * Stripe's test cards: the PaymentMethod tokens (`pm_card_visa`), the matching `tok_…` tokens and card
 * numbers (what the Stripe.js stand-in sends), each with the behaviour Stripe gives it in test mode.
 */
export type CardBehavior =
  /** Every payment and setup succeeds. */
  | 'succeeds'
  /** 3-D Secure on every payment and setup, on or off session (4000002760003184). */
  | 'always_authenticate'
  /** 3-D Secure on setup and on-session payments; off-session payments succeed once set up (…3155). */
  | 'authenticate_unless_set_up'
  /** Attaches and sets up, but every charge is declined (4000000000000341). */
  | 'charge_fails'
  /** Declined on attach, setup and charge (4000000000000002). */
  | 'declined'
  /** Declined with insufficient_funds on attach, setup and charge (4000000000009995). */
  | 'insufficient_funds';

export interface TestCard {
  number: string;
  brand: 'visa' | 'mastercard' | 'amex';
  funding: 'credit' | 'debit';
  country: string;
  behavior: CardBehavior;
}

const card = (number: string, behavior: CardBehavior = 'succeeds'): TestCard => ({
  number,
  brand: number.startsWith('5') ? 'mastercard' : number.startsWith('3') ? 'amex' : 'visa',
  funding: 'credit',
  country: 'US',
  behavior,
});

/** Test PaymentMethod ids, by the name after `pm_card_` (and `tok_`). */
const TOKENS: Record<string, TestCard> = {
  visa: card('4242424242424242'),
  visa_debit: { ...card('4000056655665556'), funding: 'debit' },
  mastercard: card('5555555555554444'),
  amex: card('378282246310005'),
  authenticationRequired: card('4000002760003184', 'always_authenticate'),
  threeDSecure2Required: card('4000000000003220', 'always_authenticate'),
  authenticationRequiredOnSetup: card('4000002500003155', 'authenticate_unless_set_up'),
  chargeCustomerFail: card('4000000000000341', 'charge_fails'),
  visa_chargeDeclined: card('4000000000000002', 'declined'),
  chargeDeclined: card('4000000000000002', 'declined'),
  visa_chargeDeclinedInsufficientFunds: card('4000000000009995', 'insufficient_funds'),
  chargeDeclinedInsufficientFunds: card('4000000000009995', 'insufficient_funds'),
};

const BY_NUMBER = new Map<string, TestCard>(Object.values(TOKENS).map((c) => [c.number, c]));

/** `pm_card_visa` or `tok_visa` -> its card; anything else undefined. */
export function cardOfToken(token: string): TestCard | undefined {
  const match = /^(?:pm_card_|tok_)(.+)$/.exec(token);
  return match ? TOKENS[match[1] as string] : undefined;
}

export type CardNumberCheck = { card: TestCard } | { error: 'incorrect_number' };

/** A raw card number (from the Stripe.js stand-in): a test card, any other valid number succeeds. */
export function cardOfNumber(rawNumber: string): CardNumberCheck {
  const number = rawNumber.replace(/[\s-]/g, '');
  const known = BY_NUMBER.get(number);
  if (known) return { card: known };
  if (!/^\d{13,19}$/.test(number) || !luhn(number)) return { error: 'incorrect_number' };
  return { card: card(number) };
}

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Test cards never expire here: December, a few years ahead. */
export const TEST_CARD_EXPIRY = { exp_month: 12, exp_year: new Date().getUTCFullYear() + 4 };
