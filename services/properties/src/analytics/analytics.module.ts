import { Module } from '@nestjs/common';
import { Mailer } from '@tourly/platform';
import { MediaModule } from '../media/media.module';
import { PlansModule } from '../plans/plans.module';
import { PlayerModule } from '../player/player.module';
import { PropertiesDataModule } from '../properties/properties-data.module';
import { VisitorLimits } from '../visitors/visitor-limits';
import { AnalyticsController } from './analytics.controller';
import { AnalyticsJobs } from './analytics-jobs';
import { AnalyticsListener } from './analytics.listener';
import { AnalyticsRoomPinsController } from './analytics-room-pins.controller';
import { AnalyticsRoomPinsRepository } from './analytics-room-pins.repository';
import { AnalyticsRoomPinsService } from './analytics-room-pins.service';
import { AnalyticsRepository } from './analytics.repository';
import { AnalyticsService } from './analytics.service';
import { AnalyticsStore } from './analytics-store.port';
import { AnalyticsVisitorController } from './analytics-visitor.controller';
import { PostgresAnalyticsStore } from './postgres-analytics-store.adapter';
import { ReportController } from './report.controller';
import { ReportJobs } from './report-jobs';
import { ReportPublicController } from './report-public.controller';
import { ReportRepository } from './report.repository';
import { ReportService } from './report.service';

/**
 * Visitor analytics (issue 33): collection from the player, storage behind `AnalyticsStore`, the provider's reads, and
 * the weekly report e-mail.
 */
@Module({
  imports: [PropertiesDataModule, PlansModule, PlayerModule, MediaModule],
  controllers: [
    AnalyticsVisitorController,
    AnalyticsController,
    AnalyticsRoomPinsController,
    AnalyticsListener,
    ReportController,
    ReportPublicController,
  ],
  providers: [
    AnalyticsService,
    AnalyticsRepository,
    AnalyticsRoomPinsService,
    AnalyticsRoomPinsRepository,
    AnalyticsJobs,
    VisitorLimits,
    { provide: AnalyticsStore, useClass: PostgresAnalyticsStore },
    ReportService,
    ReportRepository,
    ReportJobs,
    Mailer,
  ],
  exports: [AnalyticsService, AnalyticsJobs],
})
export class AnalyticsModule {}
