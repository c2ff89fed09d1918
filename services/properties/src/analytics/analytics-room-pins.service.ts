import { Injectable } from '@nestjs/common';
import { ANALYTICS_MESSAGES } from '@tourly/contracts';
import { ApiError, Database } from '@tourly/platform';
import { PropertyMediaRepository } from '../media/property-media.repository';
import { Plans } from '../plans/plans';
import { PropertyScope } from '../properties/property-scope';
import type { AnalyticsRoomPinResponse, RoomPinForm } from './analytics-room-pins.dto';
import { AnalyticsRoomPinsRepository } from './analytics-room-pins.repository';
import { roomPinRefusals } from './analytics-room-pins.rules';

/**
 * The heat map's room pins (issue 33): where the provider placed each room of the tour on one of the property's
 * floor-plan images, read and replaced whole, on a paid plan (the heat map is part of the analytics it pays for).
 */
@Injectable()
export class AnalyticsRoomPinsService {
  constructor(
    private readonly db: Database,
    private readonly pins: AnalyticsRoomPinsRepository,
    private readonly media: PropertyMediaRepository,
    private readonly plans: Plans,
    private readonly scope: PropertyScope,
  ) {}

  async list(providerId: string, propertyId: string): Promise<AnalyticsRoomPinResponse[]> {
    await this.scope.of(this.db.dataSource, providerId, propertyId);
    await this.mustHavePaidPlan(providerId);
    return this.pins.list(this.db.dataSource, providerId, propertyId);
  }

  /**
   * The property's pins become the list, or nothing changes (422). Under the property's media lock, so a floor plan
   * deleted meanwhile is deleted before the check or after the pins (which it then takes with it).
   */
  async replace(
    providerId: string,
    propertyId: string,
    form: RoomPinForm[],
  ): Promise<AnalyticsRoomPinResponse[]> {
    await this.scope.of(this.db.dataSource, providerId, propertyId);
    await this.mustHavePaidPlan(providerId);
    const pins = form.map((pin) => ({
      room: pin.room,
      floor: pin.floor ?? null,
      floorplanId: pin.floorplanId.toLowerCase(),
      x: pin.x,
      y: pin.y,
    }));
    return this.db.transaction(async (tx) => {
      await this.scope.of(tx, providerId, propertyId, true);
      const floorplans = await this.media.list(tx, providerId, propertyId, 'floorplan');
      ApiError.refuseAny(roomPinRefusals(pins, floorplans));
      await this.pins.replace(tx, providerId, propertyId, pins);
      return this.pins.list(tx, providerId, propertyId);
    });
  }

  private async mustHavePaidPlan(providerId: string): Promise<void> {
    if (!(await this.plans.of(providerId)).canPublish)
      throw ApiError.forbidden(ANALYTICS_MESSAGES.paidPlanOnly);
  }
}
