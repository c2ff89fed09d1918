import { Module } from '@nestjs/common';
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

/** Visitor analytics (issue 33): collection from the player, storage behind `AnalyticsStore`, the provider's reads. */
@Module({
  imports: [PropertiesDataModule, PlansModule, PlayerModule, MediaModule],
  controllers: [
    AnalyticsVisitorController,
    AnalyticsController,
    AnalyticsRoomPinsController,
    AnalyticsListener,
  ],
  providers: [
    AnalyticsService,
    AnalyticsRepository,
    AnalyticsRoomPinsService,
    AnalyticsRoomPinsRepository,
    AnalyticsJobs,
    VisitorLimits,
    { provide: AnalyticsStore, useClass: PostgresAnalyticsStore },
  ],
  exports: [AnalyticsService, AnalyticsJobs],
})
export class AnalyticsModule {}
