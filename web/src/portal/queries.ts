import { useQuery } from '@tanstack/react-query';
import { APP_KEY } from '../shared/queryClient';
import { fetchPortalProvider, type PortalSource } from './api';

const portalKeys = {
  all: (source: PortalSource) => [APP_KEY, 'portal', source.key] as const,
  client: (source: PortalSource) => [...portalKeys.all(source), 'client'] as const,
  properties: (source: PortalSource, page: number) =>
    [...portalKeys.all(source), 'properties', page] as const,
  property: (source: PortalSource, id: string) => [...portalKeys.all(source), 'property', id] as const,
  floorplans: (source: PortalSource, id: string) =>
    [...portalKeys.property(source, id), 'floorplans'] as const,
  bookings: (source: PortalSource, page: number) => [...portalKeys.all(source), 'bookings', page] as const,
  invoices: (source: PortalSource, page: number) => [...portalKeys.all(source), 'invoices', page] as const,
  documents: (source: PortalSource, id: string, page: number) =>
    [...portalKeys.property(source, id), 'documents', page] as const,
};

export const usePortalProviderQuery = (enabled: boolean) =>
  useQuery({
    queryKey: [APP_KEY, 'portal', 'provider'],
    queryFn: ({ signal }) => fetchPortalProvider(signal),
    enabled,
  });

export const usePortalClientQuery = (source: PortalSource) =>
  useQuery({ queryKey: portalKeys.client(source), queryFn: ({ signal }) => source.client(signal) });

export const usePortalPropertiesQuery = (source: PortalSource, page: number, pageSize: number) =>
  useQuery({
    queryKey: portalKeys.properties(source, page),
    queryFn: ({ signal }) => source.properties(page, pageSize, signal),
  });

export const usePortalPropertyQuery = (source: PortalSource, id: string) =>
  useQuery({
    queryKey: portalKeys.property(source, id),
    queryFn: ({ signal }) => source.property(id, signal),
  });

export const usePortalFloorplansQuery = (source: PortalSource, id: string) =>
  useQuery({
    queryKey: portalKeys.floorplans(source, id),
    queryFn: ({ signal }) => source.floorplans(id, signal),
  });

export const usePortalDocumentsQuery = (source: PortalSource, id: string, page: number) =>
  useQuery({
    queryKey: portalKeys.documents(source, id, page),
    queryFn: ({ signal }) => source.documents(id, page, signal),
  });

export const usePortalBookingsQuery = (source: PortalSource, page: number) =>
  useQuery({
    queryKey: portalKeys.bookings(source, page),
    queryFn: ({ signal }) => source.bookings(page, signal),
  });

/** The client's hosting-fee invoices (none to read in a provider's preview). */
export const usePortalInvoicesQuery = (source: PortalSource, page: number) =>
  useQuery({
    queryKey: portalKeys.invoices(source, page),
    queryFn: ({ signal }) => source.invoices!(page, signal),
    enabled: source.invoices !== undefined,
  });
