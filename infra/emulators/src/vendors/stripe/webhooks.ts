import { createHmac } from 'node:crypto';
import type Stripe from 'stripe';
import { newId } from './ids';

/** An endpoint given in the vendor options, like `stripe listen --forward-to`: not listed by the API. */
export interface WebhookTarget {
  url: string;
  /** The `whsec_…` secret events are signed with. */
  secret: string;
  /** Event types to send; `['*']` (the default) sends all. */
  enabledEvents?: string[];
  /**
   * A Connect endpoint: it receives the events of the connected accounts (they carry `account`), and no event of the
   * platform's own; without it (the default) the other way round, as on Stripe.
   */
  connect?: boolean;
}

export interface WebhookDelivery {
  id: string;
  event: string;
  type: string;
  /** `we_…` for endpoints created through the API, `configured` for those from the options. */
  endpoint: string;
  url: string;
  attempt: number;
  status: 'succeeded' | 'failed';
  response_status: number | null;
  error: string | null;
  /** Whether another attempt follows this failed one. */
  will_retry: boolean;
  attempted_at: string;
}

interface Target {
  key: string;
  endpoint: string;
  url: string;
  secret: string;
  enabledEvents: string[];
  connect: boolean;
}

interface Queue {
  target: Target;
  pending: Array<{ event: Stripe.Event; body: string }>;
  running: boolean;
}

/** Real Stripe retries for up to three days in live mode; the emulator retries a few times, quickly. */
export const DEFAULT_RETRY_DELAYS_MS = [500, 2_000, 5_000];
const ATTEMPT_TIMEOUT_MS = 10_000;

/**
 * Sends events to the matching endpoints as Stripe does (JSON body, `Stripe-Signature: t=…,v1=…`), one
 * queue per endpoint so each receives its events in order; a non-2xx answer or a network error is retried
 * after each of `retryDelaysMs`, then given up.
 */
export class WebhookDispatcher {
  private readonly queues = new Map<string, Queue>();
  private deliveries: WebhookDelivery[] = [];
  private waiters: Array<() => void> = [];
  private generation = 0;
  private closed = false;
  private unreachable = false;
  private changed: () => void = () => undefined;

  constructor(
    private readonly configured: WebhookTarget[],
    private readonly apiEndpoints: () => Iterable<Stripe.WebhookEndpoint & { connect?: boolean }>,
    private readonly retryDelaysMs: number[] = DEFAULT_RETRY_DELAYS_MS,
  ) {}

  /** Queues the event for every endpoint it matches and sets its `pending_webhooks`. */
  publish(event: Stripe.Event): void {
    const targets = this.targetsFor(event);
    event.pending_webhooks = targets.length;
    if (this.closed || targets.length === 0) return;
    const body = JSON.stringify(event, null, 2);
    for (const target of targets) {
      let queue = this.queues.get(target.key);
      if (!queue) {
        queue = { target, pending: [], running: false };
        this.queues.set(target.key, queue);
      }
      queue.target = target;
      queue.pending.push({ event, body });
      if (!queue.running) void this.run(queue);
    }
  }

  /** Resolves once every queued event has been delivered or given up. */
  settled(): Promise<void> {
    if (this.idle()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /**
   * Whether Stripe can reach the endpoints (a network partition, the receiving side's ingress down): while it
   * cannot, every attempt fails as a connection error, retried and then given up as usual.
   */
  setReachable(reachable: boolean): void {
    this.unreachable = !reachable;
  }

  list(): WebhookDelivery[] {
    return [...this.deliveries];
  }

  /** Event deliveries queued or under way (each counts once, whatever its attempts). */
  pendingCount(): number {
    return [...this.queues.values()].reduce((sum, queue) => sum + queue.pending.length, 0);
  }

  /** The events each endpoint has yet to receive (the one under way included), oldest first, by endpoint key. */
  queued(): Array<{ endpoint: string; events: string[] }> {
    return [...this.queues.entries()]
      .filter(([, queue]) => queue.pending.length > 0)
      .map(([key, queue]) => ({ endpoint: key, events: queue.pending.map(({ event }) => event.id) }));
  }

  /**
   * Sends again what `queued` listed in an earlier run, to the endpoints that are still there: as Stripe does, an
   * event not yet delivered is delivered after a restart of either side (receivers take each event once, by its id).
   */
  requeue(
    saved: Array<{ endpoint: string; events: string[] }>,
    eventOf: (id: string) => Stripe.Event | undefined,
  ): void {
    const targets = new Map(this.allTargets().map((target) => [target.key, target]));
    for (const { endpoint, events } of saved) {
      const target = targets.get(endpoint);
      if (!target) continue;
      const queue: Queue = this.queues.get(endpoint) ?? { target, pending: [], running: false };
      this.queues.set(endpoint, queue);
      for (const event of events.map(eventOf)) {
        if (event) queue.pending.push({ event, body: JSON.stringify(event, null, 2) });
      }
      if (!queue.running && queue.pending.length > 0) void this.run(queue);
    }
  }

  /** The listener told each time a delivery ends (delivered or given up), when the queues change on their own. */
  onChange(listener: () => void): void {
    this.changed = listener;
  }

  reset(): void {
    this.generation += 1;
    this.unreachable = false;
    this.queues.clear();
    this.deliveries = [];
    this.notify();
  }

  close(): void {
    this.closed = true;
    this.reset();
  }

  private targetsFor(event: Stripe.Event): Target[] {
    const connected = typeof event.account === 'string';
    return this.allTargets().filter(
      (target) =>
        target.connect === connected &&
        target.enabledEvents.some((pattern) => matchesEventType(pattern, event.type)),
    );
  }

  private allTargets(): Target[] {
    const targets: Target[] = this.configured.map((target, index) => ({
      key: `configured:${index}`,
      endpoint: 'configured',
      url: target.url,
      secret: target.secret,
      enabledEvents: target.enabledEvents ?? ['*'],
      connect: target.connect ?? false,
    }));
    for (const endpoint of this.apiEndpoints()) {
      if (endpoint.status !== 'enabled' || !endpoint.secret) continue;
      targets.push({
        key: endpoint.id,
        endpoint: endpoint.id,
        url: endpoint.url,
        secret: endpoint.secret,
        enabledEvents: endpoint.enabled_events,
        connect: endpoint.connect ?? false,
      });
    }
    return targets;
  }

  private async run(queue: Queue): Promise<void> {
    const generation = this.generation;
    queue.running = true;
    while (queue.pending.length > 0 && generation === this.generation) {
      const next = queue.pending[0]!;
      const delivered = await this.deliver(queue.target, next.event, next.body, generation);
      if (generation !== this.generation) break;
      queue.pending.shift();
      if (delivered) next.event.pending_webhooks = Math.max(0, next.event.pending_webhooks - 1);
      this.changed();
    }
    queue.running = false;
    this.notify();
  }

  private async deliver(
    target: Target,
    event: Stripe.Event,
    body: string,
    generation: number,
  ): Promise<boolean> {
    for (let attempt = 1; ; attempt += 1) {
      const outcome = this.unreachable
        ? { ok: false, status: null, error: `connect ECONNREFUSED ${new URL(target.url).host}` }
        : await post(target, body);
      if (generation !== this.generation) return false;
      const willRetry = !outcome.ok && attempt <= this.retryDelaysMs.length;
      this.deliveries.push({
        id: newId('whdel'),
        event: event.id,
        type: event.type,
        endpoint: target.endpoint,
        url: target.url,
        attempt,
        status: outcome.ok ? 'succeeded' : 'failed',
        response_status: outcome.status,
        error: outcome.error,
        will_retry: willRetry,
        attempted_at: new Date().toISOString(),
      });
      if (outcome.ok) return true;
      if (!willRetry) return false;
      await sleep(this.retryDelaysMs[attempt - 1]!);
      if (generation !== this.generation) return false;
    }
  }

  private idle(): boolean {
    return [...this.queues.values()].every((queue) => !queue.running && queue.pending.length === 0);
  }

  private notify(): void {
    if (!this.idle()) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}

/** `*` matches everything; `customer.*` a family; otherwise the exact type. */
export function matchesEventType(pattern: string, type: string): boolean {
  if (pattern === '*') return true;
  if (pattern.endsWith('.*')) return type.startsWith(pattern.slice(0, -1));
  return pattern === type;
}

/** Stripe's signature scheme: `t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. */
export function signatureHeader(
  body: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

async function post(
  target: Target,
  body: string,
): Promise<{ ok: boolean; status: number | null; error: string | null }> {
  try {
    const response = await fetch(target.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        'stripe-signature': signatureHeader(body, target.secret),
      },
      body,
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
    });
    await response.arrayBuffer().catch(() => undefined);
    return { ok: response.status >= 200 && response.status < 300, status: response.status, error: null };
  } catch (error) {
    return { ok: false, status: null, error: error instanceof Error ? error.message : String(error) };
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
