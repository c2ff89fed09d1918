import { Module } from '@nestjs/common';
import { PlansModule } from '../plans/plans.module';
import { PlayerModule } from '../player/player.module';
import { PropertiesDataModule } from '../properties/properties-data.module';
import { VisitorLimits } from '../visitors/visitor-limits';
import { AnalyticsController } from './analytics.controller';
import { AnalyticsJobs } from './analytics-jobs';
import { AnalyticsListener } from './analytics.listener';
import { AnalyticsRepository } from './analytics.repository';
import { AnalyticsService } from './analytics.service';
import { AnalyticsStore } from './analytics-store.port';
import { AnalyticsVisitorController } from './analytics-visitor.controller';
import { PostgresAnalyticsStore } from './postgres-analytics-store.adapter';

/** Visitor analytics (issue 33): collection from the player, storage behind `AnalyticsStore`, the provider's reads. */
@Module({
  imports: [PropertiesDataModule, PlansModule, PlayerModule],
  controllers: [AnalyticsVisitorController, AnalyticsController, AnalyticsListener],
  providers: [
    AnalyticsService,
    AnalyticsRepository,
    AnalyticsJobs,
    VisitorLimits,
    { provide: AnalyticsStore, useClass: PostgresAnalyticsStore },
  ],
  exports: [AnalyticsService, AnalyticsJobs],
})
export class AnalyticsModule {}
