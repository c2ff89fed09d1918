import { Module } from '@nestjs/common';
import { MatterportController } from './matterport.controller';
import { MatterportIntegrationController } from './matterport-integration.controller';
import { MatterportListener } from './matterport.listener';
import { MatterportOAuth } from './matterport-oauth';
import { MatterportRepository } from './matterport.repository';
import { MatterportService } from './matterport.service';

/** Each provider's own Matterport connection: OAuth, its tokens (encrypted, renewed), and the switch prompt. */
@Module({
  controllers: [MatterportIntegrationController, MatterportController, MatterportListener],
  providers: [MatterportService, MatterportRepository, MatterportOAuth],
  exports: [MatterportRepository],
})
export class MatterportModule {}
