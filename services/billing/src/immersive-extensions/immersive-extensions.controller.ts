import { Controller, Get, Query } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  IMMERSIVE_EXTENSION_CANCEL,
  IMMERSIVE_EXTENSION_QUOTE,
  IMMERSIVE_EXTENSION_SUBSCRIBE,
  type ImmersiveExtensionCancelRequest,
  type ImmersiveExtensionSubscribeRequest,
} from '@tourly/contracts';
import { ProviderId, Roles } from '@tourly/platform';
import { ImmersiveExtensionsQuery } from './immersive-extensions.dto';
import { ImmersiveExtensionsService } from './immersive-extensions.service';

/** The provider's premium tours paid on their own; properties pays for and cancels them over request-reply. */
@Controller()
export class ImmersiveExtensionsController {
  constructor(private readonly extensions: ImmersiveExtensionsService) {}

  @Get('provider/billing/immersive_extensions')
  @Roles('admin')
  list(@ProviderId() providerId: string, @Query() query: ImmersiveExtensionsQuery) {
    return this.extensions.list(providerId, query);
  }

  @MessagePattern(IMMERSIVE_EXTENSION_QUOTE)
  quote(@Payload() request: { providerId: string }) {
    return this.extensions.quote(request.providerId);
  }

  @MessagePattern(IMMERSIVE_EXTENSION_SUBSCRIBE)
  subscribe(@Payload() request: ImmersiveExtensionSubscribeRequest) {
    return this.extensions.subscribe(request);
  }

  @MessagePattern(IMMERSIVE_EXTENSION_CANCEL)
  cancel(@Payload() request: ImmersiveExtensionCancelRequest) {
    return this.extensions.cancel(request);
  }
}
