import type { ShareLinkType } from '@tourly/contracts';
import { Link } from 'react-router';
import type { PlayerLink } from '../api';
import { CopyField } from './CopyField';

export const SETTINGS_PATH = '/provider/settings';

/** Each share link type (001 §3) as the pages name and explain it. */
export const SHARE_LINKS: Record<ShareLinkType, { label: string; hint: string }> = {
  white_label: {
    label: 'White label link',
    hint: 'On your own subdomain or white-label domain: your brand only, no mention of us.',
  },
  default: {
    label: 'Default link',
    hint: 'The tour with your branding, on our domain.',
  },
  mls: {
    label: 'Multiple listing service (MLS) link',
    hint: 'Unbranded for listing services: no provider or agent branding and no contact form, as their rules require.',
  },
};

export const linkOf = (link: PlayerLink, type: ShareLinkType) =>
  type === 'white_label' ? link.links.whiteLabel : type === 'default' ? link.links.default : link.links.mls;

/**
 * The tour's share links, each with "Copy"; without a white-label link (no subdomain and no white-label domain yet),
 * how to get one instead.
 */
export function ShareLinks({ link, types }: { link: PlayerLink; types: readonly ShareLinkType[] }) {
  return (
    <div className="share-links">
      {types.map((type) => {
        const url = linkOf(link, type);
        const { label, hint } = SHARE_LINKS[type];
        return url ? (
          <CopyField key={type} label={label} hint={hint} value={url} />
        ) : (
          <div key={type} className="field share-link-missing">
            <p className="field-label">{label}</p>
            <p className="field-hint">
              Not available yet: choose a subdomain or set up a white-label domain in{' '}
              <Link to={SETTINGS_PATH}>Settings</Link>, and the tour gets a link on it, with your brand only.
            </p>
          </div>
        );
      })}
    </div>
  );
}
