import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  PROPERTIES_OWNED,
  PROPERTY_FOR_ORDER,
  type PropertiesOwned,
  type PropertiesOwnedRequest,
  type PropertyForOrder,
  type PropertyForOrderRequest,
} from '@tourly/contracts';
import { MediaService } from '../media/media.service';
import { PropertiesService } from './properties.service';

/** Request-reply for other services about a provider's properties. */
@Controller()
export class PropertiesListener {
  constructor(
    private readonly properties: PropertiesService,
    private readonly media: MediaService,
  ) {}

  /**
   * Orders, before placing an order: the property, if it is the provider's, and whether its space is behind a
   * password; for retouching, those of the photos asked that are the property's.
   */
  @MessagePattern(PROPERTY_FOR_ORDER)
  async forOrder(@Payload() request: PropertyForOrderRequest): Promise<PropertyForOrder> {
    const property = await this.properties.forOrder(request);
    if (!request.photoIds) return property;
    const photos = await this.media.photosForOrder(request.providerId, property.propertyId, request.photoIds);
    return { ...property, photos };
  }

  /** Billing, before a hosting-fee subscription names them: which of these ids are the provider's properties. */
  @MessagePattern(PROPERTIES_OWNED)
  owned(@Payload() request: PropertiesOwnedRequest): Promise<PropertiesOwned> {
    return this.properties.owned(request);
  }
}
