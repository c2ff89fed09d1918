import { Injectable } from '@nestjs/common';
import { queryAffected, queryOne, queryRows, sql, type Queryable } from '@tourly/platform';
import type {
  IInvoicePropertyIdsQuery,
  ILockHostedToursQuery,
  ILockHostedToursResult,
  IPauseTourQuery,
  IRecordOverdueQuery,
  IResumeTourQuery,
  ISetExemptQuery,
  ISettleInvoiceQuery,
} from './hosting-tours.repository.types';

/** A tour's hosting state, locked: exempt or not, paused since when, and the unsettled overdue invoice pausing it. */
export type HostedTourRow = ILockHostedToursResult;

const lockHostedTours = sql<ILockHostedToursQuery>`
  SELECT p.id, p.title, p.hosting_exempt AS "hostingExempt", p.hosting_paused_at AS "hostingPausedAt",
         (SELECT o.invoice_id FROM hosting_overdue_invoices o
           WHERE o.settled_at IS NULL AND p.id = ANY (o.property_ids)
           ORDER BY o.created_at, o.invoice_id LIMIT 1) AS "overdueInvoiceId"
    FROM properties p
   WHERE p.provider_id = $providerId! AND p.id = ANY ($ids!::uuid[]) AND p.deleted_at IS NULL
   ORDER BY p.id FOR UPDATE OF p`;

const recordOverdue = sql<IRecordOverdueQuery>`
  INSERT INTO hosting_overdue_invoices (invoice_id, provider_id, property_ids)
  VALUES ($invoiceId!, $providerId!, $propertyIds!::uuid[])
  ON CONFLICT (invoice_id) DO NOTHING RETURNING invoice_id AS "invoiceId"`;

const settleInvoice = sql<ISettleInvoiceQuery>`
  INSERT INTO hosting_overdue_invoices (invoice_id, provider_id, property_ids, settled_at)
  VALUES ($invoiceId!, $providerId!, '{}', now())
  ON CONFLICT (invoice_id) DO UPDATE SET settled_at = coalesce(hosting_overdue_invoices.settled_at, now())`;

const invoicePropertyIds = sql<IInvoicePropertyIdsQuery>`
  SELECT property_ids AS "propertyIds" FROM hosting_overdue_invoices
   WHERE invoice_id = $invoiceId! AND provider_id = $providerId!`;

const pauseTour = sql<IPauseTourQuery>`
  UPDATE properties SET hosting_paused_at = now(), updated_at = now() WHERE id = $id! AND hosting_paused_at IS NULL`;

const resumeTour = sql<IResumeTourQuery>`
  UPDATE properties SET hosting_paused_at = NULL, updated_at = now() WHERE id = $id! AND hosting_paused_at IS NOT NULL`;

const setExempt = sql<ISetExemptQuery>`
  UPDATE properties SET hosting_exempt = $exempt!, updated_at = now() WHERE id = $id!`;

/**
 * The autopilot's records: each property's `hosting_exempt` and `hosting_paused_at`, and `hosting_overdue_invoices`
 * (billing's overdue invoices, as its events said). Every write to a property's hosting state takes the property's
 * row first (`lock`), so two events about one tour apply one after the other.
 */
@Injectable()
export class HostingToursRepository {
  /** The provider's properties among `ids` (deleted ones left out), locked, in id order. */
  lock(tx: Queryable, providerId: string, ids: string[]): Promise<HostedTourRow[]> {
    return queryRows(tx, lockHostedTours, { providerId, ids });
  }

  /** Records the invoice overdue; false when properties already knew it (overdue, or settled before). */
  async recordOverdue(
    tx: Queryable,
    overdue: { invoiceId: string; providerId: string; propertyIds: string[] },
  ): Promise<boolean> {
    return (await queryOne(tx, recordOverdue, overdue)) !== undefined;
  }

  /** The invoice no longer pauses anything (paid or voided); recorded even before its overdue event arrives. */
  async settle(tx: Queryable, providerId: string, invoiceId: string): Promise<void> {
    await queryAffected(tx, settleInvoice, { providerId, invoiceId });
  }

  /** The properties an overdue invoice named (none: not known as overdue). */
  async propertyIdsOf(tx: Queryable, providerId: string, invoiceId: string): Promise<string[]> {
    return (await queryOne(tx, invoicePropertyIds, { providerId, invoiceId }))?.propertyIds ?? [];
  }

  async setPaused(tx: Queryable, id: string, paused: boolean): Promise<void> {
    await queryAffected(tx, paused ? pauseTour : resumeTour, { id });
  }

  async setExempt(tx: Queryable, id: string, exempt: boolean): Promise<void> {
    await queryAffected(tx, setExempt, { id, exempt });
  }
}
