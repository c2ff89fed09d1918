import type Stripe from 'stripe';
import { invalidRequest } from '../errors';
import { snapshot, type EventLog } from '../events';
import { newDiscount } from '../objects';
import type { Params } from '../params';
import type { StripeStore } from '../store';
import { addIntervals } from '../time';

export interface DiscountAmount {
  amount: number;
  discount: string;
}

/**
 * Coupons and promotion codes turned into Discount objects, and what they take off an invoice: percent_off
 * on each line (rounded per line), amount_off once per invoice, spread over its positive lines.
 */
export class Discounts {
  constructor(
    private readonly store: StripeStore,
    private readonly events: EventLog,
  ) {}

  /**
   * `discounts[0][coupon]=…` / `[promotion_code]=…` / `[discount]=…` -> Discount objects. Stored and
   * redeemed unless `preview`.
   */
  fromParams(
    specs: Params[],
    context: {
      customer: string;
      subscription: string | null;
      currency: string;
      at: number;
      preview?: boolean;
    },
  ): Stripe.Discount[] {
    return specs.map((spec) => {
      const existing = spec.str('discount');
      if (existing) return this.store.get(this.store.discounts, existing, 'discount', spec.name('discount'));
      const promotionCodeId = spec.str('promotion_code');
      let promotionCode: Stripe.PromotionCode | undefined;
      let couponId = spec.str('coupon');
      if (promotionCodeId) {
        promotionCode = this.store.get(
          this.store.promotionCodes,
          promotionCodeId,
          'promotion code',
          spec.name('promotion_code'),
        );
        this.checkPromotionCode(promotionCode, context.customer, context.at, spec.name('promotion_code'));
        couponId = promotionCode.promotion.coupon as string;
      }
      if (!couponId)
        throw invalidRequest(
          'A discount needs a coupon, a promotion_code or a discount.',
          spec.name('coupon'),
        );
      const coupon = this.store.get(this.store.coupons, couponId, 'coupon', spec.name('coupon'));
      this.checkCoupon(coupon, context.currency, context.at, spec.name('coupon'));
      const discount = newDiscount({
        coupon,
        promotionCode: promotionCode?.id ?? null,
        customer: context.customer,
        subscription: context.subscription,
        start: context.at,
        end:
          coupon.duration === 'repeating'
            ? addIntervals(context.at, 'month', coupon.duration_in_months ?? 1)
            : null,
        ...(context.preview ? { id: `di_tmp_${coupon.id}` } : {}),
      });
      if (!context.preview) {
        this.store.put(this.store.discounts, discount);
        this.redeem(coupon, promotionCode);
      }
      return discount;
    });
  }

  private checkCoupon(coupon: Stripe.Coupon, currency: string, at: number, param: string): void {
    if (!coupon.valid || (coupon.redeem_by !== null && coupon.redeem_by < at)) {
      throw invalidRequest(`Coupon expired: ${coupon.id}`, param, 'coupon_expired');
    }
    if (coupon.amount_off !== null && coupon.currency !== currency) {
      throw invalidRequest(
        `The coupon ${coupon.id} is in ${coupon.currency} and cannot be applied to a ${currency} subscription.`,
        param,
      );
    }
  }

  private checkPromotionCode(code: Stripe.PromotionCode, customer: string, at: number, param: string): void {
    const exhausted = code.max_redemptions !== null && code.times_redeemed >= code.max_redemptions;
    const expired = code.expires_at !== null && code.expires_at < at;
    if (!code.active || exhausted || expired) {
      throw invalidRequest(
        `This promotion code cannot be redeemed because it is inactive: ${code.code}`,
        param,
      );
    }
    if (code.customer && code.customer !== customer) {
      throw invalidRequest(`This promotion code cannot be redeemed by this customer: ${code.code}`, param);
    }
  }

  private redeem(coupon: Stripe.Coupon, promotionCode: Stripe.PromotionCode | undefined): void {
    coupon.times_redeemed += 1;
    if (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions)
      coupon.valid = false;
    if (promotionCode) {
      const before = snapshot(promotionCode);
      promotionCode.times_redeemed += 1;
      if (
        promotionCode.max_redemptions !== null &&
        promotionCode.times_redeemed >= promotionCode.max_redemptions
      ) {
        promotionCode.active = false;
      }
      this.events.emitUpdated('promotion_code.updated', promotionCode, before);
    }
  }

  couponOf(discount: Stripe.Discount): Stripe.Coupon | undefined {
    const couponId =
      typeof discount.source.coupon === 'string' ? discount.source.coupon : discount.source.coupon?.id;
    return couponId ? this.store.coupons.get(couponId) : undefined;
  }

  /** Whether the discount still reduces an invoice dated `at`. */
  applies(discount: Stripe.Discount, at: number): boolean {
    const coupon = this.couponOf(discount);
    if (!coupon) return false;
    if (coupon.duration === 'once') return !this.store.usedOnceDiscounts.has(discount.id);
    return discount.end === null || at < discount.end;
  }

  /** Per-line discount amounts, in line order. */
  amounts(lineAmounts: number[], discounts: Stripe.Discount[]): DiscountAmount[][] {
    const result: DiscountAmount[][] = lineAmounts.map(() => []);
    for (const discount of discounts) {
      const coupon = this.couponOf(discount);
      if (!coupon) continue;
      if (coupon.percent_off !== null) {
        lineAmounts.forEach((amount, index) => {
          const off = roundHalfAwayFromZero((amount * coupon.percent_off!) / 100);
          result[index]!.push({ amount: off, discount: discount.id });
        });
      } else if (coupon.amount_off !== null) {
        const positive = lineAmounts.map((amount) => Math.max(0, amount));
        const base = positive.reduce((sum, amount) => sum + amount, 0);
        const total = Math.min(
          coupon.amount_off,
          Math.max(
            0,
            lineAmounts.reduce((sum, a) => sum + a, 0),
          ),
        );
        let given = 0;
        const lastPositive = positive
          .map((amount, index) => (amount > 0 ? index : -1))
          .reduce((a, b) => Math.max(a, b), -1);
        positive.forEach((amount, index) => {
          const off =
            base === 0 ? 0 : index === lastPositive ? total - given : Math.floor((total * amount) / base);
          given += off;
          result[index]!.push({ amount: off, discount: discount.id });
        });
      }
    }
    return result;
  }
}

function roundHalfAwayFromZero(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}
