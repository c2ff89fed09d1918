import { creditsRefunded } from './credit-refunds.rules';

describe('creditsRefunded: the credits a refund of a purchase covers', () => {
  it.each([
    ['a whole refund: every credit', 50, 4000, 0, 0, 4000, 50],
    ['half the money: half the credits', 50, 4000, 0, 0, 2000, 25],
    ['the second half after the first', 50, 4000, 2000, 25, 2000, 25],
    ['a third, rounded', 10, 900, 0, 0, 300, 3],
    ['thirds add up to the purchase, not one more', 10, 900, 600, 7, 300, 3],
    ['a cent covers no credit', 100, 7000, 0, 0, 1, 0],
    ['never beyond what is left of the purchase', 10, 900, 900, 10, 100, 0],
    ['a purchase that cost nothing covers nothing', 10, 0, 0, 0, 100, 0],
  ])(
    '%s',
    (
      _case,
      creditsQty,
      amountInCents,
      refundedBeforeInCents,
      creditsRefundedBefore,
      refundInCents,
      expected,
    ) => {
      expect(
        creditsRefunded({
          creditsQty,
          amountInCents,
          refundedBeforeInCents,
          creditsRefundedBefore,
          refundInCents,
        }),
      ).toBe(expected);
    },
  );
});
