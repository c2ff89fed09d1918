import type { LeadReceivedV1 } from '@tourly/contracts';
import type { VisitorLimit } from '../visitors/visitor-limits';

export type LeadSource = LeadReceivedV1['source'];

/** What a visitor does in a tour that is recorded (a later analytics feature reads them). */
export const TOUR_EVENT_TYPES = ['phone_revealed'] as const;
export type TourEventType = (typeof TOUR_EVENT_TYPES)[number];

/** 422 on `lead.property_id` when both are named: a form is on one page. */
export const ONE_LEAD_TARGET = 'must be left out when tour_id is given';

export const TOO_MANY_LEADS = 'Too many messages sent. Please wait a while and try again.';
export const TOO_MANY_EVENTS = 'Too many requests. Please wait a minute and try again.';

export function leadLimits(perAddressPerHour: number, perTourPerHour: number) {
  return {
    address: { bucket: 'leads_per_address', limit: perAddressPerHour, windowSeconds: 3600 },
    tour: { bucket: 'leads_per_tour', limit: perTourPerHour, windowSeconds: 3600 },
  } satisfies Record<string, VisitorLimit>;
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
