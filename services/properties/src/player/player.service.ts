import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import {
  HOSTING_MESSAGES,
  PEOPLE_PROFILES,
  PLAYER_MESSAGES,
  parseTourPublicId,
  type PeopleProfiles,
} from '@tourly/contracts';
import {
  ApiError,
  CONFIG,
  clientAddressKey,
  LOGGER,
  readCookie,
  RpcClient,
  toSnakeKeys,
  type Logger,
} from '@tourly/platform';
import { READ_URL_SECONDS } from '@tourly/platform/storage';
import type { PropertiesConfig } from '../config';
import { AvatarsService } from '../avatars/avatars.service';
import { ContactsService } from '../media/contacts.service';
import { Plans } from '../plans/plans';
import { PlayerLinksService, type TourView } from '../tours/player-links.service';
import { tourLinks, tourPasswordMatches } from '../tours/tours.rules';
import type { UnlockForm } from './player.dto';
import { PlayerRepository, type PropertyTourRow, type VisitorTourRow } from './player.repository';
import { VisitorLimits, type VisitorLimit } from '../visitors/visitor-limits';
import { StagingScenesRepository } from '../staging/scenes/staging-scenes.repository';
import { creditsOnce } from '../staging/scenes/staging-scenes.rules';
import type { AssetCredit } from '../staging/staging-assets.repository';
import { TourUnlockGuardsRepository } from './tour-unlock-guards.repository';
import { LeadGate } from './lead-gate.service';
import { parseScanKey } from '../scan-keys/scan-key';
import { DigitalTwinService, type Exterior } from '../digital-twin/digital-twin.service';
import {
  PRIVATE_ANSWER,
  etagOf,
  guessWaitSeconds,
  hasPremiumLayers,
  withShowcaseSdk,
  type ShowcaseSdkSettings,
  unlockCookieName,
  unlockCookieValid,
  unlockCookieValue,
  unlockKey,
} from './player.rules';

/** The map's zoom on the property (001 §2 "map player"). */
const MAP_ZOOM = 18;
/** Identity's answer is only for the agents: a short wait, then the tour answers without them. */
const PROFILES_TIMEOUT_MS = 1000;
/**
 * Password attempts one client (an IPv4 address, an IPv6 network's /64) may make a minute, across every tour and
 * website, on every replica.
 */
const UNLOCK_LIMIT: VisitorLimit = { bucket: 'tour_unlocks', limit: 10, windowSeconds: 60 };
/**
 * While a tour spaces out its guesses, visitors who did not guess wrong at it are still let in, this many an hour
 * (a guesser with many addresses gets no more than these through the wait).
 */
const FRESH_VISITOR_LIMIT: VisitorLimit = {
  bucket: 'tour_unlock_fresh_visitors',
  limit: 20,
  windowSeconds: 3600,
};
/** At most this many built answers are kept; past it the cache starts again (a flood of ids cannot grow it). */
const CACHE_ENTRIES = 10_000;

/** What a visitor's tour page gets: the tour view with the agents, the provider, the map and the credits. */
export interface PlayerTour extends TourView {
  id: string;
  agents: Agent[];
  provider: { name: string; url: string | null; logoUrl: string | null };
  map: MapSettings;
  /** The published staging scene's third-party models, each once (its credits modal). */
  modelCredits: AssetCredit[];
  /** A published staging scene: the player loads scene.json (lazily) and shows the staging toggle. */
  virtualStaging: boolean;
  /** The Showcase SDK the player connects to the embed with; null: none configured. */
  showcaseSdk: ShowcaseSdkSettings | null;
  /** The positions a visitor sees before the contact form asks for their details; null: no gate (or passed). */
  leadGate: { sweeps: number } | null;
  /** A premium tour: the player shows the layers placed in the 3D space (README, "What premium gives visitors"). */
  premiumLayers: boolean;
  /**
   * The keys of the model's segmentation scene once one is ready: the player loads `segmented_panos.json` (lazily) and
   * offers its rooms view; null: no segmentation to show.
   */
  segmentation: { matterportKey: string; mpModelId: string } | null;
  /** The property's digital twin, aligned and shown: the overlay's exterior toggle places it around the scan. */
  exterior: Exterior | null;
}

/** One of the property's agents: one of the provider's people, as identity knows them, or one of its contacts. */
export interface Agent {
  id: string;
  fullName: string;
  phoneNumber: string | null;
  avatarUrl: string | null;
}

/** The map's tiles (from configuration) and zoom, for the tour's map and the website's. */
export interface MapSettings {
  tilesUrl: string;
  attribution: string;
  zoom: number;
}

/** What a visitor of a paused tour is told: how to reach the provider, in the tour's language. */
export interface PausedTour {
  id: string;
  message: string;
  language: string;
  provider: { name: string; url: string | null; logoUrl: string | null };
  agents: Agent[];
}

/** A property's tour as its website embeds it: its row, and its default link while visitors may see the tour. */
export interface PropertyTour {
  tour: PropertyTourRow;
  /** `{APP_URL}/tours/{client}/{model}` while the tour is shared and its plan publishes; else null. */
  sharedLink: string | null;
}

/** An answer's bytes (the `{data}` envelope, snake_case) and their ETag. */
export interface TourAnswer {
  body: string;
  etag: string;
}

/** base.json built: its bytes and their ETag, with the tour it is of. */
export interface BuiltTour extends TourAnswer {
  tour: VisitorTourRow;
  /** A gated tour's answer for a visitor who sent a lead from it (`lead_gate: null`); null: the answer has no gate. */
  afterLead: TourAnswer | null;
}

/** Where a visitor asks from: the provider whose own host it is (null: the app's host). */
export interface VisitorContext {
  hostProviderId: string | null;
}

/**
 * The visitor's player (issue 13): a shared tour by its public id, with the published layers only. Every reason a
 * visitor may not see a tour (not shared, a plan that does not publish, deleted, another provider's host, unknown)
 * is the same 404, so none reveals that the tour exists.
 */
@Injectable()
export class PlayerService {
  private readonly built = new Map<string, { tour: Promise<BuiltTour>; until: number }>();
  private readonly unlockKey: Buffer;

  constructor(
    private readonly player: PlayerRepository,
    private readonly playerLinks: PlayerLinksService,
    private readonly contacts: ContactsService,
    private readonly avatars: AvatarsService,
    private readonly plans: Plans,
    private readonly rpc: RpcClient,
    private readonly visitorLimits: VisitorLimits,
    private readonly guards: TourUnlockGuardsRepository,
    private readonly leadGate: LeadGate,
    private readonly scenes: StagingScenesRepository,
    private readonly twins: DigitalTwinService,
    @Inject(CONFIG) private readonly config: PropertiesConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.unlockKey = unlockKey(config.INTERNAL_TOKEN_SECRET);
  }

  /**
   * The tour a visitor may see, else 404 `Tour not found` whatever the reason; a shared tour paused for an unpaid
   * hosting fee: 423 `This tour is paused.` (the player then shows `paused.json`: the provider's contact).
   */
  async visible(publicId: string, context: VisitorContext): Promise<VisitorTourRow> {
    const tour = await this.shared(publicId, context);
    if (tour.hostingPausedAt) throw ApiError.base(HttpStatus.LOCKED, HOSTING_MESSAGES.tourPaused);
    return tour;
  }

  /** A shared tour the visitor may know of (paused or not), else 404 `Tour not found`. */
  private async shared(publicId: string, context: VisitorContext): Promise<VisitorTourRow> {
    const slugs = parseTourPublicId(publicId);
    const tour = slugs ? await this.player.tour(slugs.clientSlug, slugs.modelSlug) : undefined;
    if (!tour || !(await this.shows(tour, context))) throw ApiError.notFound(PLAYER_MESSAGES.tourNotFound);
    return tour;
  }

  /**
   * What a visitor of a paused tour is told (the paused page): how to reach the provider (the branding's provider,
   * the property's agents) and the tour's language. Not paused (or not shared): 404.
   */
  async paused(publicId: string, context: VisitorContext): Promise<PausedTour> {
    const tour = await this.shared(publicId, context);
    if (!tour.hostingPausedAt) throw ApiError.notFound(PLAYER_MESSAGES.tourNotFound);
    const [view, agents] = await Promise.all([
      this.playerLinks.tourView(tour.providerId, tour.propertyId, 'published'),
      this.agents(tour.providerId, tour.propertyId),
    ]);
    return {
      id: publicId,
      message: HOSTING_MESSAGES.tourPaused,
      language: view.setup.language,
      provider: {
        name: view.branding.providerName,
        url: view.branding.providerUrl || null,
        logoUrl: view.branding.providerLogoUrl || null,
      },
      agents,
    };
  }

  /**
   * The gate of everything public about a tour (base.json, its lists, its link preview, its contact form, what
   * visitors do in it): the tour a visitor may see, else 404 `Tour not found`; behind a password, 401 `This tour is
   * protected by a password.` until the request carries the tour's unlock cookie.
   */
  async open(
    publicId: string,
    context: VisitorContext,
    cookieHeader: string | undefined,
  ): Promise<VisitorTourRow> {
    const tour = await this.visible(publicId, context);
    this.mustBeUnlocked(tour, cookieHeader);
    return tour;
  }

  /** 401 `This tour is protected by a password.` unless the visitor may see the tour's contents. */
  mustBeUnlocked(tour: VisitorTourRow, cookieHeader: string | undefined): void {
    if (!this.unlocked(tour, cookieHeader)) throw ApiError.unauthorized(PLAYER_MESSAGES.passwordRequired);
  }

  /**
   * Whether the tour's visitors get its layers in the 3D space (tags, wayfinding, welcome screens, guided stops,
   * audio): a premium tour on a plan of premium tours. A basic tour's public lists of them answer empty.
   */
  async premiumLayers(tour: VisitorTourRow): Promise<boolean> {
    return hasPremiumLayers(tour, await this.plans.of(tour.providerId));
  }

  /** The one rule of what visitors may see: a shared tour, of a plan that publishes, on its provider's host. */
  private async shows(tour: VisitorTourRow, context: VisitorContext): Promise<boolean> {
    return (
      tour.tourPublished &&
      (context.hostProviderId === null || context.hostProviderId === tour.providerId) &&
      (await this.plans.of(tour.providerId)).canPublish
    );
  }

  /** The property's tour (none until its player link is made), with its default link while visitors may see it. */
  async propertyTour(propertyId: string): Promise<PropertyTour | undefined> {
    const tour = await this.player.tourOfProperty(propertyId);
    if (!tour) return undefined;
    // A tour paused for an unpaid hosting fee is not embedded in its website either.
    const shared = !tour.hostingPausedAt && (await this.shows(tour, { hostProviderId: null }));
    return { tour, sharedLink: shared ? tourLinks(this.config.APP_URL, tour, null).default : null };
  }

  /**
   * base.json's Cache-Control: shared caches may keep a public tour's answer as long as it is kept built here; an
   * answer that depends on the visitor's cookies (a password, a lead gate) only the browser.
   */
  cacheControl(built: BuiltTour): string {
    if (this.variesByCookie(built)) return PRIVATE_ANSWER;
    const seconds = this.config.PLAYER_CACHE_SECONDS;
    return `public, max-age=0${seconds > 0 ? `, s-maxage=${seconds}` : ''}, must-revalidate`;
  }

  /** Whether base.json depends on the visitor's cookies (`Vary: Cookie`): behind a password or a lead gate. */
  variesByCookie(built: BuiltTour): boolean {
    return built.tour.passwordHash !== null || built.afterLead !== null;
  }

  /** base.json for this visitor: a gated tour's without its gate when the request carries the tour's lead pass. */
  answerFor(built: BuiltTour, cookieHeader: string | undefined): TourAnswer {
    return built.afterLead && this.leadGate.passed(built.tour, cookieHeader) ? built.afterLead : built;
  }

  /**
   * Whether the visitor may see the tour's contents (and its property's website): it has no password, or the
   * request's cookies hold the tour's unlock cookie.
   */
  unlocked(tour: VisitorTourRow, cookieHeader: string | undefined): boolean {
    if (tour.passwordHash === null) return true;
    const cookie = readCookie(cookieHeader, unlockCookieName(tour.propertyId));
    return unlockCookieValid(this.unlockKey, tour.propertyId, tour.passwordHash, cookie, Date.now());
  }

  /** The map the tour and the website show: the configured tiles at the property's street. */
  map(): MapSettings {
    return {
      tilesUrl: this.config.MAP_TILES_URL,
      attribution: this.config.MAP_TILES_ATTRIBUTION,
      zoom: MAP_ZOOM,
    };
  }

  /**
   * base.json, built at most once per PLAYER_CACHE_SECONDS for each id, view and host (the check that the tour may
   * be shown is part of what is kept, so a tour taken down disappears as late as a change shows).
   */
  async base(publicId: string, mls: boolean, context: VisitorContext): Promise<BuiltTour> {
    const key = `${publicId}\n${mls}\n${context.hostProviderId ?? ''}`;
    const now = Date.now();
    const kept = this.built.get(key);
    if (kept && kept.until > now) return kept.tour;
    // Visitors arriving together while it is built wait for the one build; a refusal (404) is never kept.
    const building = this.visible(publicId, context).then((tour) => this.build(publicId, tour, mls));
    const seconds = this.config.PLAYER_CACHE_SECONDS;
    if (seconds > 0) {
      if (this.built.size >= CACHE_ENTRIES) this.built.clear();
      const entry = { tour: building, until: now + seconds * 1000 };
      this.built.set(key, entry);
      building.catch(() => {
        if (this.built.get(key) === entry) this.built.delete(key);
      });
    }
    return building;
  }

  private async build(publicId: string, tour: VisitorTourRow, mls: boolean): Promise<BuiltTour> {
    const [view, agents, plan, staging, exterior] = await Promise.all([
      this.playerLinks.tourView(tour.providerId, tour.propertyId, 'published', { mls }),
      mls ? [] : this.agents(tour.providerId, tour.propertyId),
      this.plans.of(tour.providerId),
      this.scenes.publishedSummary(tour.propertyId),
      this.twins.exteriorOf(tour.propertyId),
    ]);
    // A segmentation's scene is keyed by the model's id (properties' README, "Segmentation jobs").
    const modelId = parseScanKey(view.model.key)?.modelId ?? view.model.key;
    const scene = await this.player.scene(modelId, modelId);
    const branding = view.branding;
    const answer: PlayerTour = {
      ...view,
      ...withShowcaseSdk(view.model, this.config),
      id: publicId,
      agents,
      provider: {
        name: branding.providerName,
        url: branding.providerUrl || null,
        logoUrl: branding.providerLogoUrl || null,
      },
      map: this.map(),
      modelCredits: creditsOnce(staging.credits),
      virtualStaging: staging.published,
      // The listing services' view takes no leads, so it asks for none.
      leadGate: !mls && tour.leadGateSweeps !== null ? { sweeps: tour.leadGateSweeps } : null,
      premiumLayers: hasPremiumLayers(tour, plan),
      segmentation:
        scene?.status === 'ready' && scene.panos.length > 0
          ? { matterportKey: modelId, mpModelId: modelId }
          : null,
      exterior,
    };
    return {
      tour,
      ...answerOf(answer),
      afterLead: answer.leadGate ? answerOf({ ...answer, leadGate: null }) : null,
    };
  }

  /**
   * The property's agents in their order (the tour's and the website's): its contacts, and its people as identity
   * knows them; identity out of reach: the contacts alone (the page shows without the others).
   */
  async agents(providerId: string, propertyId: string): Promise<Agent[]> {
    const { agentIds } = await this.contacts.get(providerId, propertyId);
    if (agentIds.length === 0) return [];
    const { contacts, userIds } = await this.contacts.byKeeper(providerId, agentIds);
    const byId = new Map<string, Agent>(
      contacts.map((contact) => [
        contact.id.toLowerCase(),
        { id: contact.id, fullName: contact.fullName, phoneNumber: contact.phoneNumber, avatarUrl: null },
      ]),
    );
    if (userIds.length > 0) {
      try {
        const profiles = await this.rpc.ask<PeopleProfiles>(
          PEOPLE_PROFILES,
          { providerId, userIds },
          PROFILES_TIMEOUT_MS,
        );
        // Identity keeps no pictures: the people's are here, one look-up for all of the tour's agents.
        const pictures = new Map(
          (await this.avatars.urls(profiles.people.map((person) => person.userId))).map((avatar) => [
            avatar.userId.toLowerCase(),
            avatar.avatarUrl,
          ]),
        );
        for (const person of profiles.people)
          byId.set(person.userId.toLowerCase(), {
            id: person.userId,
            fullName: person.fullName,
            phoneNumber: person.phoneNumber,
            avatarUrl: pictures.get(person.userId.toLowerCase()) ?? person.avatarUrl,
          });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        this.logger.warn({ err: error, propertyId }, 'identity did not say the agents; only contacts shown');
      }
    }
    return agentIds.flatMap((id) => byId.get(id.toLowerCase()) ?? []);
  }

  /**
   * The password gate: the player link's username and password give a cookie for that tour. Every attempt counts
   * against the client (an IPv6 network's /64 as one), and the tour spaces out the guesses of everyone who guessed
   * wrong at it (`guessWaitSeconds`), so a password cannot be guessed quickly from one address or from many.
   */
  async unlock(
    publicId: string,
    context: VisitorContext,
    form: UnlockForm,
    address: string,
  ): Promise<{ cookieName: string; cookieValue: string } | null> {
    return this.unlockTour(await this.visible(publicId, context), form, address);
  }

  /**
   * The gate itself, for a tour found by its link or by its property's website: one rate limit per address across
   * both, one cookie for both.
   */
  async unlockTour(
    tour: VisitorTourRow,
    form: UnlockForm,
    address: string,
  ): Promise<{ cookieName: string; cookieValue: string } | null> {
    if (tour.passwordHash === null) return null;
    const client = clientAddressKey(address);
    await this.visitorLimits.hit(UNLOCK_LIMIT, client, PLAYER_MESSAGES.tooManyAttempts);
    let claim = await this.guards.claim(tour.propertyId, false, guessWaitSeconds);
    if (claim.waitSeconds > 0) {
      // The tour is spacing out guesses: a visitor who did not guess wrong at it is let through, a few an hour.
      const fresh =
        !(await this.guards.hasGuessedWrong(tour.propertyId, client)) &&
        (await this.visitorLimits.count(FRESH_VISITOR_LIMIT, tour.propertyId)) === null;
      if (!fresh) throw ApiError.tooMany(PLAYER_MESSAGES.tooManyAttempts, claim.waitSeconds);
      claim = await this.guards.claim(tour.propertyId, true, guessWaitSeconds);
    }
    const right =
      form.username.trim() === tour.username && (await tourPasswordMatches(tour.passwordHash, form.password));
    if (!right) {
      await this.guards.guessedWrong(tour.propertyId, client);
      throw ApiError.invalid('base', PLAYER_MESSAGES.wrongPassword);
    }
    await this.guards.takeBack(tour.propertyId, claim);
    return {
      cookieName: unlockCookieName(tour.propertyId),
      cookieValue: unlockCookieValue(this.unlockKey, tour.propertyId, tour.passwordHash, Date.now()),
    };
  }
}

function answerOf(answer: PlayerTour): TourAnswer {
  return { body: JSON.stringify({ data: toSnakeKeys(answer) }), etag: etagOf(stableForm(answer)) };
}

/**
 * What the ETag is of: the answer with the welcome screen's picture as its id, since its signed link is new at every
 * build. With a picture, the ETag changes every half link lifetime too, so a copy revalidated as fresh still holds a
 * link that works.
 */
function stableForm(answer: PlayerTour): string {
  const imageId = answer.layers.welcomeScreen.imageId;
  const stable = {
    ...answer,
    layers: { ...answer.layers, welcomeScreen: { ...answer.layers.welcomeScreen, imageUrl: imageId } },
  };
  const period = imageId ? Math.floor(Date.now() / ((READ_URL_SECONDS * 1000) / 2)) : 0;
  return `${period}\n${JSON.stringify(stable)}`;
}
