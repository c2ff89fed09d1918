import { useQuery } from '@tanstack/react-query';
import { APP_KEY } from '../../../shared/queryClient';
import { useMutationAction } from '../../../shared/useMutationAction';
import { assignVariant, fetchTemplateOptions, fetchVariants, variantLink, type VariantsQuery } from './api';

export const floorplanKeys = {
  all: [APP_KEY, 'floorplans'] as const,
  lists: () => [...floorplanKeys.all, 'list'] as const,
  list: (query: VariantsQuery) => [...floorplanKeys.lists(), query] as const,
  templateOptions: () => [...floorplanKeys.all, 'template-options'] as const,
};

export const useVariantsQuery = (query: VariantsQuery) =>
  useQuery({ queryKey: floorplanKeys.list(query), queryFn: ({ signal }) => fetchVariants(query, signal) });

/** Set by an administrator, rarely changed: read once per visit. */
export const useTemplateOptionsQuery = () =>
  useQuery({
    queryKey: floorplanKeys.templateOptions(),
    queryFn: ({ signal }) => fetchTemplateOptions(signal),
    staleTime: Infinity,
  });

/** A plan handed to a client (or taken back): every list, filtered by client or not, may change. */
export const useAssignVariantMutation = () =>
  useMutationAction(assignVariant, (_variant, _args, client) =>
    client.invalidateQueries({ queryKey: floorplanKeys.lists() }),
  );

export const useVariantLinkMutation = () => useMutationAction(variantLink);
