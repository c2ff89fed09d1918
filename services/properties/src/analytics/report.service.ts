import { Inject, Injectable } from '@nestjs/common';
import {
  PEOPLE_PROFILES,
  PROVIDER_ADDRESSES,
  WEEKLY_REPORT_UNSUBSCRIBE_PAGE,
  type PeopleProfiles,
  type ProviderAddresses,
} from '@tourly/contracts';
import {
  ApiError,
  CONFIG,
  Database,
  LOGGER,
  Mailer,
  RpcClient,
  type Email,
  type Logger,
} from '@tourly/platform';
import type { PropertiesConfig } from '../config';
import { Plans } from '../plans/plans';
import { tourLinks } from '../tours/tours.rules';
import { firstKeptDay } from './analytics.rules';
import { AnalyticsStore } from './analytics-store.port';
import type { WeeklyReportSubscriptionResponse } from './report.dto';
import { ReportRepository, type WeekTourRow } from './report.repository';
import {
  BAD_UNSUBSCRIBE_TOKEN,
  NOT_A_PERSON_OF_PROVIDER,
  readUnsubscribeToken,
  reportWeek,
  unsubscribeKey,
  unsubscribeToken,
  weeklyReportEmail,
  type ReportWeek,
  type TourWeek,
} from './report.rules';

/** How long the report waits for identity's word on the provider's name and domains before it goes without them. */
const ADDRESSES_TIMEOUT_MS = 2000;

/**
 * The weekly analytics report (issue 33): each Monday, for every provider on a plan with analytics whose tours had views
 * in the last full week, one e-mail per recipient, at most once (`analytics_reports_sent`). Recipients: the provider's
 * people (identity's), and its contacts who asked for it (only the tours they are an agent of), less whoever opted out.
 */
@Injectable()
export class ReportService {
  private readonly key: Buffer;
  private readonly appUrl: string;
  private readonly hourUtc: number;
  private readonly retentionDays: number;

  constructor(
    @Inject(CONFIG) config: PropertiesConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly db: Database,
    private readonly reports: ReportRepository,
    private readonly store: AnalyticsStore,
    private readonly plans: Plans,
    private readonly rpc: RpcClient,
    private readonly mailer: Mailer,
  ) {
    this.key = unsubscribeKey(config.INTERNAL_TOKEN_SECRET);
    this.appUrl = new URL(config.APP_URL).origin;
    this.hourUtc = config.ANALYTICS_WEEKLY_REPORT_HOUR_UTC;
    this.retentionDays = config.ANALYTICS_RETENTION_DAYS;
  }

  /**
   * Sends the reports due at `now` that have not left yet: nothing before the report hour on a Monday, the last full
   * week's after it, all week long (a run after a restart or an outage catches up). A provider or a recipient that
   * fails is logged and left to the next run. How many e-mails left.
   */
  async sendWeeklyReports(now: Date): Promise<number> {
    const week = reportWeek(now, this.hourUtc);
    if (!week) return 0;
    // The pairs still waiting for their rollup (the Sunday's last visits) first, so the report counts them.
    await this.store.rollUpDue(firstKeptDay(new Date(), this.retentionDays));
    let sent = 0;
    for (const providerId of await this.reports.providersWithViews(week.start, week.end)) {
      try {
        sent += await this.sendProviderReports(providerId, week);
      } catch (error) {
        this.logger.warn(
          { err: error, providerId },
          'weekly analytics report not sent; the next run tries again',
        );
      }
    }
    return sent;
  }

  /** Whether the signed-in person receives the provider's weekly report, and at which address. */
  async subscription(providerId: string, userId: string): Promise<WeeklyReportSubscriptionResponse> {
    const email = await this.emailOf(providerId, userId);
    return { subscribed: !(await this.reports.optedOut(providerId, email)), email };
  }

  async subscribe(
    providerId: string,
    userId: string,
    subscribed: boolean,
  ): Promise<WeeklyReportSubscriptionResponse> {
    const email = await this.emailOf(providerId, userId);
    await this.reports.setOptedOut(providerId, email, !subscribed);
    return { subscribed, email };
  }

  /** The one-click link of a report: its recipient stops receiving the provider's reports. 422 for a bad token. */
  async unsubscribe(token: string): Promise<void> {
    const recipient = readUnsubscribeToken(this.key, token);
    if (!recipient) throw ApiError.invalid('token', BAD_UNSUBSCRIBE_TOKEN);
    await this.reports.setOptedOut(recipient.providerId, recipient.email, true);
  }

  private async sendProviderReports(providerId: string, week: ReportWeek): Promise<number> {
    // The rule the analytics reads apply (AnalyticsService): visitor analytics come with a paid plan.
    if (!(await this.plans.of(providerId)).canPublish) return 0;
    const tours = await this.reports.weekTours({
      providerId,
      from: week.start,
      to: week.end,
      previousFrom: week.previousStart,
      previousTo: week.previousEnd,
    });
    if (tours.length === 0) return 0;
    const [optOuts, team, addresses, agents] = await Promise.all([
      this.reports.optOutsOf(providerId),
      this.rpc.ask<PeopleProfiles>(PEOPLE_PROFILES, { providerId, userIds: [], team: true }),
      this.addressesOf(providerId),
      this.reports.reportAgents(
        providerId,
        tours.map((tour) => tour.propertyId),
      ),
    ]);
    const providerName = addresses?.name ?? null;
    const members = [...new Set(team.people.map((person) => person.email.toLowerCase()))];
    const emails: Email[] = [];
    for (const to of members) {
      if (optOuts.has(to)) continue;
      const analyticsUrl = `${this.appUrl}/provider/analytics?${new URLSearchParams({ from: week.start, to: week.end })}`;
      emails.push({
        to,
        ...weeklyReportEmail({
          week,
          providerName,
          tours: tours.map((tour) => tourWeek(tour, null)),
          analyticsUrl,
          unsubscribeUrl: this.unsubscribeUrl(providerId, to),
        }),
      });
    }
    // A contact who is also one of the people gets the people's report, which holds their listings already.
    const memberSet = new Set(members);
    for (const agent of agents) {
      if (memberSet.has(agent.email) || optOuts.has(agent.email)) continue;
      const theirs = new Set(agent.propertyIds);
      emails.push({
        to: agent.email,
        ...weeklyReportEmail({
          week,
          providerName,
          tours: tours
            .filter((tour) => theirs.has(tour.propertyId))
            .map((tour) => tourWeek(tour, this.publicLink(tour, addresses))),
          analyticsUrl: null,
          unsubscribeUrl: this.unsubscribeUrl(providerId, agent.email),
        }),
      });
    }
    let sent = 0;
    for (const email of emails) {
      try {
        if (await this.sendOnce(providerId, week.start, email)) sent++;
      } catch (error) {
        this.logger.warn(
          { err: error, providerId, to: email.to },
          'weekly analytics report not sent to a recipient; the next run tries again',
        );
      }
    }
    return sent;
  }

  /**
   * The recipient's report, claimed and mailed in one transaction: the claim commits only once the mail API took the
   * e-mail, so a failed send is tried again by the next run, and a second replica's claim waits for this one and
   * finds it taken.
   */
  private sendOnce(providerId: string, weekStart: string, email: Email): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      if (!(await this.reports.claim(tx, providerId, weekStart, email.to))) return false;
      await this.mailer.send(email);
      return true;
    });
  }

  private unsubscribeUrl(providerId: string, email: string): string {
    const token = unsubscribeToken(this.key, providerId, email);
    return `${this.appUrl}${WEEKLY_REPORT_UNSUBSCRIBE_PAGE}?${new URLSearchParams({ token })}`;
  }

  /** The tour's link as visitors open it: on the provider's white-label domain or subdomain when it has one. */
  private publicLink(tour: WeekTourRow, addresses: ProviderAddresses | null): string | null {
    if (!tour.clientSlug || !tour.modelSlug) return null;
    const links = tourLinks(
      this.appUrl,
      { clientSlug: tour.clientSlug, modelSlug: tour.modelSlug },
      addresses,
    );
    return links.whiteLabel ?? links.default;
  }

  /** Identity's word on the provider's name and domains; out of reach: none (the report says "Your tours"). */
  private async addressesOf(providerId: string): Promise<ProviderAddresses | null> {
    try {
      return await this.rpc.ask<ProviderAddresses>(PROVIDER_ADDRESSES, { providerId }, ADDRESSES_TIMEOUT_MS);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      this.logger.warn(
        { err: error, providerId },
        'identity did not say the provider’s name; the report goes without',
      );
      return null;
    }
  }

  /** The person's address as identity keeps it (lowercased); 403 when they are not one of the provider's people. */
  private async emailOf(providerId: string, userId: string): Promise<string> {
    const { people } = await this.rpc.ask<PeopleProfiles>(PEOPLE_PROFILES, { providerId, userIds: [userId] });
    const person = people.find((one) => one.userId.toLowerCase() === userId.toLowerCase());
    if (!person) throw ApiError.forbidden(NOT_A_PERSON_OF_PROVIDER);
    return person.email.toLowerCase();
  }
}

function tourWeek(tour: WeekTourRow, link: string | null): TourWeek {
  return {
    title: tour.title,
    views: tour.views,
    visitors: tour.visitors,
    averageSeconds: tour.averageSeconds,
    leads: tour.leads,
    previousViews: tour.previousViews,
    topRoom: tour.topRoom,
    link,
  };
}
