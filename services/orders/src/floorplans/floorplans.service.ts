import { Inject, Injectable } from '@nestjs/common';
import { CLIENT_PORTAL_CONTACT, type ClientPortalContact } from '@tourly/contracts';
import {
  ApiError,
  Database,
  EventBus,
  RpcClient,
  type CallerIdentity,
  type Page,
  changedFields,
} from '@tourly/platform';
import { Storage } from '@tourly/platform/storage';
import { FloorplanVariantsRepository, type VariantRow } from '../orders/floorplan-variants.repository';
import { OrdersService } from '../orders/orders.service';
import {
  TEMPLATES,
  type AdminVariantResponse,
  type AdminVariantsQuery,
  type ConfigurationFields,
  type ConfigurationResponse,
  type DownloadResponse,
  type TemplateOptionsResponse,
  type TemplateResponse,
  type VariantResponse,
  type VariantsQuery,
} from './floorplans.dto';
import { FloorplanConfigurationsRepository } from './floorplans.repository';
import {
  NOT_YOUR_CLIENT,
  UNITS,
  VARIANT_NOT_FOUND,
  customTemplatesOf,
  savedConfiguration,
  shownConfiguration,
} from './floorplans.rules';

/**
 * The provider's delivered plans (floor-plan variants: listed, handed to a client, downloaded) and how its plans
 * are drawn (the configuration an admin sets, the templates it picks from, the template a supplier draws in).
 */
@Injectable()
export class FloorplansService {
  constructor(
    private readonly db: Database,
    private readonly variants: FloorplanVariantsRepository,
    private readonly configurations: FloorplanConfigurationsRepository,
    private readonly orders: OrdersService,
    private readonly storage: Storage,
    private readonly rpc: RpcClient,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  async list(providerId: string, query: VariantsQuery): Promise<Page<VariantResponse>> {
    const page = await this.variants.list(providerId, { search: query.search, ...query.filters }, query);
    return { ...page, items: page.items.map(variantOf) };
  }

  /** Every provider's variants (or one provider's), newest first: the back office's variant select. */
  async listForAdmin(query: AdminVariantsQuery): Promise<Page<AdminVariantResponse>> {
    const page = await this.variants.list(query.providerId ?? null, { search: query.search }, query);
    return { ...page, items: page.items.map(adminVariantOf) };
  }

  /** Hands the plan to one of the provider's clients (properties keeps the clients: it is asked), or takes it back. */
  async assignToClient(
    providerId: string,
    id: string,
    providerClientId: string | null,
  ): Promise<VariantResponse> {
    if (!(await this.variants.find(providerId, id))) throw ApiError.notFound(VARIANT_NOT_FOUND);
    if (providerClientId !== null) await this.requireClient(providerId, providerClientId);
    if (!(await this.variants.assignToClient(providerId, id, providerClientId)))
      throw ApiError.notFound(VARIANT_NOT_FOUND);
    return variantOf((await this.variants.find(providerId, id))!);
  }

  async download(providerId: string, id: string): Promise<DownloadResponse> {
    const variant = await this.variants.find(providerId, id);
    if (!variant) throw ApiError.notFound(VARIANT_NOT_FOUND);
    return {
      url: await this.storage.readUrl(variant.storageKey, variant.filename, variant.contentType),
      filename: variant.filename,
    };
  }

  async configuration(providerId: string): Promise<ConfigurationResponse> {
    return shownConfiguration(await this.configurations.find(providerId));
  }

  /**
   * An administrator sets how the provider's plans are drawn. The change is recorded in the audit trail
   * (`orders.admin_change.recorded.v1`, `floorplan_configuration.updated`) in its transaction, with the fields it
   * changed; a save that changes nothing records nothing.
   */
  async configure(
    providerId: string,
    admin: CallerIdentity,
    fields: ConfigurationFields,
  ): Promise<ConfigurationResponse> {
    const adminId = admin.userId;
    if (!adminId) throw ApiError.unauthorized();
    return this.db.transaction(async (tx) => {
      const before = shownConfiguration(await this.configurations.find(providerId, tx, true));
      await this.configurations.save(tx, providerId, adminId, savedConfiguration(fields));
      const after = shownConfiguration(await this.configurations.find(providerId, tx));
      const changed = changedFields(before, after);
      if (changed) {
        await this.events.publish(
          'orders.admin_change.recorded.v1',
          {
            providerId,
            adminId,
            action: 'floorplan_configuration.updated',
            ...changed,
            changedAt: new Date().toISOString(),
          },
          tx,
        );
      }
      return after;
    });
  }

  async templateOptions(providerId: string): Promise<TemplateOptionsResponse> {
    return { templates: TEMPLATES, units: [...UNITS], current: await this.configuration(providerId) };
  }

  /** The templates made for this provider alone: its custom template, when an admin named one. */
  async customTemplates(providerId: string): Promise<TemplateResponse[]> {
    return customTemplatesOf(await this.configuration(providerId));
  }

  /** The configuration of the order's provider, for the supplier drawing it. */
  async templateOfOrder(caller: CallerIdentity, orderId: string): Promise<ConfigurationResponse> {
    const order = await this.orders.visible(caller, orderId);
    return this.configuration(order.providerId);
  }

  private async requireClient(providerId: string, clientId: string): Promise<void> {
    try {
      await this.rpc.ask<ClientPortalContact>(CLIENT_PORTAL_CONTACT, { providerId, clientId });
    } catch (error) {
      if (error instanceof ApiError && error.getStatus() === 404) {
        throw ApiError.invalid('providerClientId', NOT_YOUR_CLIENT);
      }
      throw error;
    }
  }
}

function variantOf(row: VariantRow): VariantResponse {
  const { storageKey: _key, fileId: _file, providerId: _provider, ...shown } = row;
  return shown;
}

function adminVariantOf(row: VariantRow): AdminVariantResponse {
  const { storageKey: _key, fileId: _file, ...shown } = row;
  return shown;
}
