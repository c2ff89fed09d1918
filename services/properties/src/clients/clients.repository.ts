import { Injectable } from '@nestjs/common';
import { queryAffected, queryOne, queryRows, sql, type Queryable } from '@tourly/platform';
import type {
  IClientContactByEmailQuery,
  IAdminClientPageQuery,
  IClientByIdQuery,
  IClientByIdResult,
  IClientOfPropertyQuery,
  IClientOfPropertyResult,
  IClientPageQuery,
  IContactByIdQuery,
  IContactByIdResult,
  IContactPageQuery,
  ICountAdminClientsQuery,
  ICountClientsQuery,
  ICountContactsQuery,
  IDeleteClientQuery,
  IDeleteContactQuery,
  IInsertClientQuery,
  IInsertContactQuery,
  IKnownContactsQuery,
  IKnownContactsResult,
  IUpdateClientQuery,
  IUpdateContactQuery,
} from './clients.repository.types';

/** A client, with how many contacts and live properties it has. */
export type ClientRow = IClientByIdResult;

/** A contact, with its client's name when it has a client. */
export type ContactRow = IContactByIdResult;

/** A contact as a property's agent shows it. */
export type AgentContactRow = IKnownContactsResult;

export interface ClientValues {
  name: string;
  emailAddress: string | null;
  phoneNumber: string | null;
  defaultPlayerBrandingLogoUrl: string | null;
}

export interface ContactValues {
  fullName: string;
  emailAddress: string;
  phoneNumber: string | null;
  providerClientId: string | null;
  /** Left out (a contact a booking makes): no weekly report. */
  weeklyReport?: boolean;
}

// A client's counts: its contacts, and its properties not deleted.
const clientById = sql<IClientByIdQuery>`
  SELECT c.id, c.name, c.email_address AS "emailAddress", c.phone_number AS "phoneNumber",
         c.default_player_branding_logo_url AS "defaultPlayerBrandingLogoUrl",
         (SELECT count(*) FROM contacts k WHERE k.provider_client_id = c.id)::int AS "contactCount!",
         (SELECT count(*) FROM properties p
           WHERE p.provider_client_id = c.id AND p.deleted_at IS NULL)::int AS "propertyCount!",
         c.created_at AS "createdAt", c.updated_at AS "updatedAt"
    FROM provider_clients c WHERE c.provider_id = $providerId! AND c.id = $id!`;

const clientPage = sql<IClientPageQuery>`
  WITH page AS (
    SELECT id, name, count(*) OVER () AS total FROM provider_clients
     WHERE provider_id = $providerId! AND ($search::text IS NULL OR search_text LIKE lower($search))
     ORDER BY name, id LIMIT $limit! OFFSET $offset!
  )
  SELECT c.id, c.name, c.email_address AS "emailAddress", c.phone_number AS "phoneNumber",
         c.default_player_branding_logo_url AS "defaultPlayerBrandingLogoUrl",
         (SELECT count(*) FROM contacts k WHERE k.provider_client_id = c.id)::int AS "contactCount!",
         (SELECT count(*) FROM properties p
           WHERE p.provider_client_id = c.id AND p.deleted_at IS NULL)::int AS "propertyCount!",
         c.created_at AS "createdAt", c.updated_at AS "updatedAt", page.total::int AS "total!"
    FROM provider_clients c JOIN page USING (id) ORDER BY page.name, page.id`;

const countClients = sql<ICountClientsQuery>`
  SELECT count(*)::int AS "total!" FROM provider_clients
   WHERE provider_id = $providerId! AND ($search::text IS NULL OR search_text LIKE lower($search))`;

const insertClient = sql<IInsertClientQuery>`
  INSERT INTO provider_clients (id, provider_id, name, email_address, phone_number, default_player_branding_logo_url)
  VALUES ($id!, $providerId!, $name!, $emailAddress, $phoneNumber, $defaultPlayerBrandingLogoUrl)`;

const updateClient = sql<IUpdateClientQuery>`
  UPDATE provider_clients
     SET name = $name!, email_address = $emailAddress, phone_number = $phoneNumber,
         default_player_branding_logo_url = $defaultPlayerBrandingLogoUrl, updated_at = now()
   WHERE provider_id = $providerId! AND id = $id!`;

const deleteClient = sql<IDeleteClientQuery>`
  DELETE FROM provider_clients WHERE provider_id = $providerId! AND id = $id!`;

const contactById = sql<IContactByIdQuery>`
  SELECT k.id, k.full_name AS "fullName", k.email_address AS "emailAddress", k.phone_number AS "phoneNumber",
         k.provider_client_id AS "providerClientId", c.name AS "providerClientName?",
         k.weekly_report AS "weeklyReport", k.created_at AS "createdAt", k.updated_at AS "updatedAt"
    FROM contacts k LEFT JOIN provider_clients c ON c.id = k.provider_client_id
   WHERE k.provider_id = $providerId! AND k.id = $id!`;

const contactPage = sql<IContactPageQuery>`
  WITH page AS (
    SELECT id, full_name, count(*) OVER () AS total FROM contacts
     WHERE provider_id = $providerId!
       AND ($search::text IS NULL OR search_text LIKE lower($search))
       AND ($providerClientId::uuid IS NULL OR provider_client_id = $providerClientId)
     ORDER BY full_name, id LIMIT $limit! OFFSET $offset!
  )
  SELECT k.id, k.full_name AS "fullName", k.email_address AS "emailAddress", k.phone_number AS "phoneNumber",
         k.provider_client_id AS "providerClientId", c.name AS "providerClientName?",
         k.weekly_report AS "weeklyReport", k.created_at AS "createdAt", k.updated_at AS "updatedAt",
         page.total::int AS "total!"
    FROM contacts k JOIN page USING (id) LEFT JOIN provider_clients c ON c.id = k.provider_client_id
   ORDER BY page.full_name, page.id`;

const countContacts = sql<ICountContactsQuery>`
  SELECT count(*)::int AS "total!" FROM contacts
   WHERE provider_id = $providerId!
     AND ($search::text IS NULL OR search_text LIKE lower($search))
     AND ($providerClientId::uuid IS NULL OR provider_client_id = $providerClientId)`;

// The e-mail address is one contact's per provider: a second one is not stored (no row comes back).
const insertContact = sql<IInsertContactQuery>`
  INSERT INTO contacts (id, provider_id, provider_client_id, full_name, email_address, phone_number, weekly_report)
  VALUES ($id!, $providerId!, $providerClientId, $fullName!, $emailAddress!, $phoneNumber, $weeklyReport!)
  ON CONFLICT (provider_id, lower(email_address)) DO NOTHING RETURNING id`;

const updateContact = sql<IUpdateContactQuery>`
  UPDATE contacts
     SET full_name = $fullName!, email_address = $emailAddress!, phone_number = $phoneNumber,
         provider_client_id = $providerClientId, weekly_report = $weeklyReport!, updated_at = now()
   WHERE provider_id = $providerId! AND id = $id!`;

// A contact deleted stops being any property's agent.
const deleteContact = sql<IDeleteContactQuery>`
  WITH gone AS (DELETE FROM contacts WHERE provider_id = $providerId! AND id = $id! RETURNING id),
       unlisted AS (DELETE FROM property_contacts WHERE contact_id IN (SELECT id FROM gone))
  SELECT id FROM gone`;

// Every provider's clients, or one provider's: the back office's picker.
const adminClientPage = sql<IAdminClientPageQuery>`
  SELECT id, name, provider_id AS "providerId", count(*) OVER ()::int AS "total!" FROM provider_clients
   WHERE ($providerId::uuid IS NULL OR provider_id = $providerId)
     AND ($search::text IS NULL OR search_text LIKE lower($search))
   ORDER BY name, id LIMIT $limit! OFFSET $offset!`;

const countAdminClients = sql<ICountAdminClientsQuery>`
  SELECT count(*)::int AS "total!" FROM provider_clients
   WHERE ($providerId::uuid IS NULL OR provider_id = $providerId)
     AND ($search::text IS NULL OR search_text LIKE lower($search))`;

const clientOfProperty = sql<IClientOfPropertyQuery>`
  SELECT c.name, c.default_player_branding_logo_url AS "defaultPlayerBrandingLogoUrl"
    FROM properties p JOIN provider_clients c ON c.id = p.provider_client_id WHERE p.id = $propertyId!`;

const knownContacts = sql<IKnownContactsQuery>`
  SELECT id, full_name AS "fullName", email_address AS "emailAddress", phone_number AS "phoneNumber"
    FROM contacts WHERE provider_id = $providerId! AND id = ANY($ids!::uuid[])`;

// The client, and its contact with the address (any case: one contact per address and provider) if any.
const clientContactByEmail = sql<IClientContactByEmailQuery>`
  SELECT c.id AS "clientId", c.name AS "clientName", k.id AS "contactId?", k.full_name AS "contactFullName?"
    FROM provider_clients c
    LEFT JOIN contacts k ON k.provider_id = c.provider_id AND k.provider_client_id = c.id
                        AND lower(k.email_address) = lower($email!)
   WHERE c.provider_id = $providerId! AND c.id = $clientId!`;

/** The `provider_clients` and `contacts` tables: every query filters on the provider. */
@Injectable()
export class ClientsRepository {
  client(db: Queryable, providerId: string, id: string): Promise<ClientRow | undefined> {
    return queryOne(db, clientById, { providerId, id });
  }

  /** A page of the provider's clients by name, each row carrying the count of all matches. */
  clients(db: Queryable, providerId: string, search: string | null, limit: number, offset: number) {
    return queryRows(db, clientPage, { providerId, search, limit, offset });
  }

  async countClients(db: Queryable, providerId: string, search: string | null): Promise<number> {
    return (await queryOne(db, countClients, { providerId, search }))?.total ?? 0;
  }

  async insertClient(db: Queryable, id: string, providerId: string, values: ClientValues): Promise<void> {
    await queryRows(db, insertClient, { id, providerId, ...values });
  }

  /** False when the provider has no such client. */
  async updateClient(db: Queryable, providerId: string, id: string, values: ClientValues): Promise<boolean> {
    return (await queryAffected(db, updateClient, { providerId, id, ...values })) > 0;
  }

  async deleteClient(db: Queryable, providerId: string, id: string): Promise<boolean> {
    return (await queryAffected(db, deleteClient, { providerId, id })) > 0;
  }

  contact(db: Queryable, providerId: string, id: string): Promise<ContactRow | undefined> {
    return queryOne(db, contactById, { providerId, id });
  }

  /** A page of the provider's contacts by name (of one client's, when given), each row carrying the total. */
  contacts(
    db: Queryable,
    providerId: string,
    filter: { search: string | null; providerClientId: string | null },
    limit: number,
    offset: number,
  ) {
    return queryRows(db, contactPage, { providerId, ...filter, limit, offset });
  }

  async countContacts(
    db: Queryable,
    providerId: string,
    filter: { search: string | null; providerClientId: string | null },
  ): Promise<number> {
    return (await queryOne(db, countContacts, { providerId, ...filter }))?.total ?? 0;
  }

  /** False when another contact of the provider has the e-mail address. */
  async insertContact(
    db: Queryable,
    id: string,
    providerId: string,
    values: ContactValues,
  ): Promise<boolean> {
    return (
      (await queryRows(db, insertContact, { id, providerId, weeklyReport: false, ...values })).length > 0
    );
  }

  /** False when the provider has no such contact; a unique violation when another contact has the address. */
  async updateContact(
    db: Queryable,
    providerId: string,
    id: string,
    values: ContactValues,
  ): Promise<boolean> {
    return (await queryAffected(db, updateContact, { providerId, id, weeklyReport: false, ...values })) > 0;
  }

  async deleteContact(db: Queryable, providerId: string, id: string): Promise<boolean> {
    return (await queryRows(db, deleteContact, { providerId, id })).length > 0;
  }

  /** A page of every provider's clients (of one, when given), by name, each row carrying the total. */
  adminClients(
    db: Queryable,
    filter: { providerId: string | null; search: string | null },
    limit: number,
    offset: number,
  ) {
    return queryRows(db, adminClientPage, { ...filter, limit, offset });
  }

  async countAdminClients(
    db: Queryable,
    filter: { providerId: string | null; search: string | null },
  ): Promise<number> {
    return (await queryOne(db, countAdminClients, filter))?.total ?? 0;
  }

  /** The client a property is for, if any: what its tours show of it. */
  ofProperty(db: Queryable, propertyId: string): Promise<IClientOfPropertyResult | undefined> {
    return queryOne(db, clientOfProperty, { propertyId });
  }

  /** The provider's client with its contact of that address (null columns when none); undefined: no such client. */
  contactByEmail(db: Queryable, providerId: string, clientId: string, email: string) {
    return queryOne(db, clientContactByEmail, { providerId, clientId, email });
  }

  /** Those of the ids that are the provider's contacts. */
  known(db: Queryable, providerId: string, ids: string[]): Promise<AgentContactRow[]> {
    return ids.length === 0 ? Promise.resolve([]) : queryRows(db, knownContacts, { providerId, ids });
  }
}
