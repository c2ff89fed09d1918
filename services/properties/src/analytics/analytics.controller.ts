import { Controller, Delete, Get, HttpCode, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ProviderId, Responds, Roles, sendCsv, type CsvColumn, type Page } from '@tourly/platform';
import {
  AnalyticsOverviewItemResponse,
  AnalyticsOverviewQuery,
  AnalyticsRangeQuery,
  PropertyAnalyticsResponse,
} from './analytics.dto';
import { AnalyticsService } from './analytics.service';
import type { ExportedEvent } from './analytics-store.port';

const CSV_COLUMNS: ReadonlyArray<CsvColumn<ExportedEvent>> = [
  { key: 'occurredAt', header: 'occurred_at' },
  { key: 'viewId', header: 'view_id' },
  'type',
  'sweep',
  'room',
  'floor',
  'ms',
  'target',
  'device',
  'language',
  { key: 'referrerHost', header: 'referrer_host' },
  'country',
  'consent',
];

/** The provider's visitor analytics (a paid plan's), read from the rollups. */
@Controller('provider')
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @Get('properties/:id/analytics.json')
  @Roles('admin', 'scan_technician', 'member')
  @Responds(PropertyAnalyticsResponse)
  report(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Query() query: AnalyticsRangeQuery,
  ): Promise<PropertyAnalyticsResponse> {
    return this.analytics.report(providerId, id, query);
  }

  @Get('analytics.json')
  @Roles('admin', 'scan_technician', 'member')
  @Responds({ page: AnalyticsOverviewItemResponse })
  overview(
    @ProviderId() providerId: string,
    @Query() query: AnalyticsOverviewQuery,
  ): Promise<Page<AnalyticsOverviewItemResponse>> {
    return this.analytics.overview(providerId, query);
  }

  /** The property's raw events still kept, streamed as CSV; refusals answer JSON before anything is sent. */
  @Get('properties/:id/analytics/export.csv')
  @Roles('admin', 'scan_technician', 'member')
  @ApiProduces('text/csv')
  @ApiOkResponse({
    description:
      'The raw events still kept, oldest first: `attachment; filename="<slug>-analytics.csv"`, a header row, then ' +
      'occurred_at, view_id, type, sweep, room, floor, ms, target, device, language, referrer_host, country, consent',
    schema: { type: 'string' },
  })
  async export(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { filename, rows } = await this.analytics.exportEvents(providerId, id);
    sendCsv(reply, { filename, columns: CSV_COLUMNS, rows });
  }

  @Delete('properties/:id/analytics')
  @Roles('admin')
  @HttpCode(204)
  @Responds(null)
  async erase(@ProviderId() providerId: string, @Param('id') id: string): Promise<void> {
    await this.analytics.erase(providerId, id);
  }
}
