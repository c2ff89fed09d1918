import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PROVIDER_BY_HOST, type ProviderByHost, type ProviderByHostRequest } from '@tourly/contracts';
import { DomainsService } from './domains.service';

/**
 * Request-reply for the gateway: which provider a host other than the app's belongs to, its subdomain of the
 * app's host or its active white-label domain (a pending or failed one is no provider's yet, nor a paused one: its
 * plan no longer includes it).
 */
@Controller()
export class HostsListener {
  constructor(private readonly domains: DomainsService) {}

  @MessagePattern(PROVIDER_BY_HOST)
  async providerByHost(@Payload() request: ProviderByHostRequest): Promise<ProviderByHost> {
    return { providerId: await this.domains.providerOfHost(request) };
  }
}
