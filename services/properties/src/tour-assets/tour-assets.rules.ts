import { MESSAGES, TOUR_MESSAGES } from '@tourly/contracts';
import { isOutboundHost } from '@tourly/platform';
import { parseLink } from '../media/links';

/** The scan service's domain: its pages (and those of every name below it) are never read. */
export const SCAN_SERVICE_DOMAIN = 'matterport.com';

/** What a menu link's page may be read as, decided before anything is fetched. */
export interface LinkPolicy {
  /** The host of the scan service's viewer (MATTERPORT_SHOWCASE_URL): never read either. */
  showcaseHost: string;
  /** The product's own domains (OWN_DOMAINS; their subdomains count too) and APP_URL's host. */
  ownDomains: string[];
  appHost: string;
}

/** One of the platform's own tours: `/tours/{client_slug}/{model_slug}` on one of its hosts. */
export interface OwnTour {
  clientSlug: string;
  modelSlug: string;
}

/** A link to read is refused (a field message on `link`), an own tour's, or a page to fetch. */
export type LinkTarget = { refusal: string } | { ownTour: OwnTour } | { fetch: URL };

/** The host as compared: lowercase, without the trailing dot that names the same host (`localhost.`). */
const bareHost = (url: URL) => url.hostname.toLowerCase().replace(/\.$/, '');

const within = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

const OWN_TOUR_PATH = /^\/tours\/([^/]+)\/([^/]+)(?:\/mls)?\/?$/;

/**
 * What to do with a link a person asks the page of (and each redirect on the way): it must be an absolute http(s)
 * URL; the scan service's pages are not read (they are an app, not a page with metadata, and reading them would
 * make this server a client of theirs); the platform's own tours are answered from the database; anything else is
 * fetched only if its host could be on the public internet (the platform's `isOutboundHost`; the addresses its name
 * resolves to are judged again before connecting, by `isOutboundAddress`).
 */
export function linkTarget(value: string, policy: LinkPolicy): LinkTarget {
  const link = parseLink(value);
  if (!link) return { refusal: value.trim() === '' ? MESSAGES.required : MESSAGES.invalidUrl };
  const url = new URL(link);
  const host = bareHost(url);
  if (within(host, SCAN_SERVICE_DOMAIN) || host === policy.showcaseHost.toLowerCase()) {
    return { refusal: TOUR_MESSAGES.metadataFromScanService };
  }
  const ownTour = ownTourOf(url, host, policy);
  if (ownTour) return { ownTour };
  if (!isOutboundHost(host)) return { refusal: TOUR_MESSAGES.metadataNotPublic };
  return { fetch: url };
}

function ownTourOf(url: URL, host: string, policy: LinkPolicy): OwnTour | null {
  if (host !== policy.appHost.toLowerCase() && !policy.ownDomains.some((domain) => within(host, domain))) {
    return null;
  }
  const match = OWN_TOUR_PATH.exec(url.pathname);
  if (!match) return null;
  try {
    return { clientSlug: decodeURIComponent(match[1]!), modelSlug: decodeURIComponent(match[2]!) };
  } catch {
    return null; // a malformed escape names no tour
  }
}

/** What a page says of itself, for a menu entry's preview. */
export interface PageMetadata {
  title: string | null;
  description: string | null;
  imageUrl: string | null;
}

const TAG = /<(title|meta)\b([^>]*)>/gi;
const ATTRIBUTE = /([a-z_:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;

/**
 * The title, description and image of an HTML page: Open Graph's (`og:title`, `og:description`, `og:image`), else
 * the page's `<title>` and `<meta name="description">`; the image resolved against the page's URL and kept only
 * when it is an http(s) URL. A page that is not HTML gives nulls.
 */
export function pageMetadata(html: string, pageUrl: URL): PageMetadata {
  const meta = new Map<string, string>();
  let title: string | null = null;
  for (const tag of html.matchAll(TAG)) {
    if (tag[1]!.toLowerCase() === 'title') {
      const end = html.toLowerCase().indexOf('</title>', tag.index + tag[0].length);
      if (title === null && end !== -1) title = text(html.slice(tag.index + tag[0].length, end));
      continue;
    }
    const attributes = new Map<string, string>();
    for (const attribute of tag[2]!.matchAll(ATTRIBUTE)) {
      attributes.set(attribute[1]!.toLowerCase(), attribute[2] ?? attribute[3] ?? attribute[4] ?? '');
    }
    const name = (attributes.get('property') ?? attributes.get('name'))?.toLowerCase();
    const content = attributes.get('content');
    if (name && content !== undefined && !meta.has(name)) meta.set(name, text(content));
  }
  const image = meta.get('og:image') || meta.get('og:image:url') || meta.get('og:image:secure_url');
  return {
    title: meta.get('og:title') || title || null,
    description: meta.get('og:description') || meta.get('description') || null,
    imageUrl: image ? absoluteHttpUrl(image, pageUrl) : null,
  };
}

function absoluteHttpUrl(value: string, base: URL): string | null {
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** Markup text as a person reads it: entities decoded, whitespace collapsed, at most 500 characters. */
function text(markup: string): string {
  const decoded = markup.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    const code = name.startsWith('#x') || name.startsWith('#X') ? parseInt(name.slice(2), 16) : NaN;
    const number = name.startsWith('#') && Number.isNaN(code) ? parseInt(name.slice(1), 10) : code;
    if (!Number.isNaN(number)) return number > 0 && number <= 0x10ffff ? String.fromCodePoint(number) : '';
    return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
  });
  return decoded.replace(/\s+/g, ' ').trim().slice(0, 500);
}
