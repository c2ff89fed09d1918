import { Inject, Injectable } from '@nestjs/common';
import { ANALYTICS_MESSAGES, type AnalyticsBatchV1 } from '@tourly/contracts';
import {
  ApiError,
  CONFIG,
  clientAddressKey,
  Database,
  EventBus,
  type Page,
  type Queryable,
} from '@tourly/platform';
import type { PropertiesConfig } from '../config';
import { PlayerService, type VisitorContext } from '../player/player.service';
import { Plans } from '../plans/plans';
import { PropertyScope } from '../properties/property-scope';
import { VisitorLimits } from '../visitors/visitor-limits';
import type {
  AnalyticsBatchForm,
  AnalyticsOverviewItemResponse,
  AnalyticsOverviewQuery,
  AnalyticsRangeQuery,
  PropertyAnalyticsResponse,
} from './analytics.dto';
import {
  ANALYTICS_BATCH_LIMIT,
  analyticsRange,
  countryOf,
  referrerHost,
  visitorKey,
} from './analytics.rules';
import { AnalyticsStore, type DayRange, type ExportedEvent } from './analytics-store.port';

/** Who sent a batch: the client address, its user agent, cookies (a tour's unlock), host and request headers. */
export interface AnalyticsVisitor {
  address: string;
  userAgent: string;
  cookieHeader: string | undefined;
  context: VisitorContext;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * Visitor analytics (issue 33): batches from the player, queued whole as one platform event (no write per event on
 * the request path) and stored by this service's own consumer; the provider's reads from the rollups, on a paid plan.
 */
@Injectable()
export class AnalyticsService {
  private readonly secret: string;
  private readonly countryHeader: string | null;

  constructor(
    @Inject(CONFIG) config: PropertiesConfig,
    private readonly db: Database,
    private readonly store: AnalyticsStore,
    private readonly player: PlayerService,
    private readonly plans: Plans,
    private readonly scope: PropertyScope,
    private readonly events: EventBus,
    private readonly visitorLimits: VisitorLimits,
  ) {
    this.secret = config.INTERNAL_TOKEN_SECRET;
    this.countryHeader = config.ANALYTICS_COUNTRY_HEADER.toLowerCase() || null;
  }

  /**
   * Accepts a visitor's batch about a shared tour: counted against the client's allowance first (so probing unknown
   * tours costs the same), then the tour's gate as base.json has it (404, 423, 401 behind a password without the
   * unlock cookie), then queued as `properties.analytics.batch.v1`.
   */
  async collect(tourId: string, form: AnalyticsBatchForm, visitor: AnalyticsVisitor): Promise<void> {
    await this.visitorLimits.hit(
      ANALYTICS_BATCH_LIMIT,
      clientAddressKey(visitor.address),
      ANALYTICS_MESSAGES.tooManyBatches,
    );
    const tour = await this.player.open(tourId, visitor.context, visitor.cookieHeader);
    const now = new Date();
    const consented = form.consent === 'granted';
    const batch: AnalyticsBatchV1 = {
      providerId: tour.providerId,
      propertyId: tour.propertyId,
      batchId: form.id.toLowerCase(),
      viewId: form.viewId.toLowerCase(),
      visitorKey: visitorKey(
        this.secret,
        {
          address: visitor.address,
          userAgent: visitor.userAgent,
          tourId: tour.propertyId,
          visitorId: form.visitorId ?? null,
          consented,
        },
        now,
      ),
      consent: form.consent,
      device: form.device,
      language: form.language,
      referrerHost: referrerHost(form.referrer),
      country: this.countryHeader ? countryOf(visitor.headers[this.countryHeader]) : null,
      receivedAt: now.toISOString(),
      events: form.events.map((event, seq) => ({
        seq,
        type: event.type,
        at: new Date(event.at).toISOString(),
        sweep: event.sweep ?? null,
        room: event.room ?? null,
        floor: event.floor ?? null,
        ms: event.type === 'dwell' ? (event.ms ?? null) : null,
        target: event.target ?? null,
      })),
    };
    await this.db.transaction((tx) => this.events.publish('properties.analytics.batch.v1', batch, tx));
  }

  /** The consumer's side: the batch's events stored once, in the handler's transaction. */
  storeBatch(batch: AnalyticsBatchV1, tx: Queryable): Promise<number> {
    return this.store.store(batch, tx);
  }

  /** One property's analytics over the range, from the rollups. */
  async report(
    providerId: string,
    propertyId: string,
    query: AnalyticsRangeQuery,
  ): Promise<PropertyAnalyticsResponse> {
    await this.scope.of(this.db.dataSource, providerId, propertyId);
    await this.mustHavePaidPlan(providerId);
    const range = this.range(query);
    const report = await this.store.report(providerId, propertyId, range);
    return { ...range, ...report, updatedAt: report.updatedAt?.toISOString() ?? null };
  }

  /** Every property with views in the range, most views first. */
  async overview(
    providerId: string,
    query: AnalyticsOverviewQuery,
  ): Promise<Page<AnalyticsOverviewItemResponse>> {
    await this.mustHavePaidPlan(providerId);
    return this.store.overview(providerId, this.range(query), query);
  }

  /** The property's raw events still kept, for the CSV; refusals settle before anything is sent. */
  async exportEvents(
    providerId: string,
    propertyId: string,
  ): Promise<{ filename: string; rows: AsyncIterable<ExportedEvent> }> {
    const property = await this.scope.of(this.db.dataSource, providerId, propertyId);
    await this.mustHavePaidPlan(providerId);
    return {
      filename: `${property.slug}-analytics.csv`,
      rows: this.store.exportEvents(providerId, propertyId),
    };
  }

  /** Deletes the property's raw events and rollups, whatever the plan (a visitor's data can always be erased). */
  async erase(providerId: string, propertyId: string): Promise<void> {
    await this.scope.of(this.db.dataSource, providerId, propertyId);
    await this.store.erase(providerId, propertyId);
  }

  private async mustHavePaidPlan(providerId: string): Promise<void> {
    if (!(await this.plans.of(providerId)).canPublish)
      throw ApiError.forbidden(ANALYTICS_MESSAGES.paidPlanOnly);
  }

  private range(query: { from?: string; to?: string }): DayRange {
    const range = analyticsRange(query, new Date());
    if ('errors' in range) throw ApiError.refusal(range.errors);
    return range;
  }
}
