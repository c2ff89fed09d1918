import { Inject, Injectable } from '@nestjs/common';
import { parseTourPublicId } from '@tourly/contracts';
import { CONFIG, readCookie } from '@tourly/platform';
import type { PropertiesConfig } from '../config';
import { tourLinks } from '../tours/tours.rules';
import {
  leadGateKeys,
  leadPass,
  leadPassCookieName,
  leadPassExpiry,
  leadPassLink,
  validLeadPass,
  type LeadGateKeys,
} from './lead-gate.rules';

/** A tour as the gate needs it: whose it is and how many positions it shows before asking (null: no gate). */
export interface GatedTour {
  propertyId: string;
  leadGateSweeps: number | null;
}

/** What opens a gated tour: the cookie's value until `expires` (seconds since the epoch), and the temporary link. */
export interface LeadPass {
  propertyId: string;
  cookieValue: string;
  expires: number;
  link: string;
}

/** A temporary link opened: the visitor goes on to the tour's own link, with the pass when the link was genuine. */
export interface RedeemedLink {
  pass: Omit<LeadPass, 'link'> | null;
  location: string;
}

/**
 * The lead gate (issue 33): a tour that shows its first N positions, then asks for the visitor's details. A lead
 * sent from the tour earns a pass for a week: a cookie in that browser, and a temporary link that sets the same
 * cookie in another. A marketing gate, not a lock: the tour's contents are public (the Matterport embed can be opened
 * without the player), so nothing here guards them; the password does that.
 */
@Injectable()
export class LeadGate {
  private readonly keys: LeadGateKeys;
  private readonly appUrl: string;

  constructor(@Inject(CONFIG) config: PropertiesConfig) {
    this.keys = leadGateKeys(config.INTERNAL_TOKEN_SECRET);
    this.appUrl = config.APP_URL;
  }

  /** Whether the request carries this tour's genuine pass, not run out. */
  passed(tour: Pick<GatedTour, 'propertyId'>, cookieHeader: string | undefined): boolean {
    const cookie = readCookie(cookieHeader, leadPassCookieName(tour.propertyId));
    return validLeadPass(this.keys.cookie, tour.propertyId, cookie, Date.now()) !== null;
  }

  /** The pass a lead sent from a tour earns, for a week; a tour without a gate gives none (nothing to open). */
  passFor(tour: GatedTour, publicId: string): LeadPass | null {
    if (tour.leadGateSweeps === null) return null;
    const expires = leadPassExpiry(Date.now());
    return {
      propertyId: tour.propertyId,
      cookieValue: leadPass(this.keys.cookie, tour.propertyId, expires),
      expires,
      link: leadPassLink(this.appUrl, publicId, leadPass(this.keys.link, tour.propertyId, expires)),
    };
  }

  /**
   * A temporary link opened: its pass as this browser's cookie, until the link itself runs out (opening it again
   * never stretches the week). A link altered, run out or of another tour opens the tour without a pass: the gate
   * asks again, which is all a visitor can do about it. The visitor is sent on to the tour's clean link, on the host
   * the link was opened on, where the cookie was set.
   */
  redeem(tour: GatedTour, publicId: string, token: string): RedeemedLink {
    const slugs = parseTourPublicId(publicId)!;
    const location = new URL(tourLinks(this.appUrl, slugs, null).default).pathname;
    const expires = validLeadPass(this.keys.link, tour.propertyId, token, Date.now());
    if (expires === null) return { pass: null, location };
    return {
      pass: {
        propertyId: tour.propertyId,
        cookieValue: leadPass(this.keys.cookie, tour.propertyId, expires),
        expires,
      },
      location,
    };
  }
}
