import { Injectable } from '@nestjs/common';
import {
  ACCESS_TYPES,
  BOOKING_NEEDS_PLAN,
  BOOKING_LIMITS,
  PEOPLE_PROFILES,
  PROVIDER_ADDRESSES,
  PROVIDER_PEOPLE,
  type PeopleProfiles,
  type ProviderAddresses,
  type ProviderPeople,
} from '@tourly/contracts';
import { ApiError, Database, isUniqueViolation, RpcClient, uuidv7, type Queryable } from '@tourly/platform';
import { Geocoder } from '../geocoding/geocoder';
import { Plans } from '../plans/plans';
import {
  BOOKING_PAGE_NOT_FOUND,
  BOOKING_SERVICE_NOT_FOUND,
  MEMBER_NOT_FOUND,
  NOT_A_TEAM_MEMBER,
  NOT_OFFERED,
  SETUP_INCOMPLETE,
  SLUG_TAKEN,
  TOO_LONG,
  type AddressSuggestionResponse,
  type AvailabilityResponse,
  type BookingMemberForm,
  type BookingPageForm,
  type BookingPageResponse,
  type BookingServiceForm,
  type BookingServiceResponse,
  type PublicBookingPageResponse,
} from './bookings.dto';
import { BookingsRepository, type BookingPageRow } from './bookings.repository';
import { hoursErrors, openStarts, setupSteps } from './bookings.rules';

/** The page a provider has not saved yet: what it starts from. */
const DEFAULTS = { timeZone: 'UTC', leadTimeHours: 24, slotMinutes: 30, accessTypes: [...ACCESS_TYPES] };

/** A booking page and what it offers, for the public form or the provider's preview of it. */
export interface OpenPage {
  page: BookingPageRow;
  services: BookingServiceResponse[];
}

/**
 * The provider's booking page (issue 31): its address and wording, the services it offers, who takes bookings
 * when, and whether it is published. Free-plan providers build and preview it; publishing needs a paid plan
 * (000 §6). The public form reads it by its slug.
 */
@Injectable()
export class BookingPagesService {
  constructor(
    private readonly db: Database,
    private readonly bookings: BookingsRepository,
    private readonly plans: Plans,
    private readonly rpc: RpcClient,
    private readonly geocoder: Geocoder,
  ) {}

  async page(providerId: string): Promise<BookingPageResponse> {
    const [row, services, members, plan] = await Promise.all([
      this.bookings.page(this.db.dataSource, providerId),
      this.bookings.services(this.db.dataSource, providerId),
      this.bookings.members(this.db.dataSource, providerId),
      this.plans.of(providerId),
    ]);
    const names = await this.names(
      providerId,
      members.map((member) => member.userId),
    );
    const page = row ?? {
      ...DEFAULTS,
      ...(await this.suggestion(providerId)),
      intro: null,
      published: false,
    };
    return {
      saved: row !== undefined,
      slug: page.slug,
      path: `/book/${page.slug}`,
      title: page.title,
      intro: page.intro,
      timeZone: page.timeZone,
      leadTimeHours: page.leadTimeHours,
      slotMinutes: page.slotMinutes,
      accessTypes: page.accessTypes,
      published: page.published,
      canPublish: plan.canPublish,
      services,
      members: members.map((member) => ({ ...member, fullName: names.get(member.userId) ?? null })),
      setup: setupSteps({
        saved: row !== undefined,
        services: services.length,
        membersWithHours: members.filter((member) => member.hours.length > 0).length,
        published: page.published,
      }),
    };
  }

  async savePage(providerId: string, form: BookingPageForm): Promise<BookingPageResponse> {
    try {
      await this.bookings.savePage(this.db.dataSource, providerId, {
        ...form,
        intro: form.intro || null,
        accessTypes: ACCESS_TYPES.filter((type) => form.accessTypes.includes(type)),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw ApiError.invalid('bookingPage.slug', SLUG_TAKEN);
      throw error;
    }
    return this.page(providerId);
  }

  /** Publishing needs a paid plan and something to book: a service and someone's hours. */
  async publish(providerId: string, published: boolean): Promise<BookingPageResponse> {
    await this.db.transaction(async (tx) => {
      await this.ensurePage(tx, providerId);
      if (published) {
        if (!(await this.plans.of(providerId, tx)).canPublish) throw ApiError.forbidden(BOOKING_NEEDS_PLAN);
        const [services, members] = await Promise.all([
          this.bookings.services(tx, providerId),
          this.bookings.members(tx, providerId),
        ]);
        if (services.length === 0 || !members.some((member) => member.hours.length > 0))
          throw ApiError.invalid('base', SETUP_INCOMPLETE);
      }
      await this.bookings.setPublished(tx, providerId, published);
    });
    return this.page(providerId);
  }

  async addService(providerId: string, form: BookingServiceForm): Promise<BookingServiceResponse> {
    const id = uuidv7();
    await this.db.transaction(async (tx) => {
      await this.ensurePage(tx, providerId);
      const services = await this.bookings.services(tx, providerId);
      if (services.length >= BOOKING_LIMITS.servicesPerPage)
        throw ApiError.invalid(
          'base',
          `A booking page offers at most ${BOOKING_LIMITS.servicesPerPage} services.`,
        );
      await this.bookings.insertService(tx, id, providerId, serviceValues(form));
    });
    return this.service(providerId, id);
  }

  async updateService(
    providerId: string,
    id: string,
    form: BookingServiceForm,
  ): Promise<BookingServiceResponse> {
    if (!(await this.bookings.updateService(this.db.dataSource, providerId, id, serviceValues(form))))
      throw ApiError.notFound(BOOKING_SERVICE_NOT_FOUND);
    return this.service(providerId, id);
  }

  /** Bookings already made keep what they took: each holds its services as they were. */
  async removeService(providerId: string, id: string): Promise<{ id: string }> {
    if (!(await this.bookings.deleteService(this.db.dataSource, providerId, id)))
      throw ApiError.notFound(BOOKING_SERVICE_NOT_FOUND);
    return { id };
  }

  /** Sets when a team member takes bookings; identity says who is in the team (another's user: refused). */
  async setMember(providerId: string, userId: string, form: BookingMemberForm): Promise<BookingPageResponse> {
    ApiError.refuseAny(hoursErrors(form.hours));
    const people = await this.rpc.ask<ProviderPeople>(PROVIDER_PEOPLE, { providerId, userIds: [userId] });
    if (!people.userIds.some((id) => id.toLowerCase() === userId.toLowerCase()))
      throw ApiError.invalid('userId', NOT_A_TEAM_MEMBER);
    await this.db.transaction(async (tx) => {
      await this.ensurePage(tx, providerId);
      await this.bookings.replaceMember(tx, providerId, userId.toLowerCase(), form.timeZone, form.hours);
    });
    return this.page(providerId);
  }

  /** The member stops taking new bookings; those already made stay theirs. */
  async removeMember(providerId: string, userId: string): Promise<BookingPageResponse> {
    if (!(await this.bookings.deleteMember(this.db.dataSource, providerId, userId)))
      throw ApiError.notFound(MEMBER_NOT_FOUND);
    return this.page(providerId);
  }

  /**
   * Someone who left the team (or became a client user) takes no new bookings; the bookings they have stay theirs
   * until the provider gives them to someone else. A repeated event finds nothing to remove.
   */
  async memberLeft(providerId: string, userId: string): Promise<void> {
    await this.bookings.deleteMember(this.db.dataSource, providerId, userId.toLowerCase());
  }

  /** The published page, as anyone may read it; a page not published (or whose plan lapsed) is not found. */
  async open(slug: string): Promise<OpenPage> {
    const page = await this.bookings.pageBySlug(this.db.dataSource, slug);
    if (!page?.published) throw ApiError.notFound(BOOKING_PAGE_NOT_FOUND);
    const [plan, services] = await Promise.all([
      this.plans.of(page.providerId),
      this.bookings.services(this.db.dataSource, page.providerId),
    ]);
    if (!plan.canPublish) throw ApiError.notFound(BOOKING_PAGE_NOT_FOUND);
    return { page, services };
  }

  /** The provider's own page, published or not: what its preview shows (before it is saved: its defaults). */
  async own(providerId: string): Promise<OpenPage> {
    const [row, services] = await Promise.all([
      this.bookings.page(this.db.dataSource, providerId),
      this.bookings.services(this.db.dataSource, providerId),
    ]);
    const page = row ?? {
      providerId,
      ...DEFAULTS,
      ...(await this.suggestion(providerId)),
      intro: null,
      published: false,
    };
    return { page, services };
  }

  async publicView({ page, services }: OpenPage): Promise<PublicBookingPageResponse> {
    const addresses = await this.rpc
      .ask<ProviderAddresses>(PROVIDER_ADDRESSES, { providerId: page.providerId })
      .catch(() => null);
    return {
      slug: page.slug,
      title: page.title,
      intro: page.intro,
      providerName: addresses?.name ?? null,
      timeZone: page.timeZone,
      accessTypes: page.accessTypes,
      services,
      published: page.published,
    };
  }

  /** The start times offered for the services picked, day by day in the page's time zone. */
  async availability(
    { page, services }: OpenPage,
    query: { from: string; days: number; serviceIds: string[] },
  ): Promise<AvailabilityResponse> {
    const minutes = this.shootMinutes(
      this.pickServices(services, query.serviceIds, 'serviceIds'),
      'serviceIds',
    );
    const [windows, booked] = await Promise.all([
      this.bookings.workingWindows(this.db.dataSource, page.providerId, {
        from: query.from,
        days: query.days,
        horizonDays: BOOKING_LIMITS.horizonDays,
      }),
      this.bookings.bookedTimes(this.db.dataSource, page.providerId, {
        from: query.from,
        days: query.days,
        minutes,
      }),
    ]);
    const period = windows[0];
    const slots = period
      ? openStarts(windows, booked, {
          minutes,
          step: period.slotMinutes,
          earliest: period.earliest,
          latest: period.latest,
        })
      : [];
    const dayOf = dayFormat(page.timeZone);
    const days = new Map<string, string[]>();
    for (let offset = 0; offset < query.days; offset += 1) {
      const day = new Date(Date.parse(`${query.from}T00:00:00Z`) + offset * 86_400_000);
      days.set(day.toISOString().slice(0, 10), []);
    }
    for (const slot of slots) days.get(dayOf.format(slot))?.push(slot.toISOString());
    return {
      timeZone: page.timeZone,
      durationMinutes: minutes,
      days: [...days].map(([date, starts]) => ({ date, slots: starts })),
    };
  }

  /** Addresses matching what the agent typed (the maps service's; those without a location are left out). */
  async addresses(q: string): Promise<AddressSuggestionResponse[]> {
    const found = await this.geocoder.suggest(q);
    return found.map(({ formattedAddress, latitude, longitude }) => ({
      formattedAddress,
      latitude,
      longitude,
    }));
  }

  /** The services picked, each once, in the page's order; any the page does not offer: 422 on `field`. */
  pickServices(offered: BookingServiceResponse[], ids: string[], field: string): BookingServiceResponse[] {
    const wanted = new Set(ids.map((id) => id.toLowerCase()));
    const picked = offered.filter((service) => wanted.has(service.id));
    if (picked.length !== wanted.size) throw ApiError.invalid(field, NOT_OFFERED);
    return picked;
  }

  /** How long a shoot of these services lasts; longer than a booking may: 422 on `field`. */
  shootMinutes(picked: BookingServiceResponse[], field: string): number {
    const minutes = picked.reduce((total, service) => total + service.durationMinutes, 0);
    if (minutes > BOOKING_LIMITS.maxBookingMinutes) throw ApiError.invalid(field, TOO_LONG);
    return minutes;
  }

  /** Full names of the provider's people by user id (those no longer in the team are left out). */
  async names(providerId: string, userIds: string[]): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const { people } = await this.rpc.ask<PeopleProfiles>(PEOPLE_PROFILES, { providerId, userIds });
    return new Map(people.map((person) => [person.userId.toLowerCase(), person.fullName]));
  }

  /** The page's row, made with suggested values the first time the provider sets any part of it up. */
  private async ensurePage(tx: Queryable, providerId: string): Promise<void> {
    if (await this.bookings.page(tx, providerId)) return;
    const suggestion = await this.suggestion(providerId);
    if (await this.bookings.insertDefaultPage(tx, providerId, suggestion.slug, suggestion.title)) return;
    // The suggested slug is another provider's: this one's id makes it unique.
    const unique = `${suggestion.slug.slice(0, 47)}-${providerId.slice(0, 8)}`;
    await this.bookings.insertDefaultPage(tx, providerId, unique, suggestion.title);
  }

  /** The provider's subdomain (else its name) as the slug, and "Book a shoot with {name}" as the title. */
  private async suggestion(providerId: string): Promise<{ slug: string; title: string }> {
    const addresses = await this.rpc
      .ask<ProviderAddresses>(PROVIDER_ADDRESSES, { providerId })
      .catch(() => null);
    const base = slugOf(addresses?.subdomain ?? addresses?.name ?? '') || `book-${providerId.slice(0, 8)}`;
    return {
      slug: base.length >= 3 ? base : `book-${base}`,
      title: addresses?.name ? `Book a shoot with ${addresses.name}` : 'Book a shoot',
    };
  }

  private async service(providerId: string, id: string): Promise<BookingServiceResponse> {
    const service = (await this.bookings.services(this.db.dataSource, providerId)).find(
      (row) => row.id === id,
    );
    if (!service) throw ApiError.notFound(BOOKING_SERVICE_NOT_FOUND);
    return service;
  }
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** YYYY-MM-DD of a moment in a time zone (`en-CA` writes dates so); one formatter per zone, kept (making one costs). */
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone });
    dayFormats.set(timeZone, format);
  }
  return format;
}

function serviceValues(form: BookingServiceForm) {
  return {
    name: form.name,
    description: form.description || null,
    durationMinutes: form.durationMinutes,
    priceCents: form.priceCents,
    currency: form.currency ?? 'usd',
  };
}

/** "Harbour Media Co." -> "harbour-media-co". */
function slugOf(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}
