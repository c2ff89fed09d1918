import { Module } from '@nestjs/common';
import { PermissionsController } from './permissions.controller';
import { PermissionsListener } from './permissions.listener';
import { PermissionsService } from './permissions.service';
import { ProviderPlansRepository } from './provider-plans.repository';

@Module({
  controllers: [PermissionsController, PermissionsListener],
  providers: [PermissionsService, ProviderPlansRepository],
  exports: [PermissionsService],
})
export class PermissionsModule {}
