import { Module } from '@nestjs/common';
import { MultipartBodies } from '@tourly/platform';
import { StorageModule } from '@tourly/platform/storage';
import { FilesRepository } from './files.repository';
import { UploadsController } from './uploads.controller';
import { UploadsService } from './uploads.service';
import { UploadsSweeper } from './uploads.sweeper';

@Module({
  imports: [StorageModule],
  controllers: [UploadsController],
  providers: [UploadsService, UploadsSweeper, MultipartBodies, FilesRepository],
  exports: [UploadsService, UploadsSweeper],
})
export class UploadsModule {}
