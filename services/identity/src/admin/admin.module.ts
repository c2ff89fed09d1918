import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { AdminChangesModule } from '../admin-changes/admin-changes.module';
import { SettingsModule } from '../settings/settings.module';
import { AdminController } from './admin.controller';
import { AdminService } from './admin.service';

@Module({
  imports: [AccountsModule, SettingsModule, AdminChangesModule],
  controllers: [AdminController],
  providers: [AdminService],
})
export class AdminModule {}
