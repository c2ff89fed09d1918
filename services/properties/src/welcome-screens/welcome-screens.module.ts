import { Module } from '@nestjs/common';
import { StorageModule } from '@tourly/platform/storage';
import { PlayerModule } from '../player/player.module';
import { PropertiesDataModule } from '../properties/properties-data.module';
import { UploadsModule } from '../uploads/uploads.module';
import { WelcomeScreensPublicController } from './welcome-screens-public.controller';
import { WelcomeScreensController } from './welcome-screens.controller';
import { WelcomeScreensRepository } from './welcome-screens.repository';
import { WelcomeScreensService } from './welcome-screens.service';

/** Issue 34, welcome screens: a property's sequence shown before its tour starts, and the visitor's copy. */
@Module({
  imports: [PropertiesDataModule, PlayerModule, UploadsModule, StorageModule],
  controllers: [WelcomeScreensController, WelcomeScreensPublicController],
  providers: [WelcomeScreensService, WelcomeScreensRepository],
})
export class WelcomeScreensModule {}
