import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { CatalogueModule } from '../catalogue/catalogue.module';
import { ImmersiveExtensionVersionsRepository } from './immersive-extension-versions.repository';
import { ImmersiveExtensionsController } from './immersive-extensions.controller';
import { ImmersiveExtensionsListener } from './immersive-extensions.listener';
import { ImmersiveExtensionsRepository } from './immersive-extensions.repository';
import { ImmersiveExtensionsService } from './immersive-extensions.service';

/** Premium tours paid on their own: the provider's list, and properties' requests to pay for and stop them. */
@Module({
  imports: [AccountsModule, CatalogueModule],
  controllers: [ImmersiveExtensionsController, ImmersiveExtensionsListener],
  providers: [
    ImmersiveExtensionsRepository,
    ImmersiveExtensionVersionsRepository,
    ImmersiveExtensionsService,
  ],
  exports: [ImmersiveExtensionsRepository, ImmersiveExtensionsService],
})
export class ImmersiveExtensionsModule {}
