import { Module } from '@nestjs/common';
import { StorageModule } from '../storage/storage.module';
import { UploadsModule } from '../uploads/uploads.module';
import { ContactsService } from './contacts.service';
import {
  ContactsController,
  DocumentsController,
  FloorplansController,
  MediaLinksController,
  PhotosController,
  VideosController,
} from './media.controller';
import { MediaLinksService } from './media-links.service';
import { MediaService } from './media.service';

@Module({
  imports: [StorageModule, UploadsModule],
  controllers: [
    PhotosController,
    VideosController,
    FloorplansController,
    DocumentsController,
    MediaLinksController,
    ContactsController,
  ],
  providers: [MediaService, MediaLinksService, ContactsService],
  exports: [MediaService, MediaLinksService, ContactsService],
})
export class MediaModule {}
