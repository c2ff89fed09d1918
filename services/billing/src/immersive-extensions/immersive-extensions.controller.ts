import { Controller, Get, Query } from '@nestjs/common';
import { ProviderId, Responds, Roles, type Page } from '@tourly/platform';
import { ImmersiveExtensionResponse, ImmersiveExtensionsQuery } from './immersive-extensions.dto';
import { ImmersiveExtensionsService } from './immersive-extensions.service';

/** The provider's premium tours paid on their own. */
@Controller('provider/billing/immersive_extensions')
export class ImmersiveExtensionsController {
  constructor(private readonly extensions: ImmersiveExtensionsService) {}

  @Get()
  @Roles('admin')
  @Responds({ page: ImmersiveExtensionResponse })
  list(
    @ProviderId() providerId: string,
    @Query() query: ImmersiveExtensionsQuery,
  ): Promise<Page<ImmersiveExtensionResponse>> {
    return this.extensions.list(providerId, query);
  }
}
