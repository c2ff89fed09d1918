import { Body, Controller, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { IdParam, ProviderId, Roles, Staff } from '@tourly/platform';
import { DecideDomain, DomainsQuery, RequestDomain } from './domains.dto';
import { DomainsService } from './domains.service';

const domainId = IdParam('White-label domain not found');

@Controller()
export class DomainsController {
  constructor(private readonly domains: DomainsService) {}

  @Post('provider/settings/whitelabel-domain')
  @Roles('admin')
  @HttpCode(200)
  request(@ProviderId() providerId: string, @Body() body: RequestDomain) {
    return this.domains.request(providerId, body.whitelabeledDomain.subdomain);
  }

  @Get('admin/whitelabeled_domains')
  @Staff('platform_admin')
  adminList(@Query() query: DomainsQuery) {
    return this.domains.list(query);
  }

  @Put('admin/whitelabeled_domains/:id')
  @Staff('platform_admin')
  correct(@Param('id', domainId) id: string, @Body() body: RequestDomain) {
    return this.domains.correct(id, body.whitelabeledDomain.subdomain);
  }

  @Get('virtual_assistant/whitelabeled-domains.json')
  @Staff('virtual_assistant', 'platform_admin')
  queue(@Query() query: DomainsQuery) {
    return this.domains.list(query);
  }

  @Patch('virtual_assistant/whitelabeled-domains/:id')
  @Staff('virtual_assistant', 'platform_admin')
  decide(@Param('id', domainId) id: string, @Body() body: DecideDomain) {
    return this.domains.decide(id, body.whitelabeledDomain);
  }
}
