import { Module } from '@nestjs/common';
import { StorageModule } from '@tourly/platform/storage';
import { PropertiesDataModule } from '../properties/properties-data.module';
import { StagingScenesDataModule } from './scenes/staging-scenes-data.module';
import { StagingAssetsAdminController } from './staging-assets-admin.controller';
import { StagingAssetsController } from './staging-assets.controller';
import { StagingAssetsRepository } from './staging-assets.repository';
import { StagingAssetsService } from './staging-assets.service';

/** Issue 36, virtual staging: the 3D asset library (the platform's and each provider's own). */
@Module({
  imports: [PropertiesDataModule, StorageModule, StagingScenesDataModule],
  controllers: [StagingAssetsController, StagingAssetsAdminController],
  providers: [StagingAssetsService, StagingAssetsRepository],
  // The scenes' editor lists the library and its categories; the Sketchfab import creates assets through it.
  exports: [StagingAssetsService],
})
export class StagingModule {}
