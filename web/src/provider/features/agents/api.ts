import { api } from '../../../api/client';

/** The property's agents: user ids of the provider's people, in the order visitors see them. */
export const fetchAgentIds = async (propertyId: string, signal?: AbortSignal) =>
  (await api.get('/provider/properties/{id}/contacts', { params: { id: propertyId }, signal })).agentIds;

export const saveAgentIds = async (propertyId: string, agentIds: string[]) =>
  (await api.patch('/provider/properties/{id}/contacts', { agentIds }, { params: { id: propertyId } }))
    .agentIds;
