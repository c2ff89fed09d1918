import { MESSAGES } from '@tourly/contracts';
import { ApiError, isOutboundHost } from '@tourly/platform';

export const OWN_DOMAIN_LINK = 'must be a video hosted elsewhere, not a link to Tourly itself';

/** An absolute http(s) link with a host, normalised; null for anything else (001 §8 'Invalid URL'). */
export function parseLink(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null;
  if (url.username || url.password) return null;
  return url.toString();
}

/** A link for the media lists: any http(s) URL, else 422 'Invalid URL' on the field. */
export function requireLink(value: string, field: string): string {
  const link = parseLink(value);
  if (!link) throw ApiError.invalid(field, value.trim() === '' ? MESSAGES.required : MESSAGES.invalidUrl);
  return link;
}

/**
 * An external video link (001 §5): a URL on a public host, and not on the product's own domains (or their
 * subdomains): a link to one of our own tours is not a video.
 *
 * The same server answers to more names than `OWN_DOMAINS` lists: every loopback address (127.0.0.1, [::1],
 * 0.0.0.0 and the decimal, hex or octal spellings of them, which the URL parser turns into dotted form),
 * `localhost` and its subdomains, and any address of a private network. None of those is a place a video is
 * hosted for the public, so a host is accepted only when it is a public name or a public address (the platform's
 * `isOutboundHost`, the judge of every server-side fetch too).
 */
export function requireExternalVideoLink(value: string, field: string, ownDomains: string[]): string {
  const link = requireLink(value, field);
  const host = new URL(link).hostname.toLowerCase().replace(/\.$/, '');
  if (!isOutboundHost(host) || ownDomains.some((domain) => host === domain || host.endsWith(`.${domain}`))) {
    throw ApiError.invalid(field, OWN_DOMAIN_LINK);
  }
  return link;
}
