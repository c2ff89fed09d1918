import { Module } from '@nestjs/common';
import { StagingScenesRepository } from './staging-scenes.repository';

/**
 * The scenes' table alone, for the features that read or move it without the scenes' routes: the tour's layers
 * publish it, the player credits its models, the asset library archives what a published scene places.
 */
@Module({
  providers: [StagingScenesRepository],
  exports: [StagingScenesRepository],
})
export class StagingScenesDataModule {}
