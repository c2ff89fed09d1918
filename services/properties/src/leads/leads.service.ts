import { Inject, Injectable } from '@nestjs/common';
import { MESSAGES, PEOPLE_PROFILES, type LeadReceivedV1, type PeopleProfiles } from '@tourly/contracts';
import {
  ApiError,
  CONFIG,
  clientAddressKey,
  Database,
  EventBus,
  Mailer,
  RpcClient,
  isUuid,
  pageWithTotal,
  uuidv7,
  type Page,
} from '@tourly/platform';
import type { PropertiesConfig } from '../config';
import { ContactsService } from '../media/contacts.service';
import { PlayerService, type VisitorContext } from '../player/player.service';
import { LeadGate, type LeadPass } from '../player/lead-gate.service';
import { PropertyScope } from '../properties/property-scope';
import { WEBSITE_NOT_FOUND } from '../website/website.service';
import type { CreateTourEvent, LeadForm, LeadResponse, LeadsQuery } from './leads.dto';
import { LeadsRepository, type LeadTarget } from './leads.repository';
import {
  ATTRIBUTION_TOUR_ONLY,
  ONE_LEAD_TARGET,
  TOO_MANY_EVENTS,
  TOUR_EVENT_LIMIT,
  attributionOf,
  leadAddressLimit,
  leadEmail,
  leadSenderKey,
  tooManyLeads,
  tourSenderCheck,
} from './leads.rules';
import { VisitorLimits, type VisitorLimit } from '../visitors/visitor-limits';

/** Who sends a lead or an event: the client address, the request's cookies (a tour's unlock) and its host. */
export interface Visitor {
  address: string;
  cookieHeader: string | undefined;
  context: VisitorContext;
}

/** A lead kept: its id, and the pass it earned when sent from a tour behind the lead gate (else null). */
export interface LeadReceipt {
  id: string;
  pass: LeadPass | null;
}

/** 422 on `event.agent_id`: the phone revealed must be one of the tour's agents. */
export const NOT_AN_AGENT = 'is not an agent of this tour';

/**
 * Visitors' messages (leads) from a shared tour's or a published website's contact form: refused when a robot
 * filled in the honeypot (answered as if accepted), limited per client address and per tour, stored for the
 * provider with their event in one transaction; the e-mails to the agents leave from that event.
 */
@Injectable()
export class LeadsService {
  private readonly addressLimit: VisitorLimit;
  private readonly newSendersPerTour: number;
  private readonly secret: string;

  constructor(
    @Inject(CONFIG) config: PropertiesConfig,
    private readonly db: Database,
    private readonly leads: LeadsRepository,
    private readonly player: PlayerService,
    private readonly scope: PropertyScope,
    private readonly contacts: ContactsService,
    private readonly events: EventBus,
    private readonly rpc: RpcClient,
    private readonly mailer: Mailer,
    private readonly visitorLimits: VisitorLimits,
    private readonly leadGate: LeadGate,
  ) {
    this.addressLimit = leadAddressLimit(config.LEADS_PER_ADDRESS_PER_HOUR);
    this.newSendersPerTour = config.LEADS_PER_TOUR_PER_HOUR;
    this.secret = config.INTERNAL_TOKEN_SECRET;
  }

  async receive(form: LeadForm, visitor: Visitor): Promise<LeadReceipt> {
    const { address } = visitor;
    const id = uuidv7();
    if (form.tourId && form.propertyId) throw ApiError.invalid('lead.propertyId', ONE_LEAD_TARGET);
    if (!form.tourId && !form.propertyId) throw ApiError.invalid('lead.tourId', MESSAGES.required);
    if (form.propertyId && form.attribution)
      throw ApiError.invalid('lead.attribution', ATTRIBUTION_TOUR_ONLY);
    // A robot is answered like a person, so it learns nothing to work around; nothing is kept or sent.
    if (form.company) return { id, pass: null };
    // The client first (an office's or an open house's one address writes generously), before the tour is looked up,
    // so probing unknown tours costs the same.
    await this.visitorLimits.hit(this.addressLimit, clientAddressKey(address), tooManyLeads);
    const tour = form.tourId
      ? await this.player.open(form.tourId, visitor.context, visitor.cookieHeader)
      : null;
    const target = tour ?? (await this.website(form.propertyId, visitor.cookieHeader));
    const senderKey = leadSenderKey(this.secret, address);
    const lead: LeadReceivedV1 = {
      providerId: target.providerId,
      propertyId: target.propertyId,
      leadId: id,
      source: form.tourId ? 'tour' : 'website',
      tourId: form.tourId ?? null,
      firstName: form.firstName,
      lastName: form.lastName,
      email: form.email,
      phoneNumber: form.phoneNumber,
      message: form.message,
      attribution: attributionOf(form.attribution),
    };
    await this.db.transaction(async (tx) => {
      // Then the tour: only senders new to it this hour count against it, so junk from a few addresses never shuts
      // the form for a fresh visitor, and those it heard from keep writing.
      await this.leads.lockSenders(tx, target.propertyId);
      const { retryAfter } = tourSenderCheck(
        await this.leads.heard(tx, target.propertyId, senderKey),
        this.newSendersPerTour,
      );
      if (retryAfter !== null) throw ApiError.tooMany(tooManyLeads(retryAfter), retryAfter);
      await this.leads.create(tx, { ...lead, id, senderKey, attribution: lead.attribution ?? null });
      await this.events.publish('properties.lead.received.v1', lead, tx);
    });
    return { id, pass: tour && this.leadGate.passFor(tour, form.tourId!) };
  }

  /** The property's leads, newest first; another provider's property: 404 `Property not found`. */
  async list(providerId: string, propertyId: string, query: LeadsQuery): Promise<Page<LeadResponse>> {
    await this.scope.of(this.db.dataSource, providerId, propertyId);
    const leads = await this.leads.page(providerId, propertyId, query.pageSize, query.offset);
    return pageWithTotal(
      leads.map((lead) => ({ ...lead, createdAt: lead.createdAt.toISOString() })),
      query,
      () => this.leads.count(providerId, propertyId),
    );
  }

  /**
   * Mails a lead to the property's agents, people and contacts (its admins when it has none), once: a redelivered event after every
   * e-mail went out sends nothing; a failure throws, so the event is retried (an agent already mailed may get it
   * twice, rather than one never getting it).
   */
  async mail(lead: LeadReceivedV1): Promise<void> {
    if (await this.leads.mailed(lead.leadId)) return;
    const target = await this.leads.website(lead.propertyId);
    const agentIds = await this.contacts.agentIds(lead.propertyId);
    const { contacts, userIds } = await this.contacts.byKeeper(lead.providerId, agentIds);
    const { people } =
      userIds.length > 0 || agentIds.length === 0
        ? await this.rpc.ask<PeopleProfiles>(PEOPLE_PROFILES, {
            providerId: lead.providerId,
            userIds,
            admins: agentIds.length === 0,
          })
        : { people: [] };
    const email = leadEmail({ ...lead, propertyTitle: target?.title ?? 'your property' });
    const addresses = [
      ...people.map((person) => person.email),
      ...contacts.map((contact) => contact.emailAddress),
    ];
    for (const address of addresses) await this.mailer.send({ to: address, ...email });
    await this.leads.markMailed(lead.leadId);
  }

  /** Records what a visitor did in a shared tour (a phone number revealed). */
  async recordTourEvent(tourId: string, body: CreateTourEvent, visitor: Visitor): Promise<void> {
    await this.visitorLimits.hit(TOUR_EVENT_LIMIT, clientAddressKey(visitor.address), TOO_MANY_EVENTS);
    const tour = await this.player.open(tourId, visitor.context, visitor.cookieHeader);
    const agentIds = await this.contacts.agentIds(tour.propertyId);
    const agentId = body.event.agentId.toLowerCase();
    if (!agentIds.includes(agentId)) throw ApiError.invalid('event.agentId', NOT_AN_AGENT);
    await this.leads.recordEvent({
      id: uuidv7(),
      providerId: tour.providerId,
      propertyId: tour.propertyId,
      type: body.event.type,
      agentId,
    });
  }

  /** A published website, behind its tour's password as its page is (401 until unlocked), else 404. */
  private async website(
    propertyId: string | null | undefined,
    cookieHeader: string | undefined,
  ): Promise<LeadTarget> {
    const website = isUuid(propertyId) ? await this.leads.website(propertyId) : undefined;
    if (!website?.published) throw ApiError.notFound(WEBSITE_NOT_FOUND);
    const tour = await this.player.propertyTour(website.propertyId);
    if (tour) this.player.mustBeUnlocked(tour.tour, cookieHeader);
    return website;
  }
}
