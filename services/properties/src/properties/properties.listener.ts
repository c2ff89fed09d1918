import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PROPERTY_FOR_ORDER, type PropertyForOrder, type PropertyForOrderRequest } from '@tourly/contracts';
import { PropertiesService } from './properties.service';

/** Request-reply for other services about a provider's properties. */
@Controller()
export class PropertiesListener {
  constructor(private readonly properties: PropertiesService) {}

  /** Orders, before placing an order: the property, if it is the provider's, and whether its space is behind a password. */
  @MessagePattern(PROPERTY_FOR_ORDER)
  forOrder(@Payload() request: PropertyForOrderRequest): Promise<PropertyForOrder> {
    return this.properties.forOrder(request);
  }
}
