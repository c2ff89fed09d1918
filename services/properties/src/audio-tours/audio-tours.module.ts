import { Module } from '@nestjs/common';
import { StorageModule } from '@tourly/platform/storage';
import { UploadsModule } from '../uploads/uploads.module';
import { AudioFilesRepository } from './audio-files.repository';
import { AudioToursController } from './audio-tours.controller';
import { AudioToursRepository } from './audio-tours.repository';
import { AudioToursService } from './audio-tours.service';

/** Audio tours and audio files (issue 34). The guided tour's stops narrate with these files too. */
@Module({
  imports: [StorageModule, UploadsModule],
  controllers: [AudioToursController],
  providers: [AudioToursService, AudioFilesRepository, AudioToursRepository],
  exports: [AudioToursService, AudioFilesRepository, AudioToursRepository],
})
export class AudioToursModule {}
