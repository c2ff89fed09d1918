/**
 * Request-reply to properties (issue 31, client portals): before identity invites a client's contact into the
 * client's portal, whether the client is the provider's (else a 404 `Client not found`) and whether the address is
 * one of that client's contacts'. Identity keeps no copy of clients or contacts. Billing (a hosting customer's client)
 * and orders (a floor plan handed to a client) ask it without an address: whether the client is the provider's.
 */
export const CLIENT_PORTAL_CONTACT = 'properties.clients.portal_contact';

export interface ClientPortalContactRequest {
  providerId: string;
  clientId: string;
  /** Trimmed and lowercased; left out: only whether the client is the provider's. */
  email?: string;
}

export interface ClientPortalContact {
  clientId: string;
  clientName: string;
  /** The contact of the client with that address (any case), null when none is. */
  contact: { id: string; fullName: string } | null;
}
