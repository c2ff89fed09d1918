import { Module } from '@nestjs/common';
import { PlansModule } from '../plans/plans.module';
import { PropertiesDataModule } from '../properties/properties-data.module';
import { StagingModule } from '../staging/staging.module';
import { TourAssetsModule } from '../tour-assets/tour-assets.module';
import { HttpSketchfab } from './http-sketchfab.adapter';
import { SketchfabConnectionService } from './sketchfab-connection.service';
import { SketchfabDownloadController } from './sketchfab-download.controller';
import { SketchfabImportService } from './sketchfab-import.service';
import { SketchfabIntegrationController } from './sketchfab-integration.controller';
import { SketchfabSearchService } from './sketchfab-search.service';
import { Sketchfab } from './sketchfab.port';
import { SketchfabRepository } from './sketchfab.repository';

/** Issue 36, Sketchfab imports: the provider's Sketchfab connection and models imported into its asset library. */
@Module({
  imports: [PlansModule, PropertiesDataModule, StagingModule, TourAssetsModule],
  controllers: [SketchfabIntegrationController, SketchfabDownloadController],
  providers: [
    SketchfabConnectionService,
    SketchfabImportService,
    SketchfabSearchService,
    SketchfabRepository,
    { provide: Sketchfab, useClass: HttpSketchfab },
  ],
})
export class SketchfabModule {}
