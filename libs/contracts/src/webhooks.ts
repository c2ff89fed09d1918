/**
 * Outgoing webhooks (002 §3, §7 "Webhooks"): the events a provider's own systems can subscribe to. Each public
 * type is a stable name of its own, not the internal subject: the internal events may grow new versions while
 * receivers keep the type they subscribed to. services/identity/README.md lists each with its payload.
 */
export const WEBHOOK_EVENT_TYPES = [
  'property.created',
  'property.updated',
  'property.deleted',
  'tour.published',
  'tour.unpublished',
  'tours.deactivated',
  'website.published',
  'website.unpublished',
  'order.placed',
  'order.status_changed',
  'order.finalised',
  'order.cancelled',
  'subscription.changed',
  'credits.changed',
  'hosting.subscription.changed',
  'hosting.invoice.paid',
  'hosting.tour.paused',
  'hosting.tour.resumed',
  'lead.received',
  'client.created',
  'booking.created',
  'booking.updated',
  'booking.cancelled',
  'digital_twin.aligned',
  'segmentation.completed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event the developer page sends to try an endpoint; never subscribed to, sent on request only. */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';

export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  'property.created': 'A property was created.',
  'property.updated': 'A property’s details changed.',
  'property.deleted': 'A property was deleted.',
  'tour.published': 'A property’s tour was shared: its public link works.',
  'tour.unpublished': 'A property’s tour stopped being shared.',
  'tours.deactivated': 'Tours stopped being served because the plan no longer covers them.',
  'website.published': 'A property’s single-property website was published.',
  'website.unpublished': 'A property’s single-property website stopped being published.',
  'order.placed': 'A floor plan order (or an amendment) was placed.',
  'order.status_changed': 'An order moved from one status to another.',
  'order.finalised': 'An order was delivered: its files are on the property.',
  'order.cancelled': 'An open order was cancelled; its credits came back.',
  'subscription.changed': 'The service plan subscription changed (plan, interval or status).',
  'credits.changed': 'The credit balance changed: a purchase, an adjustment, a hold, a spend or a release.',
  'hosting.subscription.changed':
    'A hosting-fee subscription of one of your clients changed: created, renewed, past due or canceled.',
  'hosting.invoice.paid': 'A client paid a hosting-fee invoice.',
  'hosting.tour.paused':
    'A tour was paused for visitors: its hosting-fee invoice went unpaid past its due date (or its exemption ended).',
  'hosting.tour.resumed':
    'A paused tour is back for visitors: its invoice was paid or voided, or the tour exempted.',
  'lead.received': 'A visitor sent the contact form of a shared tour or a published website.',
  'client.created': 'A client (an agency the provider works for) was recorded.',
  'booking.created': 'An agent booked a shoot on the booking form; it waits for the provider’s answer.',
  'booking.updated': 'A booking was accepted, declined, moved, completed or otherwise changed.',
  'booking.cancelled': 'A booking was cancelled.',
  'digital_twin.aligned':
    'A property’s digital twin (its exterior model) was aligned to its scan, or aligned again: its placement is in the payload.',
  'segmentation.completed':
    'A segmentation of every panorama of a property’s scan settled: how many were segmented, which rooms are empty.',
};

/** The statuses of one event's delivery to one endpoint. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_LIMITS = {
  /** Endpoints one provider may have. */
  endpointsPerProvider: 10,
  urlMaxLength: 2_000,
  descriptionMaxLength: 200,
  /** How much of a receiver's answer the delivery log keeps. */
  responseSnippetBytes: 1_024,
  /** How long the secret a rotation replaced keeps verifying (deliveries are signed with both meanwhile). */
  previousSecretHours: 24,
} as const;
