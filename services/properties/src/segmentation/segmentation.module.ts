import { Module } from '@nestjs/common';
import { StorageModule } from '@tourly/platform/storage';
import { Matterport } from '../matterport/matterport';
import { PropertiesDataModule } from '../properties/properties-data.module';
import { HttpSegmentationEngine, SegmentationEngine } from './segmentation-engine';
import { SegmentationJobsController, SegmentationWorker } from './segmentation.controller';
import { SegmentationRepository } from './segmentation.repository';
import { SegmentationJobs } from './segmentation.service';

/** Issue 37, segmentation jobs: the provider's routes, the worker, and the engine's port with its HTTP adapter. */
@Module({
  imports: [PropertiesDataModule, StorageModule],
  controllers: [SegmentationJobsController, SegmentationWorker],
  providers: [
    SegmentationJobs,
    SegmentationRepository,
    Matterport,
    { provide: SegmentationEngine, useClass: HttpSegmentationEngine },
  ],
})
export class SegmentationModule {}
