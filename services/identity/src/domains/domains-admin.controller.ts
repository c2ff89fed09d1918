import { Body, Controller, Get, Param, Put, Query } from '@nestjs/common';
import { Responds, Staff, type Page } from '@tourly/platform';
import { domainId, DomainResponse, DomainsQuery, RequestDomain } from './domains.dto';
import { DomainsService } from './domains.service';

/** Platform admins see every domain and correct names. */
@Controller('admin/whitelabeled_domains')
@Staff('platform_admin')
export class DomainsAdminController {
  constructor(private readonly domains: DomainsService) {}

  @Get()
  @Responds({ page: DomainResponse })
  adminList(@Query() query: DomainsQuery): Promise<Page<DomainResponse>> {
    return this.domains.list(query);
  }

  @Put(':id')
  @Responds(DomainResponse)
  correct(@Param('id', domainId) id: string, @Body() body: RequestDomain): Promise<DomainResponse> {
    return this.domains.correct(id, body.whitelabeledDomain.subdomain);
  }
}
