import { Module } from '@nestjs/common';
import { StorageModule } from '../storage/storage.module';
import { FilesRepository } from './files.repository';
import { MultipartBodies } from './multipart-bodies';
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
