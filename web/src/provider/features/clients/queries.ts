import { useQuery, type QueryClient } from '@tanstack/react-query';
import { APP_KEY } from '../../../shared/queryClient';
import { useMutationAction } from '../../../shared/useMutationAction';
import { propertyKeys } from '../properties/queries';
import {
  createClient,
  createContact,
  deleteClient,
  deleteContact,
  fetchClient,
  fetchClientProperties,
  fetchClients,
  fetchContacts,
  setPropertyClient,
  fetchPortalInvitations,
  fetchPublishingPermissions,
  fetchPortalUsers,
  inviteToPortal,
  removePortalUser,
  resendPortalInvitation,
  revokePortalInvitation,
  updateClient,
  updateContact,
  type ListQuery,
} from './api';

export const clientKeys = {
  all: [APP_KEY, 'clients'] as const,
  list: (query: ListQuery) => [...clientKeys.all, 'list', query] as const,
  one: (id: string) => [...clientKeys.all, 'one', id] as const,
  properties: (id: string, page: number) => [...clientKeys.one(id), 'properties', page] as const,
  portal: (id: string) => [...clientKeys.one(id), 'portal'] as const,
  contacts: [APP_KEY, 'contacts'] as const,
  contactList: (query: ListQuery & { providerClientId?: string }) =>
    [...clientKeys.contacts, 'list', query] as const,
};

/** Clients and contacts show each other (a client's contacts, a contact's client): a change refreshes both. */
const refreshed = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: clientKeys.all }),
    client.invalidateQueries({ queryKey: clientKeys.contacts }),
  ]);

export const useClientsQuery = (query: ListQuery) =>
  useQuery({ queryKey: clientKeys.list(query), queryFn: ({ signal }) => fetchClients(query, signal) });

export const useClientQuery = (id: string) =>
  useQuery({ queryKey: clientKeys.one(id), queryFn: ({ signal }) => fetchClient(id, signal) });

export const useClientPropertiesQuery = (id: string, page: number, pageSize: number) =>
  useQuery({
    queryKey: clientKeys.properties(id, page),
    queryFn: ({ signal }) => fetchClientProperties(id, page, pageSize, signal),
  });

export const useContactsQuery = (query: ListQuery & { providerClientId?: string }) =>
  useQuery({
    queryKey: clientKeys.contactList(query),
    queryFn: ({ signal }) => fetchContacts(query, signal),
  });

export const useCreateClientMutation = () =>
  useMutationAction(createClient, (_, __, client) => refreshed(client));
export const useUpdateClientMutation = () =>
  useMutationAction(updateClient, (_, __, client) => refreshed(client));
export const useDeleteClientMutation = () =>
  useMutationAction(deleteClient, (_, __, client) => refreshed(client));
export const useCreateContactMutation = () =>
  useMutationAction(createContact, (_, __, client) => refreshed(client));
export const useUpdateContactMutation = () =>
  useMutationAction(updateContact, (_, __, client) => refreshed(client));
export const useDeleteContactMutation = () =>
  useMutationAction(deleteContact, (_, __, client) => refreshed(client));

export const useSetPropertyClientMutation = () =>
  useMutationAction(setPropertyClient, (property, _, client) => {
    client.setQueryData(propertyKeys.details(property.id), property);
    return Promise.all([client.invalidateQueries({ queryKey: propertyKeys.lists() }), refreshed(client)]);
  });

/** Every client, for a picker: the most a page holds, by name. */
export const useClientChoicesQuery = () => useClientsQuery({ page: 1, pageSize: 100 });

export const usePortalUsersQuery = (clientId: string) =>
  useQuery({
    queryKey: [...clientKeys.portal(clientId), 'users'],
    queryFn: ({ signal }) => fetchPortalUsers(clientId, signal),
  });

export const usePortalInvitationsQuery = (clientId: string) =>
  useQuery({
    queryKey: [...clientKeys.portal(clientId), 'invitations'],
    queryFn: ({ signal }) => fetchPortalInvitations(clientId, signal),
  });

/** Each change of a client's portal access refreshes its users and invitations. */
const portalRefreshed = (clientId: string, client: QueryClient) =>
  client.invalidateQueries({ queryKey: clientKeys.portal(clientId) });

export const useInviteToPortalMutation = () =>
  useMutationAction(inviteToPortal, (_, [clientId], client) => portalRefreshed(clientId, client));
export const useResendPortalInvitationMutation = () =>
  useMutationAction(resendPortalInvitation, (_, [clientId], client) => portalRefreshed(clientId, client));
export const useRevokePortalInvitationMutation = () =>
  useMutationAction(revokePortalInvitation, (_, [clientId], client) => portalRefreshed(clientId, client));
export const useRemovePortalUserMutation = () =>
  useMutationAction(removePortalUser, (_, [clientId], client) => portalRefreshed(clientId, client));

export const usePublishingPermissionsQuery = () =>
  useQuery({
    queryKey: [APP_KEY, 'permissions', 'publishing'],
    queryFn: ({ signal }) => fetchPublishingPermissions(signal),
  });
