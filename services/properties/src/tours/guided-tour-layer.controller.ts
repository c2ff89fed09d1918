import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { TourLayers } from '@tourly/contracts';
import { ProviderId, Responds, Roles } from '@tourly/platform';
import { EnableGuidedTourLayer, GuidedTourLayerAnswer, UpdateGuidedTourLayer } from './tour-layers.dto';
import { TourLayersService } from './tour-layers.service';

type Answer = { guidedTourLayer: TourLayers['guidedTour'] };

/** The guided tour layer of a property's tour, as its draft has it. */
@Controller('provider/properties/:id')
@Roles('admin', 'scan_technician', 'member')
export class GuidedTourLayerController {
  constructor(private readonly layers: TourLayersService) {}

  @Get('guided_tour_layer.json')
  @Responds(GuidedTourLayerAnswer)
  async get(@ProviderId() providerId: string, @Param('id') propertyId: string): Promise<Answer> {
    return { guidedTourLayer: await this.layers.guidedTour(providerId, propertyId) };
  }

  @Post('guided_tour_layer.json')
  @HttpCode(200)
  @Responds(GuidedTourLayerAnswer)
  async update(
    @ProviderId() providerId: string,
    @Param('id') propertyId: string,
    @Body() body: UpdateGuidedTourLayer,
  ): Promise<Answer> {
    return {
      guidedTourLayer: await this.layers.saveGuidedTour(providerId, propertyId, body.guidedTourLayer),
    };
  }

  @Post('guided_tour_layer/enable_layer.json')
  @HttpCode(200)
  @Responds(GuidedTourLayerAnswer)
  async enable(
    @ProviderId() providerId: string,
    @Param('id') propertyId: string,
    @Body() body: EnableGuidedTourLayer,
  ): Promise<Answer> {
    return {
      guidedTourLayer: await this.layers.saveGuidedTour(providerId, propertyId, body.guidedTourLayer),
    };
  }
}
