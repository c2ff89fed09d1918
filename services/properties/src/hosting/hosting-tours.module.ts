import { Module } from '@nestjs/common';
import { Mailer } from '@tourly/platform';
import { HostingToursController } from './hosting-tours.controller';
import { HostingToursListener } from './hosting-tours.listener';
import { HostingToursRepository } from './hosting-tours.repository';
import { HostingToursService } from './hosting-tours.service';

/** The autopilot (issue 32): tours paused while their hosting fee is overdue, resumed once paid. */
@Module({
  controllers: [HostingToursController, HostingToursListener],
  providers: [HostingToursService, HostingToursRepository, Mailer],
})
export class HostingToursModule {}
