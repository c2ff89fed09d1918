import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { MESSAGES } from '@tourly/contracts';
import { ApiError, CONFIG } from '@tourly/platform';
import type { TestClockStateResponse } from '../accounts/billing-accounts.dto';
import { addMonths, clockOf, nextClockStop, type Recurring } from '../accounts/billing-accounts.rules';
import type { BillingConfig } from '../config';
import { Payments } from './payments.port';
import { asApiError, isMissing, stripeCall } from './stripe-errors';

export const TEST_CLOCKS_OFF = 'Test clocks are only available in test mode.';
export const TEST_CLOCK_NOT_FOUND = 'Test clock not found';
export const TEST_CLOCK_TOO_FAR = "must be at most two years after the clock's current time";
export const TEST_CLOCK_BUSY = 'The test clock is still moving; reload the page in a moment.';
const TEST_CLOCK_MAX_MONTHS = 24;
const TEST_CLOCK_WAIT_MS = 60_000;

/**
 * Stripe test clocks (`STRIPE_TEST_CLOCKS`, test mode only), on the platform's account (`account` undefined: the
 * provider's own billing) or on a provider's connected account (its hosting-fee customers): each customer made
 * with a clock of its own, read, and moved forward as far as the person asks, one step at a time.
 */
@Injectable()
export class TestClocks {
  constructor(
    private readonly payments: Payments,
    @Inject(CONFIG) private readonly config: BillingConfig,
  ) {}

  /** A new clock at the present time for a new customer (its id), or null when test clocks are off. */
  async forNewCustomer(name: string, idempotencyKey: string, account?: string): Promise<string | null> {
    if (!this.config.STRIPE_TEST_CLOCKS) return null;
    const clock = await stripeCall(() =>
      this.payments.createTestClock(
        { frozen_time: Math.floor(Date.now() / 1000), name },
        idempotencyKey,
        account,
      ),
    );
    return clock.id;
  }

  /** The clock as Stripe has it now; null when there is none (or Stripe deleted it); 404 when test clocks are off. */
  async read(testClockId: string | null, account?: string): Promise<TestClockStateResponse> {
    this.requireOn();
    if (!testClockId) return { testClock: null };
    try {
      return { testClock: clockOf(await this.payments.testClock(testClockId, account)) };
    } catch (error) {
      // Stripe deletes a test clock (and its customers) 30 days after its creation.
      if (isMissing(error)) return { testClock: null };
      throw asApiError(error);
    }
  }

  /**
   * Moves `testClockId` (the caller's: `ownClockId`) to `time`. Stripe refuses to move a clock more than two
   * intervals of its shortest subscription at once, and one advance must finish before the next: the clock goes
   * one interval at a time, waiting for each.
   */
  async advance(
    ownClockId: string | null,
    testClockId: string,
    time: string,
    account?: string,
  ): Promise<TestClockStateResponse> {
    this.requireOn();
    if (!ownClockId || ownClockId !== testClockId) throw ApiError.notFound(TEST_CLOCK_NOT_FOUND);
    const frozenTime = Math.floor(new Date(time).getTime() / 1000);
    let clock = await stripeCall(() => this.payments.testClock(testClockId, account));
    if (frozenTime <= clock.frozen_time) {
      throw ApiError.invalid('time', "must be later than the clock's current time");
    }
    if (frozenTime > addMonths(clock.frozen_time, TEST_CLOCK_MAX_MONTHS)) {
      throw ApiError.invalid('time', TEST_CLOCK_TOO_FAR);
    }
    while (clock.frozen_time < frozenTime) {
      const stop = Math.min(frozenTime, await this.nextStop(testClockId, clock.frozen_time, account));
      await stripeCall(() => this.payments.advanceTestClock(testClockId, stop, account));
      clock = await this.whenReady(testClockId, account);
    }
    return { testClock: clockOf(clock) };
  }

  private requireOn(): void {
    if (!this.config.STRIPE_TEST_CLOCKS) throw ApiError.notFound(TEST_CLOCKS_OFF);
  }

  /** Where one advance may go: one interval of the shortest subscription running on the clock, else a year. */
  private async nextStop(testClockId: string, from: number, account?: string): Promise<number> {
    const subscriptions = await stripeCall(() =>
      this.payments.subscriptions({ test_clock: testClockId, status: 'all', limit: 100 }, account),
    );
    const running: Recurring[] = [];
    for (const subscription of subscriptions) {
      if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') continue;
      const recurring = subscription.items.data[0]?.price.recurring;
      if (recurring) running.push({ interval: recurring.interval, intervalCount: recurring.interval_count });
    }
    return nextClockStop(from, running);
  }

  /** Waits until an advance is done (Stripe answers `advancing` and works on its own). */
  private async whenReady(testClockId: string, account?: string): Promise<Stripe.TestHelpers.TestClock> {
    const deadline = Date.now() + TEST_CLOCK_WAIT_MS;
    for (;;) {
      const clock = await stripeCall(() => this.payments.testClock(testClockId, account));
      if (clock.status === 'ready') return clock;
      if (clock.status === 'internal_failure') throw ApiError.base(502, MESSAGES.somethingWentWrong);
      if (Date.now() > deadline) throw ApiError.unavailable(TEST_CLOCK_BUSY);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
