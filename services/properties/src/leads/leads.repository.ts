import { Injectable } from '@nestjs/common';
import {
  Database,
  queryAffected,
  queryOne,
  queryRows,
  sql,
  type Narrow,
  type Narrowed,
  type Queryable,
} from '@tourly/platform';
import type { LeadAttribution } from '@tourly/contracts';
import type { JsonShaped } from '../json-columns';
import type { LeadSource } from './leads.rules';
import type {
  ICountLeadsQuery,
  IInsertLeadParams,
  IInsertLeadQuery,
  IInsertTourEventQuery,
  ILeadMailedQuery,
  ILeadPageQuery,
  ILeadPageResult,
  ILeadSendersHeardQuery,
  ILeadWebsiteQuery,
  ILeadWebsiteResult,
  ILockLeadSendersQuery,
  IMarkLeadMailedQuery,
} from './leads.repository.types';

/** What the schema keeps to a union with a CHECK, and the shape the service keeps in the jsonb column. */
type Known = { source: LeadSource };
type KnownRead = Known & { attribution: JsonShaped<LeadAttribution> | null };

/** A lead; `senderKey`: who sent it, a keyed hash of the client (`leadSenderKey`), never the address. */
export type NewLead = Omit<IInsertLeadParams, 'attribution'> &
  Known & { attribution: LeadAttribution | null };

/** A lead, with the count of all the property's (`total`). */
export type LeadRow = Narrowed<ILeadPageResult, KnownRead>;

/** A website a visitor's form was sent from (by its property); `published`: visitors may see it. */
export type LeadTarget = ILeadWebsiteResult;

const leadWebsite = sql<ILeadWebsiteQuery>`
  SELECT provider_id AS "providerId", id AS "propertyId", title, website_published AS published
    FROM properties WHERE id = $propertyId! AND deleted_at IS NULL`;

// coalesce(..., false) and count(*) are never null; the age is, when the property heard from nobody.
const leadSendersHeard = sql<ILeadSendersHeardQuery>`
  SELECT coalesce(bool_or(sender_key = $senderKey!), false) AS "knownSender!", count(*)::int AS "senders!",
         floor(max(age))::int AS "oldestLastLeadAgeSeconds"
    FROM (SELECT sender_key, extract(epoch FROM now() - max(created_at)) AS age
            FROM leads
           WHERE property_id = $propertyId! AND sender_key IS NOT NULL AND created_at > now() - interval '1 hour'
           GROUP BY sender_key) senders`;

const lockLeadSenders = sql<ILockLeadSendersQuery>`
  SELECT pg_advisory_xact_lock(hashtext('lead-senders:' || $propertyId!))`;

const insertLead = sql<IInsertLeadQuery>`
  INSERT INTO leads (id, provider_id, property_id, source, first_name, last_name, email, phone_number, message,
                     sender_key, attribution)
  VALUES ($id!, $providerId!, $propertyId!, $source!, $firstName!, $lastName!, $email!, $phoneNumber!, $message!,
          $senderKey!, $attribution::jsonb)`;

const leadPage = sql<Narrow<ILeadPageQuery, KnownRead>>`
  SELECT id, first_name AS "firstName", last_name AS "lastName", email, phone_number AS "phoneNumber",
         message, source, attribution, created_at AS "createdAt", count(*) OVER ()::int AS "total!"
    FROM leads WHERE provider_id = $providerId! AND property_id = $propertyId!
   ORDER BY created_at DESC, id DESC LIMIT $limit! OFFSET $offset!`;

const countLeads = sql<ICountLeadsQuery>`
  SELECT count(*)::int AS "total!" FROM leads WHERE provider_id = $providerId! AND property_id = $propertyId!`;

const leadMailed = sql<ILeadMailedQuery>`SELECT mailed_at IS NOT NULL AS "mailed!" FROM leads WHERE id = $id!`;

const markLeadMailed = sql<IMarkLeadMailedQuery>`UPDATE leads SET mailed_at = now() WHERE id = $id!`;

const insertTourEvent = sql<IInsertTourEventQuery>`
  INSERT INTO tour_events (id, provider_id, property_id, type, agent_id)
  VALUES ($id!, $providerId!, $propertyId!, $type!, $agentId)`;

/** The `leads` table, and the tours and websites leads are sent from. */
@Injectable()
export class LeadsRepository {
  constructor(private readonly db: Database) {}

  /** A live property's website; `published`: the website is. */
  website(propertyId: string): Promise<LeadTarget | undefined> {
    return queryOne(this.db.dataSource, leadWebsite, { propertyId });
  }

  /**
   * The senders the property heard from in the last hour (leads' `sender_key`), read while holding the property's
   * lead lock (`lockSenders`): whether this sender is one, how many there are, and how long ago the one that wrote
   * longest ago last wrote (when it stops counting, an hour after that).
   */
  async heard(
    tx: Queryable,
    propertyId: string,
    senderKey: string,
  ): Promise<{ knownSender: boolean; senders: number; oldestLastLeadAgeSeconds: number | null }> {
    const found = await queryOne(tx, leadSendersHeard, { propertyId, senderKey });
    return found!;
  }

  /** Leads to one property are taken one at a time (until the transaction ends), so its senders are counted right. */
  async lockSenders(tx: Queryable, propertyId: string): Promise<void> {
    await queryRows(tx, lockLeadSenders, { propertyId });
  }

  async create(tx: Queryable, lead: NewLead): Promise<void> {
    await queryRows(tx, insertLead, {
      ...lead,
      attribution: lead.attribution ? JSON.stringify(lead.attribution) : null,
    });
  }

  /** A page of the property's leads, newest first, each carrying the total. */
  page(providerId: string, propertyId: string, limit: number, offset: number): Promise<LeadRow[]> {
    return queryRows(this.db.dataSource, leadPage, { providerId, propertyId, limit, offset });
  }

  async count(providerId: string, propertyId: string): Promise<number> {
    const row = await queryOne(this.db.dataSource, countLeads, { providerId, propertyId });
    return row?.total ?? 0;
  }

  /** Whether the lead's e-mails went out already (a redelivered event sends none again). */
  async mailed(id: string): Promise<boolean> {
    const row = await queryOne(this.db.dataSource, leadMailed, { id });
    return row?.mailed ?? true;
  }

  async markMailed(id: string): Promise<void> {
    await queryAffected(this.db.dataSource, markLeadMailed, { id });
  }

  async recordEvent(event: {
    id: string;
    providerId: string;
    propertyId: string;
    type: string;
    agentId: string | null;
  }): Promise<void> {
    await queryRows(this.db.dataSource, insertTourEvent, event);
  }
}
