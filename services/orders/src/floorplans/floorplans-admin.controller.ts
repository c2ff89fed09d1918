import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { Caller, IdParam, Responds, Staff } from '@tourly/platform';
import { ConfigurationResponse, UpdateConfiguration } from './floorplans.dto';
import { FloorplansService } from './floorplans.service';

/** A provider's floor-plan configuration in the back office (002 §7 Administrator). */
@Controller('admin/providers/:id/floorplan_configuration')
@Staff('platform_admin')
export class FloorplansAdminController {
  constructor(private readonly floorplans: FloorplansService) {}

  @Get('show.json')
  @Responds(ConfigurationResponse)
  show(@Param('id', IdParam('Provider not found')) providerId: string): Promise<ConfigurationResponse> {
    return this.floorplans.configuration(providerId);
  }

  @Put('update.json')
  @Responds(ConfigurationResponse)
  update(
    @Caller() caller: Caller,
    @Param('id', IdParam('Provider not found')) providerId: string,
    @Body() body: UpdateConfiguration,
  ): Promise<ConfigurationResponse> {
    return this.floorplans.configure(providerId, caller, body.floorplanConfiguration);
  }
}
