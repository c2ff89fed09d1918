import { Module } from '@nestjs/common';
import { StorageModule } from '@tourly/platform/storage';
import { PropertiesDataModule } from '../properties/properties-data.module';
import { UploadsModule } from '../uploads/uploads.module';
import { ContactsRepository } from './contacts.repository';
import { ContactsService } from './contacts.service';
import { ContactsController } from './contacts.controller';
import { DocumentsController } from './documents.controller';
import { FloorplansController } from './floorplans.controller';
import { MediaLinksController } from './media-links.controller';
import { MediaListener } from './media.listener';
import { PhotosController } from './photos.controller';
import { VideosController } from './videos.controller';
import { MediaLinksRepository } from './media-links.repository';
import { MediaLinksService } from './media-links.service';
import { MediaService } from './media.service';
import { PropertyMediaRepository } from './property-media.repository';

@Module({
  imports: [StorageModule, UploadsModule, PropertiesDataModule],
  controllers: [
    PhotosController,
    VideosController,
    FloorplansController,
    DocumentsController,
    MediaLinksController,
    ContactsController,
    MediaListener,
  ],
  providers: [
    MediaService,
    MediaLinksService,
    ContactsService,
    PropertyMediaRepository,
    MediaLinksRepository,
    ContactsRepository,
  ],
  exports: [MediaService, MediaLinksService, ContactsService, PropertyMediaRepository, MediaLinksRepository],
})
export class MediaModule {}
