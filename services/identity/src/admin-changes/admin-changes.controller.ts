import { Controller, Get, Param, Query } from '@nestjs/common';
import { IdParam, PageQuery, Responds, Staff, type Page } from '@tourly/platform';
import { AdminChangeResponse } from './admin-changes.dto';
import { AdminChangesService } from './admin-changes.service';

/** The provider's page in the console: what administrators changed on its records. */
@Controller('admin/providers')
@Staff('platform_admin')
export class AdminChangesController {
  constructor(private readonly adminChanges: AdminChangesService) {}

  @Get(':id/admin_changes')
  @Responds({ page: AdminChangeResponse })
  list(
    @Param('id', IdParam('Provider not found')) providerId: string,
    @Query() query: PageQuery,
  ): Promise<Page<AdminChangeResponse>> {
    return this.adminChanges.ofProvider(providerId, query);
  }
}
