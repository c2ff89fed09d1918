import http from 'node:http';
import https from 'node:https';
import { Webhook } from 'standardwebhooks';
import { PRODUCT, WEBHOOK_LIMITS } from '@tourly/contracts';
import {
  guardedLookup,
  refusedAddressLiteral,
  TargetRefusedError,
  type TargetPolicy,
} from './webhook-targets';

export interface OutgoingWebhook {
  url: string;
  /** The message id: the same on every attempt, the receiver's key to drop a duplicate. */
  messageId: string;
  body: string;
  /** Every secret that signs it: the current one, and during a rotation the previous one too. */
  secrets: string[];
}

/** What became of one attempt: the receiver's answer, or why there was none. */
export interface AttemptOutcome {
  ok: boolean;
  statusCode: number | null;
  latencyMs: number;
  responseSnippet: string | null;
  error: string | null;
}

export interface SenderOptions extends TargetPolicy {
  timeoutMs: number;
}

/**
 * Sends one attempt of a webhook as Standard Webhooks defines it (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature`: `v1,<HMAC-SHA256>` per secret, space-separated), signed with the `standardwebhooks`
 * package, so any Standard Webhooks library verifies it. A 2xx answer is a success; anything else (another status,
 * a redirect, which is never followed, no answer within the timeout, a refused target) is a failure to retry.
 */
export class WebhookSender {
  private readonly agents = {
    'http:': new http.Agent({ keepAlive: true }),
    'https:': new https.Agent({ keepAlive: true }),
  };

  constructor(private readonly options: SenderOptions) {}

  async send(webhook: OutgoingWebhook): Promise<AttemptOutcome> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const url = new URL(webhook.url);
    if (refusedAddressLiteral(url, this.options)) {
      return failure(elapsed(), 'The URL points to a private, loopback or link-local address.');
    }
    const timestamp = new Date();
    const signature = webhook.secrets
      .map((secret) => new Webhook(secret).sign(webhook.messageId, timestamp, webhook.body))
      .join(' ');
    try {
      const { statusCode, snippet } = await this.post(url, webhook.body, {
        'content-type': 'application/json',
        'user-agent': `${PRODUCT}-webhooks/1`,
        'webhook-id': webhook.messageId,
        'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
        'webhook-signature': signature,
      });
      const ok = statusCode >= 200 && statusCode < 300;
      return { ok, statusCode, latencyMs: elapsed(), responseSnippet: snippet, error: null };
    } catch (error) {
      return failure(elapsed(), describe(error, this.options.timeoutMs));
    }
  }

  close(): void {
    for (const agent of Object.values(this.agents)) agent.destroy();
  }

  private post(
    url: URL,
    body: string,
    headers: Record<string, string>,
  ): Promise<{ statusCode: number; snippet: string }> {
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const request = transport.request(url, {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        agent: this.agents[url.protocol as 'http:' | 'https:'],
        lookup: guardedLookup(this.options),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      request.on('error', reject);
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        const finish = () => {
          resolve({
            statusCode: response.statusCode ?? 0,
            snippet: Buffer.concat(chunks).subarray(0, WEBHOOK_LIMITS.responseSnippetBytes).toString('utf8'),
          });
        };
        response.on('data', (chunk: Buffer) => {
          if (kept >= WEBHOOK_LIMITS.responseSnippetBytes) return;
          chunks.push(chunk);
          kept += chunk.length;
        });
        response.on('end', finish);
        response.on('error', reject);
      });
      request.end(body);
    });
  }
}

function failure(latencyMs: number, error: string): AttemptOutcome {
  return { ok: false, statusCode: null, latencyMs, responseSnippet: null, error };
}

/** Why an attempt got no answer, in words for the delivery log. */
function describe(error: unknown, timeoutMs: number): string {
  if (error instanceof TargetRefusedError) return `Refused: ${error.message}.`;
  const { name, code, message } = error as { name?: string; code?: string; message?: string };
  if (name === 'TimeoutError' || name === 'AbortError' || code === 'ABORT_ERR') {
    return `No answer within ${timeoutMs / 1000} s.`;
  }
  if (code === 'ECONNREFUSED') return 'Connection refused.';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'The host name could not be resolved.';
  if (code === 'ECONNRESET') return 'The connection was reset.';
  if (code?.startsWith('ERR_TLS') || code?.includes('CERT')) return `TLS failed: ${message ?? code}.`;
  return message ? `${message}.` : 'The request failed.';
}
