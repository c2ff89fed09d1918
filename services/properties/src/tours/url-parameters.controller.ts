import { Body, Controller, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ProviderId, Responds, Roles, TakesNoBody } from '@tourly/platform';
import { UpdateUrlParameters, UrlParametersResponse } from './player-links.dto';
import { PlayerLinksService, type UrlParametersView } from './player-links.service';

/** 001 §3 scan-viewer options: a tour's Matterport Showcase URL parameters, set away from the viewer's defaults. */
@Controller('provider/matterport_model_parameters')
@Roles('admin', 'scan_technician', 'member')
export class UrlParametersController {
  constructor(private readonly playerLinks: PlayerLinksService) {}

  @Put(':id')
  @Responds(UrlParametersResponse)
  update(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Body() body: UpdateUrlParameters,
  ): Promise<UrlParametersView> {
    return this.playerLinks.updateParameters(providerId, id, body.matterportModelParameter);
  }

  @Post(':id/revert_to_default')
  @HttpCode(200)
  @TakesNoBody()
  @Responds(UrlParametersResponse)
  revert(@ProviderId() providerId: string, @Param('id') id: string): Promise<UrlParametersView> {
    return this.playerLinks.revertParameters(providerId, id);
  }
}
