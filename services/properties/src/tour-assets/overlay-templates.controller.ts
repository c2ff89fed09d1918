import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { TOUR_MESSAGES } from '@tourly/contracts';
import { IdParam, ProviderId, Responds, Roles, type Page } from '@tourly/platform';
import {
  CreateOverlayTemplate,
  OverlayTemplateResponse,
  OverlayTemplatesQuery,
  UpdateOverlayTemplate,
} from './tour-assets.dto';
import { TourAssetsService } from './tour-assets.service';

const TEMPLATE_ID = IdParam(TOUR_MESSAGES.templateNotFound);

/** A provider's saved overlays, to start a tour's overlay from. */
@Controller('provider/virtual_tours/overlay_templates')
@Roles('admin', 'scan_technician', 'member')
export class OverlayTemplatesController {
  constructor(private readonly assets: TourAssetsService) {}

  @Get()
  @Responds({ page: OverlayTemplateResponse })
  list(
    @ProviderId() providerId: string,
    @Query() query: OverlayTemplatesQuery,
  ): Promise<Page<OverlayTemplateResponse>> {
    return this.assets.templates(providerId, query);
  }

  @Post()
  @Responds(OverlayTemplateResponse)
  create(
    @ProviderId() providerId: string,
    @Body() body: CreateOverlayTemplate,
  ): Promise<OverlayTemplateResponse> {
    return this.assets.createTemplate(providerId, body.overlayTemplate);
  }

  @Put(':id')
  @Responds(OverlayTemplateResponse)
  update(
    @ProviderId() providerId: string,
    @Param('id', TEMPLATE_ID) id: string,
    @Body() body: UpdateOverlayTemplate,
  ): Promise<OverlayTemplateResponse> {
    return this.assets.updateTemplate(providerId, id, body.overlayTemplate);
  }

  @Delete(':id')
  @HttpCode(204)
  @Responds(null)
  remove(@ProviderId() providerId: string, @Param('id', TEMPLATE_ID) id: string): Promise<void> {
    return this.assets.removeTemplate(providerId, id);
  }
}
