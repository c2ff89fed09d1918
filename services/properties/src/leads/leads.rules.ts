import { createHmac } from 'node:crypto';
import type { LeadAttribution, LeadReceivedV1 } from '@tourly/contracts';
import { clientAddressKey } from '@tourly/platform';
import type { VisitorLimit } from '../visitors/visitor-limits';

export type LeadSource = LeadReceivedV1['source'];

/** What a visitor does in a tour that is recorded (a later analytics feature reads them). */
export const TOUR_EVENT_TYPES = ['phone_revealed'] as const;
export type TourEventType = (typeof TOUR_EVENT_TYPES)[number];

/** 422 on `lead.property_id` when both are named: a form is on one page. */
export const ONE_LEAD_TARGET = 'must be left out when tour_id is given';

/** 422 on `lead.attribution`: a website has no tour for its visitor to walk. */
export const ATTRIBUTION_TOUR_ONLY = 'must be left out when property_id is given';

/**
 * A lead's attribution as kept, from the checked form: a plain copy (a floor left out is null); nothing sent, or
 * two empty lists (a visitor who named no room), is none.
 */
export function attributionOf(
  sent:
    | { rooms: Array<{ room: string; floor?: number | null; seconds: number }>; path: string[] }
    | null
    | undefined,
): LeadAttribution | null {
  if (!sent || (sent.rooms.length === 0 && sent.path.length === 0)) return null;
  return {
    rooms: sent.rooms.map(({ room, floor, seconds }) => ({ room, floor: floor ?? null, seconds })),
    path: [...sent.path],
  };
}

export const TOO_MANY_EVENTS = 'Too many requests. Please wait a minute and try again.';

/** A lead past a limit: the words say when to try again, in whole minutes (at least one), as Retry-After does. */
export function tooManyLeads(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many messages sent. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/**
 * Who sent a lead, as kept with it: a keyed hash (HMAC-SHA256, a key derived from the shared secret for this use
 * only) of the client (`clientAddressKey`: an IPv6 network's /64 as one), so leads name no visitor's address.
 */
export function leadSenderKey(secret: string, address: string): string {
  const key = createHmac('sha256', secret).update('lead-sender').digest();
  return createHmac('sha256', key).update(clientAddressKey(address)).digest('base64url').slice(0, 32);
}

/** The window both lead limits count in. */
export const LEAD_WINDOW_SECONDS = 3600;

/**
 * Leads one client (an IPv4 address, an IPv6 network's /64) may send in an hour, across every tour and website: the
 * limit that stops one sender's flood, generous enough for an office or an open house behind one address.
 */
export function leadAddressLimit(perAddressPerHour: number): VisitorLimit {
  return { bucket: 'leads_per_address', limit: perAddressPerHour, windowSeconds: LEAD_WINDOW_SECONDS };
}

/**
 * A tour's (or a website's) limit counts only the senders it has not heard from in the last hour: a new sender
 * past `newSendersPerHour` waits until one of the hour's senders' last lead is an hour old; one it heard from keeps
 * writing within its own limit. `retryAfter` null: taken.
 */
export function tourSenderCheck(
  heard: { knownSender: boolean; senders: number; oldestLastLeadAgeSeconds: number | null },
  newSendersPerHour: number,
): { retryAfter: number | null } {
  if (heard.knownSender || heard.senders < newSendersPerHour) return { retryAfter: null };
  return { retryAfter: Math.max(1, LEAD_WINDOW_SECONDS - (heard.oldestLastLeadAgeSeconds ?? 0)) };
}

/** Phone reveals: a visitor clicks each agent once, so a minute's allowance is generous. */
export const TOUR_EVENT_LIMIT: VisitorLimit = { bucket: 'tour_events', limit: 60, windowSeconds: 60 };

/** The e-mail an agent receives about a lead (plain text: the visitor's words are never markup). */
export function leadEmail(
  lead: Pick<LeadReceivedV1, 'source' | 'firstName' | 'lastName' | 'email' | 'phoneNumber' | 'message'> & {
    propertyTitle: string;
  },
): { subject: string; text: string } {
  const from = `${lead.firstName} ${lead.lastName}`;
  return {
    subject: `New message about ${lead.propertyTitle} from ${from}`,
    text: [
      `${from} sent a message from the ${lead.source} of ${lead.propertyTitle}:`,
      '',
      lead.message,
      '',
      `Email: ${lead.email}`,
      `Phone: ${lead.phoneNumber}`,
      '',
      `Reply to ${lead.email} to answer. Every message about this property is on its page in your workspace, under Leads.`,
    ].join('\n'),
  };
}
