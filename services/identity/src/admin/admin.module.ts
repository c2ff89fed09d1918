import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module';
import { AdminController } from './admin.controller';
import { AdminService } from './admin.service';

@Module({ imports: [SettingsModule], controllers: [AdminController], providers: [AdminService] })
export class AdminModule {}
