import { Module } from '@nestjs/common';
import { PermissionsModule } from '../permissions/permissions.module';
import { DomainsAdminController } from './domains-admin.controller';
import { DomainsQueueController } from './domains-queue.controller';
import { DomainsController } from './domains.controller';
import { DomainsRepository } from './domains.repository';
import { DomainsService } from './domains.service';
import { HostsListener } from './hosts.listener';

@Module({
  imports: [PermissionsModule],
  controllers: [DomainsController, DomainsAdminController, DomainsQueueController, HostsListener],
  providers: [DomainsService, DomainsRepository],
  exports: [DomainsService],
})
export class DomainsModule {}
