import { Module } from '@nestjs/common';
import { PropertiesDataModule } from '../properties/properties-data.module';
import { StorageModule } from '@tourly/platform/storage';
import { MediaModule } from '../media/media.module';
import { PlansModule } from '../plans/plans.module';
import { StagingScenesDataModule } from '../staging/scenes/staging-scenes-data.module';
import { GuidedTourLayerController } from './guided-tour-layer.controller';
import { PlayerLinksAdminController } from './player-links-admin.controller';
import { PlayerLinksController } from './player-links.controller';
import { PlayerLinksRepository } from './player-links.repository';
import { PlayerLinksService } from './player-links.service';
import { TourLayersController } from './tour-layers.controller';
import { TourLayersListener } from './tour-layers.listener';
import { TourLayersService } from './tour-layers.service';
import { UrlParametersController } from './url-parameters.controller';
import { VirtualToursRepository } from './virtual-tours.repository';

/** Tours (issue 12): each property's player link and its settings, URL parameters, and layers with their draft. */
@Module({
  imports: [MediaModule, PlansModule, StorageModule, PropertiesDataModule, StagingScenesDataModule],
  controllers: [
    PlayerLinksController,
    PlayerLinksAdminController,
    UrlParametersController,
    TourLayersController,
    GuidedTourLayerController,
    TourLayersListener,
  ],
  providers: [PlayerLinksService, PlayerLinksRepository, TourLayersService, VirtualToursRepository],
  exports: [PlayerLinksService],
})
export class ToursModule {}
