import { PROVIDER_BY_HOST, type ProviderByHost, type ProviderByHostRequest } from '@tourly/contracts';
import { ApiError, type Logger, type RpcClient } from '@tourly/platform';

/** How long identity's word on a host is kept: a new subdomain or domain answers this much later at most. */
const HOST_TTL_MS = 30_000;
/** At most this many hosts are kept; past it the cache starts again (a flood of made-up hosts cannot grow it). */
const HOST_ENTRIES = 10_000;
/** Identity's answer routes one request: a short wait, then the host is treated as the app's. */
const ASK_TIMEOUT_MS = 1000;

/**
 * Which provider a request's host belongs to: its subdomain of the app's host (`{subdomain}.{APP_URL host}`) or its
 * active white-label domain, asked of identity and kept briefly. The app's host, and a host no provider has, are
 * nobody's (null): the app's behaviour.
 */
export class HostProviders {
  private readonly appHost: string;
  private readonly known = new Map<string, { providerId: string | null; until: number }>();

  constructor(
    private readonly rpc: RpcClient,
    appUrl: string,
    private readonly logger: Logger,
  ) {
    this.appHost = new URL(appUrl).hostname.toLowerCase();
  }

  async providerOf(hostHeader: string | undefined): Promise<string | null> {
    const host = hostNameOf(hostHeader);
    if (!host || host === this.appHost) return null;
    const now = Date.now();
    const kept = this.known.get(host);
    if (kept && kept.until > now) return kept.providerId;
    const question = this.questionFor(host);
    let answer: ProviderByHost;
    try {
      answer = await this.rpc.ask<ProviderByHost>(PROVIDER_BY_HOST, question, ASK_TIMEOUT_MS);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      this.logger.warn({ err: error, host }, 'identity did not say whose host this is; the app’s behaviour');
      return null;
    }
    if (this.known.size >= HOST_ENTRIES) this.known.clear();
    this.known.set(host, { providerId: answer.providerId, until: now + HOST_TTL_MS });
    return answer.providerId;
  }

  /** A single label under the app's host is a subdomain; any other host may be a white-label domain. */
  private questionFor(host: string): ProviderByHostRequest {
    const suffix = `.${this.appHost}`;
    const label = host.endsWith(suffix) ? host.slice(0, -suffix.length) : null;
    return label && !label.includes('.') ? { subdomain: label } : { domain: host };
  }
}

/** The host's name without its port, lowercased; IPv6 literals keep their brackets. */
export function hostNameOf(hostHeader: string | undefined): string {
  if (!hostHeader) return '';
  const host = hostHeader.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.replace(/:\d+$/, '').replace(/\.$/, '');
}
