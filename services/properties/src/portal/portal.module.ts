import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module';
import { PlansModule } from '../plans/plans.module';
import { PortalPreviewController } from './portal-preview.controller';
import { PortalController } from './portal.controller';
import { PortalRepository } from './portal.repository';
import { PortalService } from './portal.service';

@Module({
  imports: [MediaModule, PlansModule],
  controllers: [PortalController, PortalPreviewController],
  providers: [PortalService, PortalRepository],
})
export class PortalModule {}
