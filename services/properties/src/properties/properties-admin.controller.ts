import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { IdParam, Responds, Staff, TakesNoBody } from '@tourly/platform';
import { PropertyResponse } from './properties.dto';
import { PROPERTY_NOT_FOUND } from './property-scope';
import { PropertiesService } from './properties.service';

/** The back office restores what a provider deleted by mistake. */
@Controller('admin/properties')
@Staff('platform_admin')
export class AdminPropertiesController {
  constructor(private readonly properties: PropertiesService) {}

  @Post(':id/restore')
  @TakesNoBody()
  @HttpCode(200)
  @Responds(PropertyResponse)
  restore(@Param('id', IdParam(PROPERTY_NOT_FOUND)) id: string): Promise<PropertyResponse> {
    return this.properties.restore(id);
  }
}
