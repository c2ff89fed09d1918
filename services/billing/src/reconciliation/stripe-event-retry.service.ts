import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, LOGGER, Schedules, type Logger, type PeriodicTask } from '@tourly/platform';
import type { BillingConfig } from '../config';
import { StripeEventsRepository } from '../webhooks/stripe-events.repository';
import { StripeWebhooksService } from '../webhooks/stripe-webhooks.service';
import { isUnreachable } from '../payments/stripe-errors';

export const RETRY_EVERY_MS = 60_000;
const PAGE = 50;

/**
 * Stored Stripe events whose processing did not finish (Stripe out of reach for longer than the queue's retries,
 * so the queued processing was parked) are processed again every minute, once `STRIPE_EVENT_RETRY_AFTER_SECONDS`
 * (60) old, until they are. One replica at a time (an advisory lock); processing is idempotent (a refresh from
 * Stripe's current state), so an event its queue processes at the same moment is harmless.
 */
@Injectable()
export class StripeEventRetry {
  private readonly task: PeriodicTask;

  constructor(
    private readonly stripeEvents: StripeEventsRepository,
    private readonly webhooks: StripeWebhooksService,
    @Inject(CONFIG) private readonly config: BillingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    schedules: Schedules,
  ) {
    this.task = schedules.every('Stripe event retry', RETRY_EVERY_MS, () => this.retryAll(), {
      exclusiveLock: 'billing.stripe_events.retry',
    });
  }

  /** A run that starts after this call; how many events it processed. */
  runNow(): Promise<number> {
    return this.task.runNow();
  }

  private async retryAll(): Promise<number> {
    let processed = 0;
    let after: { receivedAt: Date; id: string } | undefined;
    for (;;) {
      const rows = await this.stripeEvents.unprocessed(
        this.config.STRIPE_EVENT_RETRY_AFTER_SECONDS,
        after,
        PAGE,
      );
      for (const row of rows) {
        try {
          await this.webhooks.process(row.id);
          processed += 1;
          this.logger.info(
            { stripeEventId: row.id, type: row.type },
            'unprocessed Stripe event processed on retry',
          );
        } catch (error) {
          if (isUnreachable(error)) throw error;
          this.logger.warn(
            { err: error, stripeEventId: row.id, type: row.type },
            'Stripe event still fails to process; retried next run',
          );
        }
      }
      if (rows.length < PAGE) break;
      after = rows[rows.length - 1];
    }
    return processed;
  }
}
