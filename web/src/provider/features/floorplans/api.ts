import type { OrderKind } from '@tourly/contracts';
import { api } from '../../../api/client';
import type { Answer } from '../../../api/types';

/** One of the provider's floor plans (GET /provider/orders/floorplan_variants.json): a file an order delivered. */
export type Variant = Answer<'/provider/orders/floorplan_variants.json', 'get'>['items'][number];
/** The templates, the units, and how this provider's plans are drawn (set by the platform's administrators). */
export type TemplateOptions = Answer<'/provider/floorplan_variant/floorplan_template_options', 'get'>;

export interface VariantsQuery {
  page: number;
  pageSize: number;
  search?: string;
  kind?: OrderKind;
  clientId?: string;
}

/** The provider's plans, newest first: searched by name, by kind or by the client each was handed to. */
export const fetchVariants = (
  { page, pageSize, search, kind, clientId }: VariantsQuery,
  signal?: AbortSignal,
) =>
  api.page(
    '/provider/orders/floorplan_variants.json',
    { page, pageSize, search: search || undefined, filters: { kind, providerClientId: clientId } },
    { signal },
  );

export const fetchTemplateOptions = (signal?: AbortSignal) =>
  api.get('/provider/floorplan_variant/floorplan_template_options', { signal });

/** Hands the plan to one of the provider's clients; null takes it back. */
export const assignVariant = (id: string, clientId: string | null) =>
  api.post(
    '/provider/floorplan_variants/{id}/assign_to_client',
    { providerClientId: clientId },
    { params: { id } },
  );

/** A link to the plan's file, valid for an hour. */
export const variantLink = (id: string) =>
  api.post('/provider/floorplan_editor/download', { floorplanVariantId: id });
