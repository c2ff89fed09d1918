import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  IMMERSIVE_EXTENSION_CANCEL,
  IMMERSIVE_EXTENSION_QUOTE,
  IMMERSIVE_EXTENSION_SUBSCRIBE,
  type ImmersiveExtensionCancellation,
  type ImmersiveExtensionCancelRequest,
  type ImmersiveExtensionPayment,
  type ImmersiveExtensionQuote,
  type ImmersiveExtensionSubscribeRequest,
} from '@tourly/contracts';
import { ImmersiveExtensionsService } from './immersive-extensions.service';

/** Request-reply for properties: the price of a premium tour, paying for one, and stopping it. */
@Controller()
export class ImmersiveExtensionsListener {
  constructor(private readonly extensions: ImmersiveExtensionsService) {}

  @MessagePattern(IMMERSIVE_EXTENSION_QUOTE)
  quote(@Payload() request: { providerId: string }): Promise<ImmersiveExtensionQuote> {
    return this.extensions.quote(request.providerId);
  }

  @MessagePattern(IMMERSIVE_EXTENSION_SUBSCRIBE)
  subscribe(@Payload() request: ImmersiveExtensionSubscribeRequest): Promise<ImmersiveExtensionPayment> {
    return this.extensions.subscribe(request);
  }

  @MessagePattern(IMMERSIVE_EXTENSION_CANCEL)
  cancel(@Payload() request: ImmersiveExtensionCancelRequest): Promise<ImmersiveExtensionCancellation> {
    return this.extensions.cancel(request);
  }
}
