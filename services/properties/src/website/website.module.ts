import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module';
import { PlayerModule } from '../player/player.module';
import { PropertiesDataModule } from '../properties/properties-data.module';
import { PublicWebsiteController } from './website-public.controller';
import { WebsiteController } from './website.controller';
import { WebsiteService } from './website.service';
import { WebsitesRepository } from './websites.repository';

@Module({
  imports: [MediaModule, PropertiesDataModule, PlayerModule],
  controllers: [WebsiteController, PublicWebsiteController],
  providers: [WebsiteService, WebsitesRepository],
})
export class WebsiteModule {}
