import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsync } from 'fastify';

/** The statuses an injected failure may answer. */
export const SEGMENTATION_FAILURE_STATUSES = [500, 503, 429] as const;
export type SegmentationFailureStatus = (typeof SEGMENTATION_FAILURE_STATUSES)[number];
/** The requests log keeps this many entries, dropping the oldest. */
export const SEGMENTATION_REQUEST_LOG_LIMIT = 10_000;
/** The longest latency the controls accept (a minute). */
const MAX_LATENCY_MS = 60_000;

/** One segmentation request, as the requests log shows it. */
export interface SegmentationRequestRecord {
  /** The request's `image_url` when it had one as a string, else null. */
  image_url: string | null;
  /** The status it was answered. */
  status: number;
  /** When it was answered (ISO 8601). */
  at: string;
}

interface PendingFailure {
  status: SegmentationFailureStatus;
  remaining: number;
}

/**
 * What tests and benches set and read through `/_emulator/segmentation`: failures injected into the next requests,
 * a latency added to each, and the log of the requests answered. Nothing the engine itself would remember.
 */
export class SegmentationEmulation {
  private failures: PendingFailure[] = [];
  private latencyMs = 0;
  private requests: SegmentationRequestRecord[] = [];

  /** Waits the latency set by the controls, if any. */
  async delay(): Promise<void> {
    if (this.latencyMs > 0) await sleep(this.latencyMs);
  }

  /** The status this request must fail with, if a failure is pending (it is used up). */
  takeFailure(): SegmentationFailureStatus | undefined {
    const next = this.failures[0];
    if (!next) return undefined;
    next.remaining -= 1;
    if (next.remaining === 0) this.failures.shift();
    return next.status;
  }

  record(entry: SegmentationRequestRecord): void {
    this.requests.push(entry);
    if (this.requests.length > SEGMENTATION_REQUEST_LOG_LIMIT) {
      this.requests.splice(0, this.requests.length - SEGMENTATION_REQUEST_LOG_LIMIT);
    }
  }

  /** The requests answered since the last reset, oldest first. */
  loggedRequests(): SegmentationRequestRecord[] {
    return [...this.requests];
  }

  reset(): void {
    this.failures = [];
    this.latencyMs = 0;
    this.requests = [];
  }

  readonly controls: FastifyPluginAsync = async (app) => {
    app.get('/failures', async () => ({ failures: this.pendingFailures() }));
    app.post<{ Body: { status?: unknown; times?: unknown } | undefined }>(
      '/failures',
      async (request, reply) => {
        const { status, times } = request.body ?? {};
        if (!isFailureStatus(status) || !isCount(times, 1, Number.MAX_SAFE_INTEGER)) {
          return reply
            .code(400)
            .send(controlError('Expected {"status": 500 | 503 | 429, "times": a whole number from 1}'));
        }
        this.failures.push({ status, remaining: times });
        return { failures: this.pendingFailures() };
      },
    );
    app.delete('/failures', async () => {
      this.failures = [];
      return { failures: [] };
    });

    app.get('/latency', async () => ({ ms: this.latencyMs }));
    app.post<{ Body: { ms?: unknown } | undefined }>('/latency', async (request, reply) => {
      const ms = request.body?.ms;
      if (!isCount(ms, 0, MAX_LATENCY_MS)) {
        return reply
          .code(400)
          .send(controlError(`Expected {"ms": a whole number from 0 to ${MAX_LATENCY_MS}}`));
      }
      this.latencyMs = ms;
      return { ms };
    });

    app.get('/requests', async () => ({ requests: this.loggedRequests() }));
  };

  private pendingFailures(): PendingFailure[] {
    return this.failures.map((failure) => ({ ...failure }));
  }
}

function isFailureStatus(value: unknown): value is SegmentationFailureStatus {
  return SEGMENTATION_FAILURE_STATUSES.includes(value as SegmentationFailureStatus);
}

function isCount(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

function controlError(message: string) {
  return { error: { message } };
}
