import { Controller, Get, Query } from '@nestjs/common';
import { Responds, Staff, type Page } from '@tourly/platform';
import { AdminVariantResponse, AdminVariantsQuery } from './floorplans.dto';
import { FloorplansService } from './floorplans.service';

/** The floor-plan variants as a list source for the back office's searchable selects (001 §7). */
@Controller('admin')
@Staff('platform_admin')
export class FloorplanVariantsAdminController {
  constructor(private readonly floorplans: FloorplansService) {}

  /** Every provider's variants (`provider_id`: one provider's), newest first; `search` in the name. */
  @Get('floorplan_variants.json')
  @Responds({ page: AdminVariantResponse })
  list(@Query() query: AdminVariantsQuery): Promise<Page<AdminVariantResponse>> {
    return this.floorplans.listForAdmin(query);
  }
}
