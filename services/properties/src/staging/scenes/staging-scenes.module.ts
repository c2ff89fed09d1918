import { Module } from '@nestjs/common';
import { StorageModule } from '@tourly/platform/storage';
import { PlansModule } from '../../plans/plans.module';
import { PlayerModule } from '../../player/player.module';
import { PropertiesDataModule } from '../../properties/properties-data.module';
import { StagingModule } from '../staging.module';
import { StagingScenesDataModule } from './staging-scenes-data.module';
import { StagingScenesPublicController } from './staging-scenes-public.controller';
import { StagingScenesController } from './staging-scenes.controller';
import { StagingScenesService } from './staging-scenes.service';

/** Issue 36, virtual staging: each property's staging scene, the editor's routes and the player's scene.json. */
@Module({
  imports: [
    StagingScenesDataModule,
    StagingModule,
    PropertiesDataModule,
    PlansModule,
    PlayerModule,
    StorageModule,
  ],
  controllers: [StagingScenesController, StagingScenesPublicController],
  providers: [StagingScenesService],
})
export class StagingScenesModule {}
