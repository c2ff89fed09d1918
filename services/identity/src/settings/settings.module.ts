import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../api-keys/api-keys.module';
import { SettingsController } from './settings.controller';
import { SettingsService } from './settings.service';

@Module({ imports: [ApiKeysModule], controllers: [SettingsController], providers: [SettingsService] })
export class SettingsModule {}
