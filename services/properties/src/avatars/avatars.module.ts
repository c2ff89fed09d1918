import { Module } from '@nestjs/common';
import { StorageModule } from '@tourly/platform/storage';
import { UploadsModule } from '../uploads/uploads.module';
import { AvatarsController } from './avatars.controller';
import { AvatarsRepository } from './avatars.repository';
import { AvatarsService } from './avatars.service';

/** People's uploaded pictures (issue 31); the player's agents read them through the service. */
@Module({
  imports: [UploadsModule, StorageModule],
  controllers: [AvatarsController],
  providers: [AvatarsService, AvatarsRepository],
  exports: [AvatarsService],
})
export class AvatarsModule {}
