import type Stripe from 'stripe';
import type { Invoices } from './billing/invoices';
import type { Schedules } from './billing/schedules';
import type { Subscriptions } from './billing/subscriptions';
import { invalidParam, unexpectedState } from './errors';
import { snapshot, type EventLog } from './events';
import type { StripeStore } from './store';
import { intervalOf } from './billing/lines';
import { addIntervals, DAY } from './time';

const ENDED: string[] = ['canceled', 'incomplete_expired'];

interface Due {
  at: number;
  /**
   * Ties at one instant: schedule phases first, then expiries, trial notices, cancellations, overdue invoices,
   * renewals, retries. An invoice falling overdue belongs to the period before: it comes before the renewal that
   * starts the next one (which then renews a past_due subscription), as a cancellation does.
   */
  priority: number;
  run: () => void;
}

const RENEWING: string[] = ['active', 'trialing', 'past_due', 'unpaid'];

/**
 * Time for everything billing does on its own: subscription renewals and trial ends, trial_will_end notices,
 * dunning retries, send_invoice invoices falling overdue, schedule phases, incomplete and pending-update expiry.
 * Objects on a test clock move when the clock is advanced; the others catch up with the real time before each
 * request.
 */
export class Clockwork {
  constructor(
    private readonly store: StripeStore,
    private readonly events: EventLog,
    private readonly subscriptions: Subscriptions,
    private readonly schedules: Schedules,
    private readonly invoices: Invoices,
  ) {}

  /** Runs, in time order, everything due on `clock` (null: objects without one) up to `target`. */
  run(clock: string | null, target: number): void {
    for (let step = 0; step < 100_000; step += 1) {
      const due = this.nextDue(clock, target);
      if (!due) return;
      this.store.at(clock, due.at, () => this.events.automatic(due.run));
    }
    throw new Error('Stripe emulator: the clock machinery does not settle');
  }

  private nextDue(clock: string | null, target: number): Due | null {
    let best: Due | null = null;
    const consider = (at: number | null | undefined, priority: number, run: () => void) => {
      if (at === null || at === undefined || at > target) return;
      if (!best || at < best.at || (at === best.at && priority < best.priority)) best = { at, priority, run };
    };
    for (const schedule of this.store.schedules.values()) {
      if (schedule.test_clock !== clock) continue;
      const at = this.schedules.dueAt(schedule);
      if (at !== null) consider(at, 0, () => this.schedules.advance(schedule, at));
    }
    for (const subscription of this.store.subscriptions.values()) {
      if (subscription.test_clock !== clock) continue;
      this.subscriptionDue(subscription, consider);
    }
    for (const invoice of this.store.invoices.values()) {
      if (invoice.test_clock !== clock || invoice.status !== 'open') continue;
      if (invoice.collection_method === 'send_invoice') {
        const overdueAt = this.invoices.overdueAt(invoice);
        consider(overdueAt, 4, () => this.invoices.overdue(invoice));
      } else {
        consider(invoice.next_payment_attempt, 6, () => this.invoices.retry(invoice));
      }
    }
    return best;
  }

  private subscriptionDue(
    subscription: Stripe.Subscription,
    consider: (at: number | null | undefined, priority: number, run: () => void) => void,
  ): void {
    const meta = this.store.subscriptionMeta.get(subscription.id);
    if (!meta) return;
    if (subscription.status === 'incomplete') {
      consider(meta.incompleteExpiresAt, 1, () =>
        this.subscriptions.expireIncomplete(subscription, meta.incompleteExpiresAt!),
      );
      return;
    }
    if (!RENEWING.includes(subscription.status)) return;
    if (subscription.pending_update && this.store.pendingUpdates.has(subscription.id)) {
      const expiresAt = subscription.pending_update.expires_at;
      consider(expiresAt, 1, () => this.subscriptions.expirePendingUpdate(subscription, expiresAt));
    }
    if (subscription.status === 'trialing' && subscription.trial_end && !meta.trialWillEndSent) {
      consider(Math.max(subscription.trial_end - 3 * DAY, subscription.created), 2, () =>
        this.subscriptions.trialWillEnd(subscription),
      );
    }
    const { end } = this.subscriptions.period(subscription);
    const cancelAt = subscription.cancel_at;
    if (cancelAt !== null && cancelAt < end) {
      consider(cancelAt, 3, () =>
        this.subscriptions.cancel(subscription, cancelAt, 'cancellation_requested', false),
      );
    }
    consider(end, 5, () => this.subscriptions.renew(subscription, end));
  }

  /**
   * How far one advance may go, as on Stripe: two intervals of the shortest subscription on the clock (its
   * customers' subscriptions that still run), or two years when it has none.
   */
  advanceLimit(clock: Stripe.TestHelpers.TestClock): { at: number; reason: string } {
    let limit = {
      at: addIntervals(clock.frozen_time, 'year', 2),
      reason: 'two years (no subscription on it)',
    };
    for (const subscription of this.store.subscriptions.values()) {
      if (subscription.test_clock !== clock.id || ENDED.includes(subscription.status)) continue;
      const price = subscription.items.data[0]?.price;
      if (!price) continue;
      const { interval, count } = intervalOf(price);
      const at = addIntervals(clock.frozen_time, interval, 2 * count);
      if (at < limit.at) {
        limit = {
          at,
          reason: `two intervals of its shortest subscription (${subscription.id}, every ${count === 1 ? interval : `${count} ${interval}s`})`,
        };
      }
    }
    return limit;
  }

  /** Clocks past their `deletes_after` (30 days after creation) go, with their customers, as on Stripe. */
  deleteExpiredClocks(now: number, remove: (clock: Stripe.TestHelpers.TestClock) => void): void {
    for (const clock of [...this.store.clocks.values()]) {
      if (clock.deletes_after <= now) remove(clock);
    }
  }

  /** `POST /v1/test_helpers/test_clocks/:id/advance`: answers `advancing`; the clock reads `ready` after. */
  advance(clock: Stripe.TestHelpers.TestClock, target: number): Stripe.TestHelpers.TestClock {
    if (clock.status !== 'ready') {
      throw unexpectedState(
        'test_clock_not_ready',
        `The test clock ${clock.id} is ${clock.status}; wait until it is ready.`,
      );
    }
    if (target <= clock.frozen_time) {
      throw invalidParam(
        `The frozen_time must be after the test clock's current frozen_time (${clock.frozen_time}).`,
        'frozen_time',
      );
    }
    const limit = this.advanceLimit(clock);
    if (target > limit.at) {
      throw invalidParam(
        `Cannot advance the test clock to ${target}: a test clock can be advanced at most ${limit.reason} past its frozen_time (${clock.frozen_time}), that is to ${limit.at} at the latest. Advance it in several steps.`,
        'frozen_time',
      );
    }
    clock.status = 'advancing';
    clock.status_details = { advancing: { target_frozen_time: target } };
    this.events.emit('test_helpers.test_clock.advancing', clock);
    const answer = snapshot(clock);
    this.run(clock.id, target);
    clock.frozen_time = target;
    clock.status = 'ready';
    clock.status_details = {};
    this.events.automatic(() => this.events.emit('test_helpers.test_clock.ready', clock));
    return answer;
  }
}
