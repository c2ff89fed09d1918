import { useQuery } from '@tanstack/react-query';
import { useMutationAction } from '../../../shared/useMutationAction';
import { propertyKeys } from '../properties/queries';
import { fetchAgentIds, saveAgentIds } from './api';

const agentsKey = (propertyId: string) => [...propertyKeys.one(propertyId), 'agents'] as const;

export const useAgentIdsQuery = (propertyId: string) =>
  useQuery({ queryKey: agentsKey(propertyId), queryFn: ({ signal }) => fetchAgentIds(propertyId, signal) });

/** The answer is the saved list: it replaces the cached one. */
export const useSaveAgentIdsMutation = () =>
  useMutationAction(saveAgentIds, (agentIds, [propertyId], client) =>
    client.setQueryData(agentsKey(propertyId), agentIds),
  );
