import { Inject, Injectable } from '@nestjs/common';
import {
  ApiError,
  CONFIG,
  Database,
  isUuid,
  pageWithTotal,
  type ClientScope,
  type Page,
  type PageQuery,
} from '@tourly/platform';
import { CLIENT_NOT_FOUND } from '../clients/clients.dto';
import type { PropertiesConfig } from '../config';
import { MediaService, type DocumentItem, type MediaItem } from '../media/media.service';
import { Plans } from '../plans/plans';
import { PROPERTY_NOT_FOUND } from '../properties/property-scope';
import { tourLinks } from '../tours/tours.rules';
import type { PortalClientResponse, PortalPropertyResponse } from './portal.dto';
import { PortalRepository, type PortalPropertyRow } from './portal.repository';

/**
 * A client's portal (issue 31): what the provider shares with one of its clients, read by that client's users.
 * Every read filters on the caller's (provider, client): another client's property, of the same provider or not,
 * is `Property not found`. The media come from the provider's own reads once the property is known to be the
 * client's.
 */
@Injectable()
export class PortalService {
  constructor(
    private readonly db: Database,
    private readonly portal: PortalRepository,
    private readonly media: MediaService,
    private readonly plans: Plans,
    @Inject(CONFIG) private readonly config: PropertiesConfig,
  ) {}

  async client(scope: ClientScope): Promise<PortalClientResponse> {
    const client = await this.portal.client(this.db.dataSource, scope.providerId, scope.clientId);
    if (!client) throw ApiError.notFound(CLIENT_NOT_FOUND);
    return client;
  }

  async properties(scope: ClientScope, query: PageQuery): Promise<Page<PortalPropertyResponse>> {
    const { providerId, clientId } = scope;
    const [rows, canPublish] = await Promise.all([
      this.portal.properties(this.db.dataSource, providerId, clientId, query.pageSize, query.offset),
      this.canPublish(providerId),
    ]);
    const page = await pageWithTotal(rows, query, () =>
      this.portal.countProperties(this.db.dataSource, providerId, clientId),
    );
    return { ...page, items: page.items.map((row) => this.answer(providerId, row, canPublish)) };
  }

  async property(scope: ClientScope, id: string): Promise<PortalPropertyResponse> {
    const row = await this.find(scope, id);
    return this.answer(scope.providerId, row, await this.canPublish(scope.providerId));
  }

  /** The property's floor plans (those orders delivered, which become its floor plans, and those uploaded). */
  async floorplans(scope: ClientScope, id: string): Promise<MediaItem[]> {
    await this.find(scope, id);
    return this.media.list(scope.providerId, id, 'floorplan');
  }

  async documents(scope: ClientScope, id: string, query: PageQuery): Promise<Page<DocumentItem>> {
    await this.find(scope, id);
    return this.media.documents(scope.providerId, id, query);
  }

  private async find(scope: ClientScope, id: string): Promise<PortalPropertyRow> {
    const row = isUuid(id)
      ? await this.portal.property(this.db.dataSource, scope.providerId, scope.clientId, id)
      : undefined;
    if (!row) throw ApiError.notFound(PROPERTY_NOT_FOUND);
    return row;
  }

  private async canPublish(providerId: string): Promise<boolean> {
    return (await this.plans.of(providerId)).canPublish;
  }

  /** The links only while visitors can open them: shared (or published) on a plan that publishes. */
  private answer(providerId: string, row: PortalPropertyRow, canPublish: boolean): PortalPropertyResponse {
    const appUrl = new URL(this.config.APP_URL).origin;
    const tourUrl =
      canPublish && row.tourPublished && row.clientSlug && row.modelSlug
        ? tourLinks(appUrl, { clientSlug: row.clientSlug, modelSlug: row.modelSlug }, null).default
        : null;
    const websiteUrl =
      canPublish && row.websitePublished
        ? `${appUrl}/tours/${providerId}/${encodeURIComponent(row.slug)}/website`
        : null;
    return {
      id: row.id,
      title: row.title,
      address: row.address,
      tourUrl,
      websiteUrl,
      createdAt: row.createdAt.toISOString(),
    };
  }
}
