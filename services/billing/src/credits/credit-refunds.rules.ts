/**
 * The credits a refund of a purchase covers: the purchase's credits in proportion to the money refunded so far,
 * less what earlier refunds of it covered (so partial refunds never add up to more than the purchase, whatever
 * the rounding), and never more than what is left of the purchase.
 */
export function creditsRefunded(purchase: {
  creditsQty: number;
  amountInCents: number;
  refundedBeforeInCents: number;
  creditsRefundedBefore: number;
  refundInCents: number;
}): number {
  const { creditsQty, amountInCents, refundedBeforeInCents, creditsRefundedBefore, refundInCents } = purchase;
  if (amountInCents <= 0) return 0;
  const refundedInCents = Math.min(amountInCents, refundedBeforeInCents + refundInCents);
  const coveredSoFar = Math.round((creditsQty * refundedInCents) / amountInCents);
  return Math.max(0, Math.min(creditsQty - creditsRefundedBefore, coveredSoFar - creditsRefundedBefore));
}
