import { useQuery } from '@tanstack/react-query';
import { propertyKeys } from '../properties/queries';
import { fetchLeads } from './api';

export const leadKeys = {
  /** Under the property's keys: whatever refreshes the property refreshes its leads. */
  all: (propertyId: string) => [...propertyKeys.one(propertyId), 'leads'] as const,
  page: (propertyId: string, page: number) => [...leadKeys.all(propertyId), page] as const,
};

/** A page of the property's leads, newest first. */
export const useLeadsQuery = (propertyId: string, page: number) =>
  useQuery({
    queryKey: leadKeys.page(propertyId, page),
    queryFn: ({ signal }) => fetchLeads(propertyId, page, signal),
  });
