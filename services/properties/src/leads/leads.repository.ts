import { Injectable } from '@nestjs/common';
import { Database, one, rows, type Queryable } from '@tourly/platform';
import type { LeadSource } from './leads.rules';

export interface NewLead {
  id: string;
  providerId: string;
  propertyId: string;
  source: LeadSource;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  message: string;
  /** Who sent it: a keyed hash of the client (`leadSenderKey`), never the address. */
  senderKey: string;
}

export interface LeadRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  message: string;
  source: LeadSource;
  createdAt: Date;
}

/** A website a visitor's form was sent from (by its property). */
export interface LeadTarget {
  providerId: string;
  propertyId: string;
  title: string;
  /** Visitors may see it: the website is published. */
  published: boolean;
}

/** The `leads` table, and the tours and websites leads are sent from. */
@Injectable()
export class LeadsRepository {
  constructor(private readonly db: Database) {}

  /** A live property's website; `published`: the website is. */
  website(propertyId: string): Promise<LeadTarget | undefined> {
    return one<LeadTarget>(
      this.db.dataSource,
      `SELECT provider_id AS "providerId", id AS "propertyId", title, website_published AS published
         FROM properties WHERE id = $1 AND deleted_at IS NULL`,
      [propertyId],
    );
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
    const found = await one<{
      knownSender: boolean;
      senders: number;
      oldestLastLeadAgeSeconds: number | null;
    }>(
      tx,
      `SELECT coalesce(bool_or(sender_key = $2), false) AS "knownSender", count(*)::int AS senders,
              floor(max(age))::int AS "oldestLastLeadAgeSeconds"
         FROM (SELECT sender_key, extract(epoch FROM now() - max(created_at)) AS age
                 FROM leads
                WHERE property_id = $1 AND sender_key IS NOT NULL AND created_at > now() - interval '1 hour'
                GROUP BY sender_key) senders`,
      [propertyId, senderKey],
    );
    return found!;
  }

  /** Leads to one property are taken one at a time (until the transaction ends), so its senders are counted right. */
  async lockSenders(tx: Queryable, propertyId: string): Promise<void> {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('lead-senders:' || $1))", [propertyId]);
  }

  async create(tx: Queryable, lead: NewLead): Promise<void> {
    await tx.query(
      `INSERT INTO leads (id, provider_id, property_id, source, first_name, last_name, email, phone_number, message,
                          sender_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        lead.id,
        lead.providerId,
        lead.propertyId,
        lead.source,
        lead.firstName,
        lead.lastName,
        lead.email,
        lead.phoneNumber,
        lead.message,
        lead.senderKey,
      ],
    );
  }

  /** A page of the property's leads, newest first, each carrying the total. */
  page(
    providerId: string,
    propertyId: string,
    limit: number,
    offset: number,
  ): Promise<Array<LeadRow & { total: number }>> {
    return rows<LeadRow & { total: number }>(
      this.db.dataSource,
      `SELECT id, first_name AS "firstName", last_name AS "lastName", email, phone_number AS "phoneNumber",
              message, source, created_at AS "createdAt", count(*) OVER ()::int AS total
         FROM leads WHERE provider_id = $1 AND property_id = $2
        ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
      [providerId, propertyId, limit, offset],
    );
  }

  async count(providerId: string, propertyId: string): Promise<number> {
    const row = await one<{ total: number }>(
      this.db.dataSource,
      'SELECT count(*)::int AS total FROM leads WHERE provider_id = $1 AND property_id = $2',
      [providerId, propertyId],
    );
    return row?.total ?? 0;
  }

  /** Whether the lead's e-mails went out already (a redelivered event sends none again). */
  async mailed(id: string): Promise<boolean> {
    const row = await one<{ mailed: boolean }>(
      this.db.dataSource,
      'SELECT mailed_at IS NOT NULL AS mailed FROM leads WHERE id = $1',
      [id],
    );
    return row?.mailed ?? true;
  }

  async markMailed(id: string): Promise<void> {
    await this.db.dataSource.query('UPDATE leads SET mailed_at = now() WHERE id = $1', [id]);
  }

  async recordEvent(event: {
    id: string;
    providerId: string;
    propertyId: string;
    type: string;
    agentId: string | null;
  }): Promise<void> {
    await this.db.dataSource.query(
      'INSERT INTO tour_events (id, provider_id, property_id, type, agent_id) VALUES ($1, $2, $3, $4, $5)',
      [event.id, event.providerId, event.propertyId, event.type, event.agentId],
    );
  }
}
