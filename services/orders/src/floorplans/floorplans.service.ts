import { Injectable } from '@nestjs/common';
import { ApiError, Storage, type CallerIdentity, type Page } from '@tourly/platform';
import { FloorplanVariantsRepository, type VariantRow } from '../orders/floorplan-variants.repository';
import { OrdersService } from '../orders/orders.service';
import {
  TEMPLATES,
  type ConfigurationFields,
  type ConfigurationResponse,
  type DownloadResponse,
  type TemplateOptionsResponse,
  type TemplateResponse,
  type VariantResponse,
  type VariantsQuery,
} from './floorplans.dto';
import { FloorplanConfigurationsRepository } from './floorplans.repository';
import { CUSTOM_TEMPLATE_ID, DEFAULT_CONFIGURATION, UNITS, VARIANT_NOT_FOUND } from './floorplans.rules';

/**
 * The provider's delivered plans (floor-plan variants: listed, handed to a client, downloaded) and how its plans
 * are drawn (the configuration an admin sets, the templates it picks from, the template a supplier draws in).
 */
@Injectable()
export class FloorplansService {
  constructor(
    private readonly variants: FloorplanVariantsRepository,
    private readonly configurations: FloorplanConfigurationsRepository,
    private readonly orders: OrdersService,
    private readonly storage: Storage,
  ) {}

  async list(providerId: string, query: VariantsQuery): Promise<Page<VariantResponse>> {
    const page = await this.variants.list(providerId, { search: query.search, ...query.filters }, query);
    return { ...page, items: page.items.map(variantOf) };
  }

  async assignToClient(
    providerId: string,
    id: string,
    providerClientId: string | null,
  ): Promise<VariantResponse> {
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
    const saved = await this.configurations.find(providerId);
    if (!saved) return { ...DEFAULT_CONFIGURATION, configured: false };
    const { updatedAt: _updatedAt, ...configuration } = saved;
    return { ...configuration, configured: true };
  }

  async configure(
    providerId: string,
    updatedBy: string | null,
    fields: ConfigurationFields,
  ): Promise<ConfigurationResponse> {
    await this.configurations.save(providerId, updatedBy, {
      ...fields,
      brandColour: fields.brandColour ?? null,
      customTemplateName: fields.customTemplateName || null,
      supplierNotes: fields.supplierNotes || null,
    });
    return this.configuration(providerId);
  }

  async templateOptions(providerId: string): Promise<TemplateOptionsResponse> {
    return { templates: TEMPLATES, units: [...UNITS], current: await this.configuration(providerId) };
  }

  /** The templates made for this provider alone: its custom template, when an admin named one. */
  async customTemplates(providerId: string): Promise<TemplateResponse[]> {
    const { customTemplateName } = await this.configuration(providerId);
    return customTemplateName
      ? [{ id: CUSTOM_TEMPLATE_ID, name: customTemplateName, description: 'Made for your plans alone.' }]
      : [];
  }

  /** The configuration of the order's provider, for the supplier drawing it. */
  async templateOfOrder(caller: CallerIdentity, orderId: string): Promise<ConfigurationResponse> {
    const order = await this.orders.visible(caller, orderId);
    return this.configuration(order.providerId);
  }
}

function variantOf(row: VariantRow): VariantResponse {
  const { storageKey: _key, fileId: _file, ...shown } = row;
  return shown;
}
