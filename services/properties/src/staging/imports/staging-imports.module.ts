import { Module } from '@nestjs/common';
import { TourAssetsModule } from '../../tour-assets/tour-assets.module';
import { StagingModule } from '../staging.module';
import { StagingImportsController } from './staging-imports.controller';
import { StagingImportsRepository } from './staging-imports.repository';
import { StagingImportsService } from './staging-imports.service';

/** Issue 36, the staging assets' bulk upload: a CSV of models, imported in the background. */
@Module({
  imports: [StagingModule, TourAssetsModule],
  controllers: [StagingImportsController],
  providers: [StagingImportsService, StagingImportsRepository],
})
export class StagingImportsModule {}
