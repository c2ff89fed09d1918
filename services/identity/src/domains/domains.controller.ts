import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ProviderId, Responds, Roles } from '@tourly/platform';
import { DomainStateResponse, RequestDomain } from './domains.dto';
import { DomainsService } from './domains.service';

/** The provider's own admins ask for a domain. */
@Controller('provider/settings')
export class DomainsController {
  constructor(private readonly domains: DomainsService) {}

  @Post('whitelabel-domain')
  @Roles('admin')
  @HttpCode(200)
  @Responds(DomainStateResponse)
  request(@ProviderId() providerId: string, @Body() body: RequestDomain): Promise<DomainStateResponse> {
    return this.domains.request(providerId, body.whitelabeledDomain.subdomain);
  }
}
