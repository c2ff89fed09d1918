import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  TOUR_DRAFT_FOR_ORDER,
  type TourDraftForOrder,
  type TourDraftForOrderRequest,
} from '@tourly/contracts';
import { TourLayersService } from './tour-layers.service';

/** Request-reply for other services about a tour's layers. */
@Controller()
export class TourLayersListener {
  constructor(private readonly layers: TourLayersService) {}

  /** Orders, before delivering a workshop assistant order: whether the tour's draft was saved, and when. */
  @MessagePattern(TOUR_DRAFT_FOR_ORDER)
  draftForOrder(@Payload() request: TourDraftForOrderRequest): Promise<TourDraftForOrder> {
    return this.layers.draftForOrder(request);
  }
}
