import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ProviderId, Responds, Roles } from '@tourly/platform';
import { UpdateWayfindingLayer, WayfindingLayerAnswer } from './wayfinding.dto';
import type { WayfindingLayer } from './wayfinding.rules';
import { WayfindingService } from './wayfinding.service';

type Answer = { wayfindingLayer: WayfindingLayer };

/** 002 §7: a property's wayfinding layer (points and journeys), saved whole. */
@Controller('provider/properties/:id/wayfinding_layer')
@Roles('admin', 'scan_technician', 'member')
export class WayfindingController {
  constructor(private readonly wayfinding: WayfindingService) {}

  @Get()
  @Responds(WayfindingLayerAnswer)
  async get(@ProviderId() providerId: string, @Param('id') propertyId: string): Promise<Answer> {
    return { wayfindingLayer: await this.wayfinding.get(providerId, propertyId) };
  }

  @Post()
  @HttpCode(200)
  @Responds(WayfindingLayerAnswer)
  async save(
    @ProviderId() providerId: string,
    @Param('id') propertyId: string,
    @Body() body: UpdateWayfindingLayer,
  ): Promise<Answer> {
    return { wayfindingLayer: await this.wayfinding.save(providerId, propertyId, body.wayfindingLayer) };
  }
}
