import type { Interval, ProductCode } from './plans';
import type { CreditCategory, CreditChange, SubscriptionStatus } from './billing';
import type { MembershipRole } from './roles';
import type { OrderDrawer, OrderKind, OrderStatus, RetouchDelivery } from './orders';
import type { MatterportConnectionStatus } from './matterport';
import type { AdminChangeRecordedV1 } from './audit';
import type { BookingStatus } from './bookings';
import type { AnalyticsBatchV1 } from './analytics';
import type {
  HostingInvoiceChangedV1,
  HostingInvoiceOverdueV1,
  HostingSubscriptionChangedV1,
  HostingTourV1,
} from './hosting';

/**
 * Every event travels in this envelope. On the wire (NATS, webhooks) keys are snake_case like the HTTP API:
 * `id, type, occurred_at, provider_id, data`, and `trace` when the event was published inside a traced request.
 */
export interface EventEnvelope<S extends EventSubject = EventSubject> {
  /** UUID v7: sortable by time, and the JetStream `Nats-Msg-Id`. */
  id: string;
  type: S;
  occurredAt: string;
  providerId: string | null;
  data: EventCatalogue[S];
  /** The publisher's trace (W3C Trace Context), so the consumer's span joins it; absent when nothing was traced. */
  trace?: TraceContext;
}

/** A W3C Trace Context as its two headers carry it (https://www.w3.org/TR/trace-context/). */
export interface TraceContext {
  traceparent: string;
  tracestate?: string;
}

// identity
export interface ProviderCreatedV1 {
  providerId: string;
  name: string;
}
export interface UserCreatedV1 {
  userId: string;
  email: string;
}
export interface MembershipChangedV1 {
  providerId: string;
  userId: string;
  role: MembershipRole | null;
  /**
   * A client user's client (issue 31, client portals): the provider's client whose portal the membership opens
   * (or opened, on a removal). Absent or null for the team's roles. Added, not changed: older events lack it.
   */
  providerClientId?: string | null;
}
export interface ImpersonationV1 {
  providerId: string;
  adminId: string;
  impersonationId: string;
}

export interface WhitelabeledDomainChangedV1 {
  providerId: string;
  subdomain: string;
  status: 'pending' | 'active' | 'failed';
}

/**
 * A webhook endpoint was disabled because its deliveries kept failing; identity mails the provider's admins from
 * this event.
 */
export interface WebhookEndpointDisabledV1 {
  providerId: string;
  endpointId: string;
  url: string;
  reason: string;
}
/** A provider's admin turned `autoPopulateModels` on or off (properties then creates properties for its models). */
export interface AutoPopulateModelsChangedV1 {
  providerId: string;
  enabled: boolean;
}
/** A provider's Matterport connection changed: connected (again), disconnected, or broken (renewal refused). */
export interface MatterportConnectionChangedV1 {
  providerId: string;
  status: MatterportConnectionStatus;
}

// billing
export interface SubscriptionChangedV1 {
  providerId: string;
  productCode: ProductCode;
  interval: Interval;
  status: SubscriptionStatus;
  /** null: unlimited. */
  premiumTourLimit: number | null;
  /**
   * The provider's subscription version: billing's database increments it under the provider's lock in the
   * transaction that publishes this event, so each change of one provider has a greater version than the one before,
   * whatever any process's clock says. Consumers apply a change only if its version is greater than the last they
   * applied, never by `occurred_at`. Absent in events published before it existed: such an event is older than any
   * with a version (among themselves, the old order by `occurred_at`, then event id, still holds).
   */
  version?: number;
}
/** Billing's own: a verified Stripe event stored, to be acted on after the webhook has been answered. */
export interface StripeEventReceivedV1 {
  stripeEventId: string;
  type: string;
}
/**
 * A premium tour paid on its own changed state. `active` is true while Stripe's subscription pays for the tour
 * (active, or past_due inside the payment window); false once it ended, went unpaid or was never paid.
 */
export interface ImmersiveExtensionChangedV1 {
  providerId: string;
  propertyId: string;
  extensionId: string;
  status: SubscriptionStatus;
  active: boolean;
  /**
   * The version of the tour's extension (per provider and property, whichever Stripe subscription pays): billing's
   * database increments it under that row's lock in the transaction that publishes this event, so each change about
   * one tour has a greater version than the one before, whatever any process's clock says. Billing's answers to
   * `billing.immersive_extension.subscribe` and `.cancel` carry the version as of the answer. Consumers apply a change
   * only if its version is greater than the last they applied, never by `occurred_at`. Absent in events published
   * before it existed: such an event is older than any with a version (among themselves, the old order by
   * `occurred_at` still holds).
   */
  version?: number;
}
/**
 * A provider's credits changed: a purchase or an adjustment granted (or took) credits, a reservation held them,
 * was captured (spent) or released. `amount` is the change to the available balance (0 for a capture: the credits
 * were already held). `version` is the provider's credits version, incremented under the provider's balance row
 * lock in the transaction that publishes the event: keep the balances of the greatest version.
 */
export interface CreditsChangedV1 {
  providerId: string;
  change: CreditChange;
  category: CreditCategory | null;
  amount: number;
  reference: string | null;
  availableBalance: number;
  reservedBalance: number;
  version: number;
}
/**
 * A credits purchase was paid and its credits granted, once per payment intent, in the transaction of the purchase's
 * `billing.credits.changed.v1` (`change: purchase`). Its own subject, so what acts on purchases alone (billing's
 * offers) is not woken by every reservation and capture of credits.
 */
export interface CreditsPurchasedV1 {
  providerId: string;
  /** The Stripe payment intent that paid for them. */
  paymentIntentId: string;
  /** Credits granted. */
  credits: number;
}
export interface SubscriptionDowngradedV1 {
  providerId: string;
  fromProductCode: ProductCode;
  toProductCode: ProductCode;
  premiumTourLimit: number | null;
}

// orders
/**
 * Orders publishes this when an order is placed (billing gives the provider its `any_order_placed` offers). `kind`
 * is the kind of order, as orders names it (a floor plan order, say).
 */
export interface OrderPlacedV1 {
  providerId: string;
  orderId: string;
  kind: string;
  /** Since issue 15; absent in events published before. */
  propertyId?: string;
  credits?: number;
  /** The order it amends (an amendment is new work on a delivered order), null for a first order. */
  amendsOrderId?: string | null;
  /** Who draws it (issue 38); absent in events published before, all of them a supplier's. */
  drawnBy?: OrderDrawer;
}
/** An order moved from one status to another (every move, delivered and cancelled included). */
export interface OrderStatusChangedV1 {
  providerId: string;
  orderId: string;
  propertyId: string;
  kind: OrderKind;
  from: OrderStatus;
  to: OrderStatus;
  /** Who moved it (a user id), null for the platform itself. */
  actorId: string | null;
}
/** A file the supplier delivered, where it is stored (the platform's bucket). */
export interface DeliveredFileV1 {
  fileId: string;
  storageKey: string;
  filename: string;
  contentType: string;
  size: number;
  /** A retouching order's: the property's photo this file retouches (issue 38). */
  photoId?: string;
}
/**
 * The supplier finalised an order: its plan (or its retouched photos) delivered. Properties attaches each plan file
 * to the property as a floorplan, each retouched photo beside or in place of its original; orders captures the
 * order's credits.
 */
export interface OrderFinalisedV1 {
  providerId: string;
  orderId: string;
  propertyId: string;
  kind: OrderKind;
  credits: number;
  files: DeliveredFileV1[];
  /** A retouching order's: whether its photos go beside their originals or in their place (issue 38). */
  retouchDelivery?: RetouchDelivery;
  /**
   * The first order of its line: its own id for a first order; for an amendment (of an amendment...), the order they
   * go back to. An amendment's plan takes the place of the plan of the same file name its line delivered before, and
   * its photo delivered beside an original the place of the copy its line put there. Optional: events published
   * before it have none.
   */
  firstOrderId?: string;
}
/** An open order was cancelled, with the reason given; orders releases its credits. */
export interface OrderCancelledV1 {
  providerId: string;
  orderId: string;
  propertyId: string;
  kind: OrderKind;
  credits: number;
  cancellationReason: string;
}

// properties
export interface ToursDeactivatedV1 {
  providerId: string;
  propertyIds: string[];
}
/**
 * The plan in force no longer publishes (it ended: the free plan shares nothing), so what was public stopped
 * being served in one go: tour links no longer shared and single-property websites no longer published. A later
 * upgrade publishes nothing again by itself.
 */
export interface PublicationsWithdrawnV1 {
  providerId: string;
  /** The plan in force, one that does not publish. */
  productCode: ProductCode;
  /** Properties whose tour stopped being shared. */
  tourPropertyIds: string[];
  /** Properties whose single-property website stopped being published. */
  websitePropertyIds: string[];
  /**
   * The title of each property named above (what the provider's mail lists). Optional: events published before it
   * have none.
   */
  properties?: Array<{ propertyId: string; title: string }>;
}
export interface PropertyV1 {
  providerId: string;
  propertyId: string;
  title: string;
}
export interface TourPublicationV1 {
  providerId: string;
  propertyId: string;
  premium: boolean;
}
/**
 * A property's single-property website was published, or stopped being published (the person's choice, or a plan
 * that no longer publishes: then `properties.publications.withdrawn.v1` comes with it).
 */
export interface WebsitePublicationV1 {
  providerId: string;
  propertyId: string;
}
/** What a lead's attribution may hold (the server refuses more; the player sends no more). */
export const LEAD_ATTRIBUTION_LIMITS = {
  /** Rooms listed, longest stay first. */
  maxRooms: 5,
  /** Rooms on the path: the last ones entered before writing. */
  maxPath: 30,
  /** A room's name, in characters. */
  maxRoomLength: 100,
  /** A floor, as the analytics events take it (0-based). */
  maxFloor: 99,
  /** Seconds in one room: a day. */
  maxSeconds: 86_400,
} as const;

/**
 * Where the visitor of a tour spent its time before sending a lead, as the visitor's own browser reported it (only
 * with the visitor's consent to analytics): the rooms it stayed in longest, longest first, and the rooms in the order
 * it entered them (a room entered again after another appears again), oldest first.
 */
export interface LeadAttribution {
  rooms: Array<{ room: string; floor: number | null; seconds: number }>;
  path: string[];
}

/**
 * A property's digital twin was aligned to its scan (issue 37): its pairs of points fit under the threshold. Each
 * alignment that ends aligned publishes one, with the placement it gave (a realignment moves the twin).
 */
export interface DigitalTwinAlignedV1 {
  providerId: string;
  propertyId: string;
  digitalTwinId: string;
  assetId: string;
  /** scan = scale * rotation(quaternion) * model + translation, in metres. */
  transform: {
    scale: number;
    quaternion: { x: number; y: number; z: number; w: number };
    translation: { x: number; y: number; z: number };
  };
  /** Metres: the pairs' root mean square error. */
  rmsError: number;
  alignedAt: string;
}

/**
 * One step of a segmentation job (a long job's step: `jobs.` subjects travel on a work queue): the worker segments
 * this panorama of the job's scan, once, and settles the job when it is the last.
 */
export interface SegmentPanoV1 {
  providerId: string;
  propertyId: string;
  jobId: string;
  panoId: string;
}

/** A segmentation job settled: every panorama segmented (`failed` 0) or given up on, with the scene visitors see. */
export interface SegmentationCompletedV1 {
  providerId: string;
  propertyId: string;
  jobId: string;
  sceneId: string;
  matterportKey: string;
  status: 'done' | 'failed';
  panoramas: number;
  segmented: number;
  failed: number;
  /** The panoramas in which the engine found no furniture: the rooms virtual staging can furnish. */
  emptyRoomPanoIds: string[];
  completedAt: string;
}

/**
 * A visitor sent the contact form of a shared tour (`source: tour`, `tourId` its public id) or of a published
 * website (`source: website`, `tourId` null). Properties mails it to the property's agents from this event.
 */
export interface LeadReceivedV1 {
  providerId: string;
  propertyId: string;
  leadId: string;
  source: 'tour' | 'website';
  tourId: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  message: string;
  /**
   * The rooms behind the lead (`LeadAttribution`); null when none came (a website's form, a visitor without consent).
   * Optional: events published before it have none.
   */
  attribution?: LeadAttribution | null;
}

/** A provider recorded a client (an agency it works for). */
export interface ClientCreatedV1 {
  providerId: string;
  clientId: string;
  name: string;
}

/** A provider's client deleted: whatever gave access to its records (its portal users, invitations) ends. */
export interface ClientDeletedV1 {
  providerId: string;
  clientId: string;
}

/** A booking made, changed or cancelled (issue 31): where it stands now. */
export interface BookingChangedV1 {
  providerId: string;
  bookingId: string;
  status: BookingStatus;
  /** null: the booking was just made. */
  previousStatus: BookingStatus | null;
  startsAt: string;
  endsAt: string;
  assignedUserId: string;
  /** Whether its time changed. */
  moved: boolean;
  /** Grows with each change, so a calendar that holds the booking replaces it (iCalendar SEQUENCE). */
  sequence: number;
}

/**
 * Subject -> payload. Subjects are `<service>.<aggregate>.<event>.v<N>`; an event never changes incompatibly,
 * a new version gets a new subject.
 */
export interface EventCatalogue {
  'identity.provider.created.v1': ProviderCreatedV1;
  'identity.user.created.v1': UserCreatedV1;
  'identity.membership.changed.v1': MembershipChangedV1;
  'identity.impersonation.started.v1': ImpersonationV1;
  'identity.impersonation.stopped.v1': ImpersonationV1;
  'identity.whitelabeled_domain.changed.v1': WhitelabeledDomainChangedV1;
  'identity.webhook_endpoint.disabled.v1': WebhookEndpointDisabledV1;
  'identity.provider.auto_populate_models_changed.v1': AutoPopulateModelsChangedV1;
  'identity.matterport.connection_changed.v1': MatterportConnectionChangedV1;
  'identity.admin_change.recorded.v1': AdminChangeRecordedV1;
  'billing.admin_change.recorded.v1': AdminChangeRecordedV1;
  'properties.admin_change.recorded.v1': AdminChangeRecordedV1;
  'orders.admin_change.recorded.v1': AdminChangeRecordedV1;
  'billing.subscription.changed.v1': SubscriptionChangedV1;
  'billing.subscription.downgraded.v1': SubscriptionDowngradedV1;
  'billing.stripe_event.received.v1': StripeEventReceivedV1;
  'billing.immersive_extension.changed.v1': ImmersiveExtensionChangedV1;
  'billing.credits.changed.v1': CreditsChangedV1;
  'billing.credits.purchased.v1': CreditsPurchasedV1;
  'billing.hosting.subscription.changed.v1': HostingSubscriptionChangedV1;
  'billing.hosting.invoice.changed.v1': HostingInvoiceChangedV1;
  'billing.hosting.invoice.paid.v1': HostingInvoiceChangedV1;
  'billing.hosting.invoice.overdue.v1': HostingInvoiceOverdueV1;
  'properties.tours.deactivated.v1': ToursDeactivatedV1;
  'properties.publications.withdrawn.v1': PublicationsWithdrawnV1;
  'properties.property.created.v1': PropertyV1;
  'properties.property.updated.v1': PropertyV1;
  'properties.property.deleted.v1': PropertyV1;
  'properties.tour.published.v1': TourPublicationV1;
  'properties.tour.unpublished.v1': TourPublicationV1;
  'properties.website.published.v1': WebsitePublicationV1;
  'properties.website.unpublished.v1': WebsitePublicationV1;
  'properties.lead.received.v1': LeadReceivedV1;
  'properties.analytics.batch.v1': AnalyticsBatchV1;
  'properties.client.created.v1': ClientCreatedV1;
  'properties.client.deleted.v1': ClientDeletedV1;
  'properties.hosting.tour.paused.v1': HostingTourV1;
  'properties.hosting.tour.resumed.v1': HostingTourV1;
  'properties.booking.created.v1': BookingChangedV1;
  'properties.booking.updated.v1': BookingChangedV1;
  'properties.booking.cancelled.v1': BookingChangedV1;
  'properties.digital_twin.aligned.v1': DigitalTwinAlignedV1;
  'properties.segmentation.completed.v1': SegmentationCompletedV1;
  'jobs.properties.segment_pano.v1': SegmentPanoV1;
  'properties.media.added.v1': { providerId: string; propertyId: string; kind: string; mediaIds: string[] };
  'orders.order.placed.v1': OrderPlacedV1;
  'orders.order.status_changed.v1': OrderStatusChangedV1;
  'orders.order.finalised.v1': OrderFinalisedV1;
  'orders.order.cancelled.v1': OrderCancelledV1;
}

export type EventSubject = keyof EventCatalogue;
