import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { ProviderId, Reads, Responds, Roles, type Page } from '@tourly/platform';
import {
  AssignToClient,
  DownloadResponse,
  DownloadVariant,
  TemplateOptionsResponse,
  TemplateResponse,
  variantId,
  VariantResponse,
  VariantsQuery,
} from './floorplans.dto';
import { FloorplansService } from './floorplans.service';

/** The provider's delivered plans and its templates (001 §7, 002 §7 "custom tags, templates, floor plans"). */
@Controller('provider')
@Roles('admin', 'scan_technician', 'member')
export class FloorplansController {
  constructor(private readonly floorplans: FloorplansService) {}

  /** The provider's floor-plan variants (one per delivered plan), for the variant select: newest first. */
  @Get('orders/floorplan_variants.json')
  @Responds({ page: VariantResponse })
  variants(@ProviderId() providerId: string, @Query() query: VariantsQuery): Promise<Page<VariantResponse>> {
    return this.floorplans.list(providerId, query);
  }

  /** Hands the plan to one of the provider's clients (`provider_client_id`; null takes it back). */
  @Post('floorplan_variants/:id/assign_to_client')
  @Responds(VariantResponse)
  assignToClient(
    @ProviderId() providerId: string,
    @Param('id', variantId()) id: string,
    @Body() body: AssignToClient,
  ): Promise<VariantResponse> {
    return this.floorplans.assignToClient(providerId, id, body.providerClientId);
  }

  @Get('floorplan_variant/floorplan_template_options')
  @Responds(TemplateOptionsResponse)
  templateOptions(@ProviderId() providerId: string): Promise<TemplateOptionsResponse> {
    return this.floorplans.templateOptions(providerId);
  }

  @Get('custom_opw_templates')
  @Responds([TemplateResponse])
  customTemplates(@ProviderId() providerId: string): Promise<TemplateResponse[]> {
    return this.floorplans.customTemplates(providerId);
  }

  /** A link to download a delivered plan (valid an hour). */
  @Post('floorplan_editor/download')
  @Reads()
  @Responds(DownloadResponse)
  download(@ProviderId() providerId: string, @Body() body: DownloadVariant): Promise<DownloadResponse> {
    return this.floorplans.download(providerId, body.floorplanVariantId);
  }
}
