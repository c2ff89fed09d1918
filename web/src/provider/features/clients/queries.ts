import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { APP_KEY } from '../../../shared/queryClient';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../../shared/useDebouncedValue';
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
  type Client,
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

export const useClientQuery = (id: string, enabled = true) =>
  useQuery({ queryKey: clientKeys.one(id), queryFn: ({ signal }) => fetchClient(id, signal), enabled });

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

/** The most clients a picker lists at once (a page's most); past it, the picker searches. */
const CHOICES = 100;

/** What a client picker offers: see useClientChoices. */
export interface ClientChoices {
  /** The clients to list, by name: those matching the search, and the chosen one always among them. */
  items: Client[];
  /** The first answer has come. */
  ready: boolean;
  /** The provider has no client at all. */
  none: boolean;
  /** The search box's text, and whether the picker shows it (more clients than it lists, or a search typed). */
  text: string;
  setText(text: string): void;
  searchable: boolean;
  /** The search (settled) that found no client. */
  unmatched: string | null;
  error: Error | null;
}

/**
 * The clients a picker offers: the first hundred by name, searched by name or email once the provider has more (as
 * the person types, debounced), with the chosen client (`selectedId`) listed whatever the search, so that the
 * picker never shows a property's client as none.
 */
export function useClientChoices(selectedId?: string | null): ClientChoices {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const list = useClientsQuery({ page: 1, pageSize: CHOICES, q: search || undefined });
  const found = list.data?.items ?? [];
  const missing = !!selectedId && !!list.data && !found.some((client) => client.id === selectedId);
  const selected = useClientQuery(selectedId ?? '', missing);
  const items = missing && selected.data ? [selected.data, ...found] : found;
  return {
    items,
    ready: !!list.data,
    none: !search && list.data?.totalCount === 0,
    text,
    setText,
    searchable: text !== '' || search !== '' || (list.data?.totalCount ?? 0) > found.length,
    unmatched: search && list.data?.totalCount === 0 ? search : null,
    error: list.error ?? selected.error,
  };
}

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
