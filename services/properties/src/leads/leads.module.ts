import { Module } from '@nestjs/common';
import { Mailer } from '@tourly/platform';
import { MediaModule } from '../media/media.module';
import { PlayerModule } from '../player/player.module';
import { PropertiesDataModule } from '../properties/properties-data.module';
import { LeadsController, VisitorLeadsController } from './leads.controller';
import { LeadsListener } from './leads.listener';
import { LeadsRepository } from './leads.repository';
import { LeadsService } from './leads.service';
import { VisitorLimits } from '../visitors/visitor-limits';

@Module({
  imports: [PropertiesDataModule, PlayerModule, MediaModule],
  controllers: [VisitorLeadsController, LeadsController, LeadsListener],
  providers: [LeadsService, LeadsRepository, Mailer, VisitorLimits],
})
export class LeadsModule {}
