import { randomUUID } from 'node:crypto';
import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { Logger } from 'pino';
import {
  CONFIG,
  Database,
  EventBus,
  LOGGER,
  NotificationListener,
  Schedules,
  type PeriodicTask,
} from '@tourly/platform';
import type { IdentityConfig } from '../config';
import {
  DEFAULT_WEBHOOK_BACKOFF_MS,
  disabledReason,
  failingForTooLong,
  retryDelayMs,
} from './webhook-retries';
import { WebhookSender, type AttemptOutcome } from './webhook-sender';
import { targetPolicyOf } from './webhook-targets';
import { DELIVERIES_DUE_CHANNEL, WebhooksRepository, type ClaimedDelivery } from './webhooks.repository';

/** The log keeps deliveries this long (pending ones stay until they end). */
const RETENTION_DAYS = 30;

/**
 * Sends queued deliveries. A replica looks for due deliveries when a transaction that made some due commits (its
 * NOTIFY), when one of its own sends ends (a slot is free), and every WEBHOOK_POLL_MS for what no notification
 * announces (retries coming due, another replica's freed slots or expired leases, a notification missed while
 * the listener reconnected). Each replica claims due deliveries under a lease (claims take turns on a lock and count
 * the leases in flight), so one attempt is made by one replica; a replica that dies mid-delivery leaves its lease
 * to expire, and another sends again with the same message id. Bounded: at most
 * `WEBHOOK_CONCURRENCY` sends at once per replica, and `WEBHOOK_ENDPOINT_CONCURRENCY` per endpoint across them
 * all, so a receiver that hangs holds a few slots for the timeout and the other endpoints keep theirs.
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly sender: WebhookSender;
  private readonly backoffMs: number[];
  private readonly leaseMs: number;
  private readonly leaseToken = randomUUID();
  private readonly sending = new Set<Promise<void>>();
  private readonly task: PeriodicTask;
  private readonly listener: NotificationListener;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly webhooks: WebhooksRepository,
    @Inject(EventBus) private readonly events: EventBus,
    @Inject(CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    schedules: Schedules,
  ) {
    this.sender = new WebhookSender({ ...targetPolicyOf(config), timeoutMs: config.WEBHOOK_TIMEOUT_MS });
    this.backoffMs = config.WEBHOOK_RETRY_BACKOFF_MS
      ? config.WEBHOOK_RETRY_BACKOFF_MS.split(',').map((wait) => Number(wait.trim()))
      : DEFAULT_WEBHOOK_BACKOFF_MS;
    // Past the timeout with room for recording the outcome: a lease lost only to a dispatcher that is gone.
    this.leaseMs = config.WEBHOOK_TIMEOUT_MS + config.WEBHOOK_LEASE_MARGIN_MS;
    this.task = schedules.every('webhook dispatch', config.WEBHOOK_POLL_MS, () => this.dispatch());
    this.listener = new NotificationListener(db.dataSource, {
      channel: DELIVERIES_DUE_CHANNEL,
      onNotification: () => this.wake(),
      name: 'webhook dispatch listener',
      logger,
    });
    schedules.every('webhook log sweep', 3_600_000, () => this.webhooks.deleteOlderThan(RETENTION_DAYS));
  }

  /** Deliveries left due while no replica ran (or queued while this one started) go now, not at the first poll. */
  async onApplicationBootstrap(): Promise<void> {
    await this.listener.start();
    this.wake();
  }

  /** Looks for due deliveries now, or right after the look in progress. */
  private wake(): void {
    if (!this.stopped) void this.task.runNow();
  }

  /** Claims what the free slots allow and starts sending it; resolves with how many it started. */
  private async dispatch(): Promise<number> {
    const free = this.config.WEBHOOK_CONCURRENCY - this.sending.size;
    if (this.stopped || free <= 0) return 0;
    const claimed = await this.webhooks.claim(
      free,
      this.config.WEBHOOK_ENDPOINT_CONCURRENCY,
      this.leaseMs,
      this.leaseToken,
    );
    for (const delivery of claimed) {
      const sending: Promise<void> = this.deliver(delivery)
        .catch((error: unknown) => {
          // The outcome could not be recorded (the database away): the lease expires and the attempt is made again.
          this.logger.warn(
            { err: error, deliveryId: delivery.id },
            'webhook attempt not recorded; retried later',
          );
        })
        .finally(() => {
          this.sending.delete(sending);
          this.wake();
        });
      this.sending.add(sending);
    }
    // A full claim may have left more due: look again as soon as this run ends.
    if (claimed.length === free) this.wake();
    return claimed.length;
  }

  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    const startedAt = new Date();
    const secrets = [delivery.secret];
    if (
      delivery.previousSecret &&
      delivery.previousSecretExpiresAt &&
      delivery.previousSecretExpiresAt > startedAt
    ) {
      secrets.push(delivery.previousSecret);
    }
    const outcome = await this.sender.send({
      url: delivery.url,
      messageId: delivery.messageId,
      body: delivery.body,
      secrets,
    });
    await this.record(delivery, startedAt, outcome);
  }

  private async record(delivery: ClaimedDelivery, startedAt: Date, outcome: AttemptOutcome): Promise<void> {
    const delay = outcome.ok ? null : retryDelayMs(delivery.attempts, this.backoffMs);
    const next = outcome.ok ? 'succeeded' : delay === null ? 'failed' : new Date(Date.now() + delay);
    const attempt = {
      startedAt,
      statusCode: outcome.statusCode,
      latencyMs: outcome.latencyMs,
      responseSnippet: outcome.responseSnippet,
      error: outcome.error,
    };
    if (next !== 'failed') {
      // Nothing else to decide: one statement, without a transaction holding a connection the inbox and the
      // claims share (every delivery records one).
      await this.webhooks.recordAttempt(this.db.dataSource, delivery, attempt, next);
      return;
    }
    await this.db.transaction(async (tx) => {
      const recorded = await this.webhooks.recordAttempt(tx, delivery, attempt, next);
      if (!recorded?.failingSince) return;
      const now = new Date();
      if (!failingForTooLong(recorded.failingSince, now, this.config.WEBHOOK_DISABLE_AFTER_MS)) return;
      const days = (now.getTime() - recorded.failingSince.getTime()) / 86_400_000;
      const last =
        outcome.statusCode === null ? (outcome.error ?? 'no answer') : `HTTP ${outcome.statusCode}`;
      const endpoint = await this.webhooks.disable(tx, delivery.endpointId, disabledReason(days, last));
      if (!endpoint) return;
      await this.events.publish(
        'identity.webhook_endpoint.disabled.v1',
        {
          providerId: endpoint.providerId,
          endpointId: endpoint.id,
          url: endpoint.url,
          reason: endpoint.disabledReason ?? '',
        },
        tx,
      );
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.listener.stop();
    await Promise.all(this.sending);
    this.sender.close();
  }
}
