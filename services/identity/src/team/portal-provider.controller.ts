import { Controller, Get } from '@nestjs/common';
import { ClientScope, Responds, Roles } from '@tourly/platform';
import { ClientPortalService } from './client-portal.service';
import { PortalProviderResponse } from './team.dto';

/** A client user's portal: the provider that runs it (its name and logo for the header). Client users only. */
@Controller('portal')
@Roles('client_user')
export class PortalProviderController {
  constructor(private readonly portal: ClientPortalService) {}

  @Get('provider')
  @Responds(PortalProviderResponse)
  provider(@ClientScope() scope: ClientScope): Promise<PortalProviderResponse> {
    return this.portal.provider(scope);
  }
}
