import { lookup } from 'node:dns/promises';
import { request, type IncomingMessage } from 'node:http';
import { connect as connectTcp, isIP } from 'node:net';
import type { Duplex } from 'node:stream';
import { connect as connectTls } from 'node:tls';
import { TOUR_MESSAGES } from '@tourly/contracts';
import { isOutboundAddress } from '@tourly/platform';
import {
  linkTarget,
  pageMetadata,
  type LinkPolicy,
  type OwnTour,
  type PageMetadata,
} from './tour-assets.rules';

/** How long reading a page may take in all (names, connections, redirects, body). */
export const READ_TIMEOUT_MS = 5_000;
/** The most of a page's body read: its head, where the metadata is, comes first. */
export const READ_LIMIT_BYTES = 1024 * 1024;
export const MAX_REDIRECTS = 3;

/**
 * The network as reading a page needs it: names resolved to every address they have, and a connection opened to
 * one given address. Reading connects only to an address it checked, so a name cannot resolve to a public address
 * for the check and to a private one for the connection.
 */
export interface Network {
  resolve(hostname: string): Promise<string[]>;
  /** A connection to `address` for `url`: TLS for https, verified against the URL's name. */
  connect(address: string, url: URL): Duplex;
}

export const NETWORK = Symbol('Network');

/** The internet, through the system's resolver (as every other client of this process resolves names). */
export const INTERNET: Network = {
  async resolve(hostname) {
    const found = await lookup(hostname, { all: true, verbatim: true });
    return found.map((entry) => entry.address);
  },
  connect(address, url) {
    const port = portOf(url);
    if (url.protocol !== 'https:') return connectTcp({ host: address, port });
    // The certificate is checked against the name (SNI), though the connection goes to the checked address.
    return connectTls({
      host: address,
      port,
      ...(isIP(bare(url.hostname)) ? {} : { servername: url.hostname }),
    });
  },
};

/** What reading a link found: a refusal (a message on `link`), one of the platform's tours, or the page's metadata. */
export type LinkReading =
  { refusal: string } | { ownTour: OwnTour } | { page: PageMetadata & { url: string } };

/** What reading an image found: a refusal (a message on the URL's field), or its bytes and type. */
export type ImageReading = { refusal: string } | { image: { bytes: Buffer; contentType: string } };

/** The most of an image read: a larger one is refused. */
export const IMAGE_LIMIT_BYTES = 10 * 1024 * 1024;
export const NOT_AN_IMAGE = 'is not an image';
export const IMAGE_TOO_LARGE = `is an image larger than ${IMAGE_LIMIT_BYTES / 1024 / 1024} MB`;

/** A page did not answer: down, slow, too many redirects, an error status. */
class Unanswered extends Error {}

/** An answer that is not what was asked for (not an image, too large): its message is the refusal. */
class Refused extends Error {}

/**
 * Reads the metadata of a page a person links to, on the server, guarded against being turned on the platform's
 * own network (SSRF): every URL (the link and each redirect) passes `linkTarget`, every address its name resolves
 * to must be public (the platform's `isOutboundAddress`, IPv6 forms carrying an IPv4 address judged as that address),
 * and the connection goes to the address that was checked. 5 s in all, 1 MB read, 3 redirects.
 */
export class WebPages {
  constructor(
    private readonly network: Network,
    private readonly policy: LinkPolicy,
  ) {}

  async read(link: string): Promise<LinkReading> {
    const got = await this.fetch(link, 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1', readHtml);
    if (!('body' in got)) return got;
    return { page: { url: got.url.toString(), ...pageMetadata(got.body, got.url) } };
  }

  /**
   * An image another host serves, under the same guard as a page (and its limits of time and redirects), its bytes
   * up to IMAGE_LIMIT_BYTES: what an editor shows from another host (the image proxy). The platform's own tours are
   * pages, not images.
   */
  async image(link: string): Promise<ImageReading> {
    const got = await this.fetch(link, 'image/*', readImage);
    if ('ownTour' in got) return { refusal: NOT_AN_IMAGE };
    return 'body' in got ? { image: got.body } : got;
  }

  /**
   * A file another host serves (a vendor's download), under the same guard, its bytes up to `maxBytes` (a larger one is
   * refused with `tooLarge`), within `timeoutMs`. `trustedOrigins`: origins the operator configured (a vendor API's,
   * an asset server beside the platform; the emulators' in development and tests, on this machine), whose files are
   * read although their addresses are private; every other URL, and every redirect elsewhere, must be public.
   */
  async file(
    link: string,
    options: { maxBytes: number; tooLarge: string; timeoutMs: number; trustedOrigins?: readonly string[] },
  ): Promise<{ refusal: string } | { file: { bytes: Buffer; contentType: string } }> {
    const got = await this.fetch(link, '*/*', (response) => readLimited(response, options), options);
    if ('ownTour' in got) return { refusal: TOUR_MESSAGES.metadataNotPublic };
    return 'body' in got ? { file: got.body } : got;
  }

  /**
   * GETs `link` under the guard: every URL (the link and each redirect) passes `linkTarget` and every address its
   * name resolves to is public, the connection goes to the checked address, and `readBody` reads a 2xx answer.
   */
  private async fetch<T>(
    link: string,
    accept: string,
    readBody: (response: IncomingMessage) => Promise<T>,
    options: { timeoutMs?: number; trustedOrigins?: readonly string[] } = {},
  ): Promise<{ refusal: string } | { ownTour: OwnTour } | { url: URL; body: T }> {
    const deadline = AbortSignal.timeout(options.timeoutMs ?? READ_TIMEOUT_MS);
    let next = link;
    try {
      for (let redirects = 0; ; redirects += 1) {
        const configured = onTrustedOrigin(next, options.trustedOrigins ?? []);
        const target = configured ? { fetch: configured } : linkTarget(next, this.policy);
        if (!('fetch' in target)) return target;
        const address = configured
          ? await this.anyAddress(configured, deadline)
          : await this.checkedAddress(target.fetch, deadline);
        if (address === null) return { refusal: TOUR_MESSAGES.metadataNotPublic };
        const answer = await this.get(target.fetch, address, accept, deadline, readBody);
        if ('location' in answer) {
          if (redirects === MAX_REDIRECTS) throw new Unanswered('too many redirects');
          next = redirectTarget(answer.location, target.fetch);
          continue;
        }
        return { url: target.fetch, body: answer.body };
      }
    } catch (error) {
      if (error instanceof Refused) return { refusal: error.message };
      if (error instanceof Unanswered || isNetworkError(error)) {
        return { refusal: TOUR_MESSAGES.metadataUnreachable };
      }
      throw error;
    }
  }

  /** The configured vendor's address, public or not (its API is reached there too). */
  private async anyAddress(url: URL, deadline: AbortSignal): Promise<string> {
    const host = bare(url.hostname);
    const addresses = isIP(host) ? [host] : await beforeDeadline(this.network.resolve(host), deadline);
    if (addresses.length === 0) throw new Unanswered('the name has no address');
    return addresses[0]!;
  }

  /** The address to connect to, when every address of the name is public; null when one is not. */
  private async checkedAddress(url: URL, deadline: AbortSignal): Promise<string | null> {
    const host = bare(url.hostname);
    const addresses = isIP(host) ? [host] : await beforeDeadline(this.network.resolve(host), deadline);
    if (addresses.length === 0) throw new Unanswered('the name has no address');
    return addresses.every(isOutboundAddress) ? addresses[0]! : null;
  }

  private get<T>(
    url: URL,
    address: string,
    accept: string,
    deadline: AbortSignal,
    readBody: (response: IncomingMessage) => Promise<T>,
  ): Promise<{ location: string } | { body: T }> {
    return new Promise((resolve, reject) => {
      const outgoing = request(
        {
          method: 'GET',
          host: address,
          port: portOf(url),
          path: `${url.pathname}${url.search}`,
          headers: {
            host: url.host,
            accept,
            'user-agent': 'TourlyLinkPreview/1.0',
          },
          createConnection: () => this.network.connect(address, url),
          signal: deadline,
        },
        (response) => {
          const status = response.statusCode ?? 0;
          const location = response.headers.location;
          if (status >= 300 && status < 400 && location) {
            response.resume();
            return resolve({ location });
          }
          if (status < 200 || status >= 300) {
            response.resume();
            return reject(new Unanswered(`answered ${status}`));
          }
          readBody(response).then((body) => resolve({ body }), reject);
        },
      );
      outgoing.on('error', (error) => reject(deadline.aborted ? new Unanswered('timed out') : error));
      outgoing.end();
    });
  }
}

/** The body up to READ_LIMIT_BYTES (the rest is not read), decoded by its declared charset; '' when not HTML. */
async function readHtml(response: IncomingMessage): Promise<string> {
  const contentType = response.headers['content-type'] ?? '';
  if (!/html/i.test(contentType)) {
    response.destroy();
    return '';
  }
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of response) {
    chunks.push(chunk as Buffer);
    length += (chunk as Buffer).length;
    if (length >= READ_LIMIT_BYTES) {
      response.destroy();
      break;
    }
  }
  const body = Buffer.concat(chunks, length).subarray(0, READ_LIMIT_BYTES);
  const charset = /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

/** An image's bytes (an `image/*` answer of at most IMAGE_LIMIT_BYTES), else refused. */
async function readImage(response: IncomingMessage): Promise<{ bytes: Buffer; contentType: string }> {
  const contentType = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  const declared = Number(response.headers['content-length']);
  if (!contentType.startsWith('image/') || declared > IMAGE_LIMIT_BYTES) {
    response.destroy();
    throw new Refused(contentType.startsWith('image/') ? IMAGE_TOO_LARGE : NOT_AN_IMAGE);
  }
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of response) {
    length += (chunk as Buffer).length;
    if (length > IMAGE_LIMIT_BYTES) {
      response.destroy();
      throw new Refused(IMAGE_TOO_LARGE);
    }
    chunks.push(chunk as Buffer);
  }
  return { bytes: Buffer.concat(chunks, length), contentType };
}

/** Any answer's bytes up to `maxBytes`; a larger one (declared or read) is refused with `tooLarge`. */
async function readLimited(
  response: IncomingMessage,
  limits: { maxBytes: number; tooLarge: string },
): Promise<{ bytes: Buffer; contentType: string }> {
  const contentType = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (Number(response.headers['content-length']) > limits.maxBytes) {
    response.destroy();
    throw new Refused(limits.tooLarge);
  }
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of response) {
    length += (chunk as Buffer).length;
    if (length > limits.maxBytes) {
      response.destroy();
      throw new Refused(limits.tooLarge);
    }
    chunks.push(chunk as Buffer);
  }
  return { bytes: Buffer.concat(chunks, length), contentType };
}

/** The link as a URL when it is http(s) on exactly one of `origins` (scheme, host and port); otherwise null. */
function onTrustedOrigin(link: string, origins: readonly string[]): URL | null {
  if (origins.length === 0) return null;
  try {
    const url = new URL(link);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return origins.some((origin) => new URL(origin).origin === url.origin) ? url : null;
  } catch {
    return null;
  }
}

function redirectTarget(location: string, from: URL): string {
  try {
    return new URL(location, from).toString();
  } catch {
    throw new Unanswered('a redirect to nowhere');
  }
}

function beforeDeadline<T>(work: Promise<T>, deadline: AbortSignal): Promise<T> {
  if (deadline.aborted) return Promise.reject(new Unanswered('timed out'));
  return Promise.race([
    work,
    new Promise<never>((_resolve, reject) =>
      deadline.addEventListener('abort', () => reject(new Unanswered('timed out')), { once: true }),
    ),
  ]);
}

const portOf = (url: URL) => Number(url.port) || (url.protocol === 'https:' ? 443 : 80);

/** A URL's hostname without IPv6 brackets. */
const bare = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1');

/** Failures of the page's side (no such name, refused, reset, broken TLS or HTTP, aborted), not of this server. */
function isNetworkError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return typeof (error as NodeJS.ErrnoException).code === 'string' || error.name === 'AbortError';
}
