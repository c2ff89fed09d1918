import { api } from '../../../api/client';
import type { Answer } from '../../../api/types';

/** One of the provider's clients (GET /provider/clients): an agency it works for, with its counts. */
export type Client = Answer<'/provider/clients/{id}', 'get'>;
/** One of the provider's contacts (GET /provider/contacts): a person it works with who is not a user. */
export type Contact = Answer<'/provider/contacts/{id}', 'get'>;

export interface ClientValues {
  name: string;
  emailAddress: string;
  phoneNumber: string;
  defaultPlayerBrandingLogoUrl: string;
}

export interface ContactValues {
  fullName: string;
  emailAddress: string;
  phoneNumber: string;
  /** '' for none. */
  providerClientId: string;
  /** E-mailed the weekly analytics report of the properties they are an agent of. */
  weeklyReport: boolean;
}

export interface ListQuery {
  page: number;
  pageSize: number;
  q?: string;
}

/** The form as the server takes it: an empty optional field is none. */
const clientForm = (values: ClientValues) => ({
  name: values.name.trim(),
  emailAddress: values.emailAddress.trim() || null,
  phoneNumber: values.phoneNumber.trim() || null,
  defaultPlayerBrandingLogoUrl: values.defaultPlayerBrandingLogoUrl.trim() || null,
});

const contactForm = (values: ContactValues) => ({
  fullName: values.fullName.trim(),
  emailAddress: values.emailAddress.trim(),
  phoneNumber: values.phoneNumber.trim() || null,
  providerClientId: values.providerClientId || null,
  weeklyReport: values.weeklyReport,
});

export const fetchClients = ({ page, pageSize, q }: ListQuery, signal?: AbortSignal) =>
  api.page('/provider/clients', { page, pageSize, q: q || undefined }, { signal });

export const fetchClient = (id: string, signal?: AbortSignal) =>
  api.get('/provider/clients/{id}', { params: { id }, signal });

export const createClient = (values: ClientValues) =>
  api.post('/provider/clients/create_from_dashboard', { clientForm: clientForm(values) });

export const updateClient = (id: string, values: ClientValues) =>
  api.put('/provider/clients/{id}', { clientForm: clientForm(values) }, { params: { id } });

export const deleteClient = (id: string) => api.delete('/provider/clients/{id}', { params: { id } });

export const fetchClientProperties = (id: string, page: number, pageSize: number, signal?: AbortSignal) =>
  api.page('/provider/clients/{id}/properties', { page, pageSize }, { params: { id }, signal });

export const fetchContacts = (
  { page, pageSize, q, providerClientId }: ListQuery & { providerClientId?: string },
  signal?: AbortSignal,
) => api.page('/provider/contacts', { page, pageSize, q: q || undefined, providerClientId }, { signal });

export const createContact = (values: ContactValues) =>
  api.post('/provider/contacts/create_from_dashboard', { contact: contactForm(values) });

export const updateContact = (id: string, values: ContactValues) =>
  api.put('/provider/contacts/{id}', { contact: contactForm(values) }, { params: { id } });

export const deleteContact = (id: string) => api.delete('/provider/contacts/{id}', { params: { id } });

/** Sets (or with null clears) the client a property is for. */
export const setPropertyClient = (propertyId: string, providerClientId: string | null) =>
  api.patch('/provider/properties/{id}', { property: { providerClientId } }, { params: { id: propertyId } });

/** Who may enter a client's portal (identity's routes, issue 31). */
export type PortalUser = Answer<'/provider/client_portal/clients/{client_id}/users', 'get'>['items'][number];
export type PortalInvitation = Answer<
  '/provider/client_portal/clients/{client_id}/invitations',
  'get'
>['items'][number];

export const fetchPortalUsers = (clientId: string, signal?: AbortSignal) =>
  api.page(
    '/provider/client_portal/clients/{client_id}/users',
    { page: 1, pageSize: 100 },
    { params: { client_id: clientId }, signal },
  );

export const fetchPortalInvitations = (clientId: string, signal?: AbortSignal) =>
  api.page(
    '/provider/client_portal/clients/{client_id}/invitations',
    { page: 1, pageSize: 100 },
    { params: { client_id: clientId }, signal },
  );

/** Emails the contact a link into the client's portal. */
export const inviteToPortal = (clientId: string, email: string) =>
  api.post(
    '/provider/client_portal/clients/{client_id}/invitations',
    { invitation: { email } },
    { params: { client_id: clientId } },
  );

export const resendPortalInvitation = (clientId: string, id: string) =>
  api.post('/provider/client_portal/clients/{client_id}/invitations/{id}/resend', undefined, {
    params: { client_id: clientId, id },
  });

export const revokePortalInvitation = (clientId: string, id: string) =>
  api.delete('/provider/client_portal/clients/{client_id}/invitations/{id}', {
    params: { client_id: clientId, id },
  });

export const removePortalUser = (clientId: string, userId: string) =>
  api.delete('/provider/client_portal/clients/{client_id}/users/{user_id}', {
    params: { client_id: clientId, user_id: userId },
  });

/** What the provider's plan allows (identity's projection of billing's plan): `clientPortal` opens inviting. */
export const fetchPublishingPermissions = (signal?: AbortSignal) =>
  api.get('/provider/permissions/publishing', { signal });
