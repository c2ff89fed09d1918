import { PROVIDER_BY_HOST, type ProviderByHost, type ProviderByHostRequest } from '@tourly/contracts';
import { ApiError, type Logger, type RpcClient } from '@tourly/platform';

/** How long identity's word on a host is kept: a new subdomain or domain answers this much later at most. */
const HOST_TTL_MS = 30_000;
/** At most this many hosts are kept; past it the cache starts again (a flood of made-up hosts cannot grow it). */
const HOST_ENTRIES = 10_000;
/** Identity's answer routes one request: a short wait, then the host is treated as the app's. */
const ASK_TIMEOUT_MS = 1000;
/**
 * Identity not answering is kept this long too: the host is the app's meanwhile, and the requests that come in
 * neither wait for identity again nor all ask it at once (the gateway's throughput fell to a twentieth so).
 */
const UNANSWERED_TTL_MS = 5000;

/**
 * Which provider a request's host belongs to: its subdomain of the app's host (`{subdomain}.{APP_URL host}`) or its
 * active white-label domain, asked of identity and kept briefly. The app's host, and a host no provider has, are
 * nobody's (null): the app's behaviour. One question per host at a time, however many requests wait for it.
 */
export class HostProviders {
  private readonly appHost: string;
  private readonly known = new Map<string, { providerId: string | null; until: number }>();
  private readonly asking = new Map<string, Promise<string | null>>();

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
    const kept = this.known.get(host);
    if (kept && kept.until > Date.now()) return kept.providerId;
    let asked = this.asking.get(host);
    if (!asked) {
      asked = this.ask(host).finally(() => this.asking.delete(host));
      this.asking.set(host, asked);
    }
    return asked;
  }

  private async ask(host: string): Promise<string | null> {
    let providerId: string | null = null;
    let keptFor = HOST_TTL_MS;
    try {
      ({ providerId } = await this.rpc.ask<ProviderByHost>(
        PROVIDER_BY_HOST,
        this.questionFor(host),
        ASK_TIMEOUT_MS,
      ));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      this.logger.warn({ err: error, host }, 'identity did not say whose host this is; the app’s behaviour');
      keptFor = UNANSWERED_TTL_MS;
    }
    if (this.known.size >= HOST_ENTRIES) this.known.clear();
    this.known.set(host, { providerId, until: Date.now() + keptFor });
    return providerId;
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
