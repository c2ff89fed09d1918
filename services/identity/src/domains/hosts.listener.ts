import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PROVIDER_BY_HOST, type ProviderByHost, type ProviderByHostRequest } from '@tourly/contracts';
import { DomainsRepository } from './domains.repository';
import { DomainsService } from './domains.service';

/** A host's label or whole name as one may be stored (anything else is no provider's). */
const HOST_TEXT = /^[a-z0-9.-]{1,253}$/i;

/**
 * Request-reply for the gateway: which provider a host other than the app's belongs to, its subdomain of the
 * app's host or its active white-label domain (a pending or failed one is no provider's yet, nor a paused one: its
 * plan no longer includes it).
 */
@Controller()
export class HostsListener {
  constructor(
    private readonly domains: DomainsRepository,
    private readonly domainStates: DomainsService,
  ) {}

  @MessagePattern(PROVIDER_BY_HOST)
  async providerByHost(@Payload() request: ProviderByHostRequest): Promise<ProviderByHost> {
    const given = (request ?? {}) as { subdomain?: unknown; domain?: unknown };
    if (typeof given.subdomain === 'string' && HOST_TEXT.test(given.subdomain))
      return { providerId: await this.domains.providerOfHost({ subdomain: given.subdomain }) };
    if (typeof given.domain === 'string' && HOST_TEXT.test(given.domain)) {
      const providerId = await this.domains.providerOfHost({ domain: given.domain });
      // A domain the plan no longer includes is paused: nobody's until the plan includes one again.
      return {
        providerId:
          providerId && (await this.domainStates.planIncludesDomain(providerId)) ? providerId : null,
      };
    }
    return { providerId: null };
  }
}
