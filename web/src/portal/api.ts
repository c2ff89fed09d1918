import { api } from '../api/client';
import type { Answer } from '../api/types';

/** One of the client's properties with the links shared of it (null: not shared, or not published). */
export type PortalProperty = Answer<'/portal/properties/{id}', 'get'>;
export type PortalClient = Answer<'/portal/client', 'get'>;
export type PortalProvider = Answer<'/portal/provider', 'get'>;
export type PortalFloorplan = Answer<'/portal/properties/{id}/floorplans', 'get'>[number];
export type PortalBookings = Awaited<ReturnType<typeof ownBookings>>;

/**
 * Where the portal's pages read from: the client user's own portal routes, or the provider's preview of one client's
 * portal (the same reads, scoped to that client), so the preview shows exactly what the client will see.
 */
export interface PortalSource {
  /** Part of the query keys: the portal's reads and each previewed client's are cached apart. */
  key: string;
  client(signal?: AbortSignal): Promise<PortalClient>;
  properties(page: number, pageSize: number, signal?: AbortSignal): ReturnType<typeof ownProperties>;
  property(id: string, signal?: AbortSignal): Promise<PortalProperty>;
  floorplans(id: string, signal?: AbortSignal): Promise<PortalFloorplan[]>;
  documents(id: string, page: number, signal?: AbortSignal): ReturnType<typeof ownDocuments>;
  bookings(page: number, signal?: AbortSignal): ReturnType<typeof ownBookings>;
  /** The client's hosting-fee invoices: the client user's own portal only (a preview has none). */
  invoices?(page: number, signal?: AbortSignal): ReturnType<typeof ownInvoices>;
}

const ownProperties = (page: number, pageSize: number, signal?: AbortSignal) =>
  api.page('/portal/properties', { page, pageSize }, { signal });

const ownDocuments = (id: string, page: number, signal?: AbortSignal) =>
  api.page('/portal/properties/{id}/documents', { page, pageSize: 20 }, { params: { id }, signal });

const ownBookings = (page: number, signal?: AbortSignal) =>
  api.page('/portal/bookings', { page, pageSize: 10 }, { signal });

const ownInvoices = (page: number, signal?: AbortSignal) =>
  api.page('/portal/hosting_fees/invoices', { page, pageSize: 10 }, { signal });

/** The signed-in client user's portal. */
export const ownPortal: PortalSource = {
  key: 'own',
  client: (signal) => api.get('/portal/client', { signal }),
  properties: ownProperties,
  property: (id, signal) => api.get('/portal/properties/{id}', { params: { id }, signal }),
  floorplans: (id, signal) => api.get('/portal/properties/{id}/floorplans', { params: { id }, signal }),
  documents: ownDocuments,
  bookings: ownBookings,
  invoices: ownInvoices,
};

/** A provider's preview of its client's portal. */
export function previewOf(clientId: string): PortalSource {
  const client_id = clientId;
  return {
    key: `preview:${clientId}`,
    client: (signal) =>
      api.get('/provider/clients/{client_id}/portal/client', { params: { client_id }, signal }),
    properties: (page, pageSize, signal) =>
      api.page(
        '/provider/clients/{client_id}/portal/properties',
        { page, pageSize },
        { params: { client_id }, signal },
      ),
    property: (id, signal) =>
      api.get('/provider/clients/{client_id}/portal/properties/{id}', { params: { client_id, id }, signal }),
    floorplans: (id, signal) =>
      api.get('/provider/clients/{client_id}/portal/properties/{id}/floorplans', {
        params: { client_id, id },
        signal,
      }),
    documents: (id, page, signal) =>
      api.page(
        '/provider/clients/{client_id}/portal/properties/{id}/documents',
        { page, pageSize: 20 },
        { params: { client_id, id }, signal },
      ),
    bookings: (page, signal) =>
      api.page(
        '/provider/clients/{client_id}/portal/bookings',
        { page, pageSize: 10 },
        { params: { client_id }, signal },
      ),
  };
}

/** The provider running the portal (its name and logo), for the client user's header. */
export const fetchPortalProvider = (signal?: AbortSignal) => api.get('/portal/provider', { signal });
