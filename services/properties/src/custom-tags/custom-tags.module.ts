import { Module } from '@nestjs/common';
import { StorageModule } from '@tourly/platform/storage';
import { PropertiesDataModule } from '../properties/properties-data.module';
import { UploadsModule } from '../uploads/uploads.module';
import { CustomTagsController } from './custom-tags.controller';
import { CustomTagsRepository } from './custom-tags.repository';
import { CustomTagsService } from './custom-tags.service';
import { UploadedIconsController } from './uploaded-icons.controller';
import { UploadedIconsRepository } from './uploaded-icons.repository';

/** Custom tags (issue 34): the tour's tag layer, the provider's uploaded icons; the player reads the tags through the service. */
@Module({
  imports: [StorageModule, UploadsModule, PropertiesDataModule],
  controllers: [CustomTagsController, UploadedIconsController],
  providers: [CustomTagsService, CustomTagsRepository, UploadedIconsRepository],
  exports: [CustomTagsService],
})
export class CustomTagsModule {}
