import { Body, Controller, Param, Put } from '@nestjs/common';
import { ProviderId, Responds, Roles } from '@tourly/platform';
import { HostingExemptForm, HostingStateResponse } from './hosting-tours.dto';
import { HostingToursService } from './hosting-tours.service';

/** The provider exempts a tour from the autopilot (pausing on an unpaid hosting fee), or ends the exemption. */
@Controller('provider/properties')
@Roles('admin')
export class HostingToursController {
  constructor(private readonly hosting: HostingToursService) {}

  @Put(':id/hosting_exempt')
  @Responds(HostingStateResponse)
  setExempt(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Body() body: HostingExemptForm,
  ): Promise<HostingStateResponse> {
    return this.hosting.setExempt(providerId, id, body.hostingExempt);
  }
}
