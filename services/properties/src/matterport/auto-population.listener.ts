import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventEnvelope } from '@tourly/contracts';
import { EventContext } from '@tourly/platform';
import { AutoPopulation } from './auto-population';

/** What auto-population learns from identity: the setting, and accounts being connected. */
@Controller()
export class AutoPopulationListener {
  constructor(private readonly population: AutoPopulation) {}

  @EventPattern('identity.provider.auto_populate_models_changed.v1')
  async onSettingChanged(
    @Payload() event: EventEnvelope<'identity.provider.auto_populate_models_changed.v1'>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    const { providerId, enabled } = event.data;
    await this.population.settingChanged(context.tx, providerId, enabled, event.occurredAt);
  }

  @EventPattern('identity.matterport.connection_changed.v1')
  async onConnectionChanged(
    @Payload() event: EventEnvelope<'identity.matterport.connection_changed.v1'>,
    @Ctx() context: EventContext,
  ): Promise<void> {
    await this.population.connectionChanged(context.tx, event.data.providerId, event.data.status);
  }
}
