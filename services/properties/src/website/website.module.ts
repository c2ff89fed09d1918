import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module';
import { PublicWebsiteController, WebsiteController } from './website.controller';
import { WebsiteService } from './website.service';

@Module({
  imports: [MediaModule],
  controllers: [WebsiteController, PublicWebsiteController],
  providers: [WebsiteService],
})
export class WebsiteModule {}
