/** The accounts and billing page. */
export const BILLING_PATH = '/provider/billing';

/** The credits purchase page (000 §2: bundles, pay-as-you-go, FAQ). */
export const CREDITS_PATH = '/provider/billing/credits';

/**
 * The credits page with pay-as-you-go preselected on a quantity: where the insufficient-credits modal's
 * "Buy credits" leads (with the credits an order lacks).
 */
export const creditsPathFor = (creditsQty?: number) =>
  creditsQty ? `${CREDITS_PATH}?credits_qty=${creditsQty}` : CREDITS_PATH;
