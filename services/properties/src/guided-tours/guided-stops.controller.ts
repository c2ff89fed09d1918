import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ProviderId, Responds, Roles } from '@tourly/platform';
import { GuidedStopsResponse, SaveGuidedStops } from './guided-stops.dto';
import { GuidedStopsService } from './guided-stops.service';

/**
 * The guided tour's stops, beside its switch (`guided_tour_layer.json`, which goes through the draft): saved at once,
 * the whole list in its order.
 */
@Controller('provider/properties/:id/guided_tour_layer')
@Roles('admin', 'scan_technician', 'member')
export class GuidedStopsController {
  constructor(private readonly stops: GuidedStopsService) {}

  @Get('stops.json')
  @Responds(GuidedStopsResponse)
  async list(
    @ProviderId() providerId: string,
    @Param('id') propertyId: string,
  ): Promise<GuidedStopsResponse> {
    return { stops: await this.stops.list(providerId, propertyId) };
  }

  /** `{guided_tour_layer: {stops: [{sweep_id, rotation: {x, y}, title, text?, audio_file_id?}]}}` */
  @Post('stops.json')
  @HttpCode(200)
  @Responds(GuidedStopsResponse)
  async save(
    @ProviderId() providerId: string,
    @Param('id') propertyId: string,
    @Body() body: SaveGuidedStops,
  ): Promise<GuidedStopsResponse> {
    return { stops: await this.stops.save(providerId, propertyId, body.guidedTourLayer.stops) };
  }
}
