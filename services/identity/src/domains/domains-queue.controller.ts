import { Body, Controller, Get, Param, Patch, Query } from '@nestjs/common';
import { Responds, Staff, type Page } from '@tourly/platform';
import { DecideDomain, domainId, DomainResponse, DomainsQuery } from './domains.dto';
import { DomainsService } from './domains.service';

/** The virtual assistants' set-up queue: they set up DNS and certificates, then give their verdict. */
@Controller('virtual_assistant')
@Staff('virtual_assistant', 'platform_admin')
export class DomainsQueueController {
  constructor(private readonly domains: DomainsService) {}

  @Get('whitelabeled-domains.json')
  @Responds({ page: DomainResponse })
  queue(@Query() query: DomainsQuery): Promise<Page<DomainResponse>> {
    return this.domains.list(query);
  }

  @Patch('whitelabeled-domains/:id')
  @Responds(DomainResponse)
  decide(@Param('id', domainId) id: string, @Body() body: DecideDomain): Promise<DomainResponse> {
    return this.domains.decide(id, body.whitelabeledDomain);
  }
}
