import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ProviderId, Responds, Roles } from '@tourly/platform';
import { AnalyticsRoomPinResponse, RoomPinsBody } from './analytics-room-pins.dto';
import { AnalyticsRoomPinsService } from './analytics-room-pins.service';

/** Where the provider placed the tour's rooms on the property's floor-plan images: the heat map drawn over them. */
@Controller('provider/properties/:id/analytics/room_pins')
@Roles('admin', 'scan_technician', 'member')
export class AnalyticsRoomPinsController {
  constructor(private readonly roomPins: AnalyticsRoomPinsService) {}

  @Get()
  @Responds([AnalyticsRoomPinResponse])
  list(@ProviderId() providerId: string, @Param('id') id: string): Promise<AnalyticsRoomPinResponse[]> {
    return this.roomPins.list(providerId, id);
  }

  /** Replaces every pin of the property (an empty list clears them); a member reads only. */
  @Put()
  @Responds([AnalyticsRoomPinResponse])
  replace(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Body() body: RoomPinsBody,
  ): Promise<AnalyticsRoomPinResponse[]> {
    return this.roomPins.replace(providerId, id, body.roomPins);
  }
}
