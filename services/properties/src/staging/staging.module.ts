import { Module } from '@nestjs/common';
import { StorageModule } from '@tourly/platform/storage';
import { PropertiesDataModule } from '../properties/properties-data.module';
import { StagingAssetsAdminController } from './staging-assets-admin.controller';
import { StagingAssetsController } from './staging-assets.controller';
import { StagingAssetsRepository } from './staging-assets.repository';
import { StagingAssetsService } from './staging-assets.service';

/** Issue 36, virtual staging: the 3D asset library (the platform's and each provider's own). */
@Module({
  imports: [PropertiesDataModule, StorageModule],
  controllers: [StagingAssetsController, StagingAssetsAdminController],
  providers: [StagingAssetsService, StagingAssetsRepository],
  // The library's own service creates the assets other features bring in (the Sketchfab import).
  exports: [StagingAssetsService],
})
export class StagingModule {}
