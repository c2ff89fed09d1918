import { Controller, Get, Query } from '@nestjs/common';
import { PageQuery, ProviderId, Responds, Roles, type Page } from '@tourly/platform';
import { AccessLogEntryResponse } from './impersonation.dto';
import { ImpersonationService } from './impersonation.service';

/** The provider's own admins read who was in its account. */
@Controller('provider/settings')
export class AccessLogController {
  constructor(private readonly impersonation: ImpersonationService) {}

  @Get('access_log')
  @Roles('admin')
  @Responds({ page: AccessLogEntryResponse })
  accessLog(
    @ProviderId() providerId: string,
    @Query() query: PageQuery,
  ): Promise<Page<AccessLogEntryResponse>> {
    return this.impersonation.accessLog(providerId, query);
  }
}
