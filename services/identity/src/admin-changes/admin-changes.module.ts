import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { AdminChangesController } from './admin-changes.controller';
import { AdminChangesListener } from './admin-changes.listener';
import { AdminChangesRepository } from './admin-changes.repository';
import { AdminChangesService } from './admin-changes.service';

/** The audit trail of administrators' changes to providers' records: identity's own, billing's and orders'. */
@Module({
  imports: [AccountsModule],
  controllers: [AdminChangesController, AdminChangesListener],
  providers: [AdminChangesService, AdminChangesRepository],
  exports: [AdminChangesService],
})
export class AdminChangesModule {}
