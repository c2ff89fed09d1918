import { Module } from '@nestjs/common';
import { StorageModule } from '@tourly/platform/storage';
import { AvatarsModule } from '../avatars/avatars.module';
import { DigitalTwinModule } from '../digital-twin/digital-twin.module';
import { CustomTagsModule } from '../custom-tags/custom-tags.module';
import { GuidedToursModule } from '../guided-tours/guided-tours.module';
import { MediaModule } from '../media/media.module';
import { PlansModule } from '../plans/plans.module';
import { StagingScenesDataModule } from '../staging/scenes/staging-scenes-data.module';
import { ToursModule } from '../tours/tours.module';
import { LeadGateController } from './lead-gate.controller';
import { LeadGate } from './lead-gate.service';
import { PlayerController } from './player.controller';
import { PlayerRepository } from './player.repository';
import { PlayerService } from './player.service';
import { PublicRateLimit } from './public-rate-limit.guard';
import { VisitorLimits } from '../visitors/visitor-limits';
import { SegmentationService } from './segmentation.service';
import { TourUnlockGuardsRepository } from './tour-unlock-guards.repository';
import { CookiePolicyController, SegmentationController } from './visitor-extras.controller';

/** The visitor's player (issue 13): the public API of shared tours, the cookie consent and the segmentation. */
@Module({
  imports: [
    ToursModule,
    MediaModule,
    PlansModule,
    AvatarsModule,
    CustomTagsModule,
    GuidedToursModule,
    StagingScenesDataModule,
    StorageModule,
    DigitalTwinModule,
  ],
  controllers: [PlayerController, LeadGateController, CookiePolicyController, SegmentationController],
  providers: [
    PlayerService,
    LeadGate,
    PlayerRepository,
    TourUnlockGuardsRepository,
    SegmentationService,
    PublicRateLimit,
    VisitorLimits,
  ],
  // The property's website shows the tour's agents, map and embed, behind the tour's password; a lead from a gated
  // tour earns its pass.
  exports: [PlayerService, LeadGate, PublicRateLimit],
})
export class PlayerModule {}
