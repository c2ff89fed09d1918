import { Inject, Injectable } from '@nestjs/common';
import type { MatterportConnectionStatus } from '@tourly/contracts';
import {
  ApiError,
  CONFIG,
  isUniqueViolation,
  LOGGER,
  Schedules,
  type Logger,
  type PeriodicTask,
  type Queryable,
} from '@tourly/platform';
import type { PropertiesConfig } from '../config';
import { PropertiesService } from '../properties/properties.service';
import { Matterport, MATTERPORT_MAX_PAGE_SIZE, type MatterportModel } from './matterport';
import { AutoPopulationRepository } from './auto-population.repository';

/** How often a replica looks for providers due (one indexed read when none is). */
const POLL_MS = 5_000;
/** Providers taken per look. */
const BATCH = 10;
/** The most of an account read in one look: 50 pages of 100 models. */
const MAX_PAGES = 50;

/**
 * `autoPopulateModels` (001 §7): while a provider has it on and a Matterport account to read, each model of that
 * account gets a property (its name, its address geocoded, the model), once: a model the provider already has a
 * property of is left alone, and a property deleted later is not made again. A model without an address is left
 * until it has one. The account is read as soon as the setting is turned on or an account connected, then every
 * MATTERPORT_AUTO_POPULATE_INTERVAL_MS.
 */
@Injectable()
export class AutoPopulation {
  private readonly task: PeriodicTask;

  constructor(
    private readonly population: AutoPopulationRepository,
    private readonly matterport: Matterport,
    private readonly properties: PropertiesService,
    @Inject(CONFIG) private readonly config: PropertiesConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    schedules: Schedules,
  ) {
    this.task = schedules.every('matterport auto-population', POLL_MS, () => this.runDue());
  }

  /** identity's `autoPopulateModels`, as of the event's time. */
  async settingChanged(tx: Queryable, providerId: string, enabled: boolean, at: string): Promise<void> {
    await this.population.setEnabled(tx, providerId, enabled, at);
  }

  async connectionChanged(
    tx: Queryable,
    providerId: string,
    status: MatterportConnectionStatus,
  ): Promise<void> {
    if (status === 'connected') await this.population.dueNow(tx, providerId);
  }

  /** The providers due, one after the other; answers how many properties were made. */
  async runDue(): Promise<number> {
    const due = await this.population.takeDue(BATCH, this.config.MATTERPORT_AUTO_POPULATE_INTERVAL_MS);
    let created = 0;
    for (const providerId of due) {
      try {
        created += await this.populate(providerId);
      } catch (error) {
        // Matterport or identity out of reach: the next look tries again; nothing was recorded for what failed.
        this.logger.warn({ providerId, err: error }, 'Matterport auto-population stopped early');
      }
    }
    if (due.length === BATCH) void this.task.runNow();
    return created;
  }

  private async populate(providerId: string): Promise<number> {
    let created = 0;
    let offset: string | undefined;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const models = await this.matterport.models(providerId, { offset, pageSize: MATTERPORT_MAX_PAGE_SIZE });
      created += await this.populateFrom(providerId, models.models);
      if (!models.nextOffset) break;
      offset = models.nextOffset;
    }
    if (created > 0) this.logger.info({ providerId, created }, 'properties made for Matterport models');
    return created;
  }

  private async populateFrom(providerId: string, models: MatterportModel[]): Promise<number> {
    const ids = models.map((model) => model.id);
    if (ids.length === 0) return 0;
    const [dealtWith, withProperty] = await Promise.all([
      this.population.dealtWith(providerId, ids),
      this.population.withProperty(providerId, ids),
    ]);
    let created = 0;
    for (const model of models) {
      if (dealtWith.has(model.id) || !model.address) continue;
      if (withProperty.has(model.id)) {
        await this.population.record(providerId, model.id, { outcome: 'had_property' });
        continue;
      }
      if (await this.create(providerId, model, model.address)) created += 1;
    }
    return created;
  }

  private async create(providerId: string, model: MatterportModel, address: string): Promise<boolean> {
    try {
      await this.properties.create(
        providerId,
        { title: model.name, address, matterportKey: model.id },
        (tx, propertyId) => this.population.recordCreated(tx, providerId, model.id, propertyId),
      );
      return true;
    } catch (error) {
      // Another replica made it first: its property stands.
      if (isUniqueViolation(error)) return false;
      // Refused for good (the address cannot be placed): recorded, so it is not tried at every look.
      if (error instanceof ApiError && error.getStatus() < 500) {
        const detail = Object.values(error.errors).flat().join(' & ');
        await this.population.record(providerId, model.id, { outcome: 'refused', detail });
        return false;
      }
      throw error;
    }
  }
}
