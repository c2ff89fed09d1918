import { Injectable } from '@nestjs/common';
import type { CreditCategory, RedeemableAction } from '@tourly/contracts';
import {
  Database,
  likePattern,
  one,
  pageWithTotal,
  rows,
  type Page,
  type PageQuery,
  type Queryable,
} from '@tourly/platform';

/** An offer with how many providers received it. */
export interface OfferRow {
  id: string;
  name: string;
  description: string | null;
  redeemAction: RedeemableAction;
  credits: number;
  category: CreditCategory;
  startsAt: Date | null;
  endsAt: Date | null;
  archivedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  redemptionsCount: number;
}

/** A running offer the provider has not received. */
export interface RedeemableRow {
  id: string;
  name: string;
  description: string | null;
  redeemAction: RedeemableAction;
  credits: number;
  endsAt: Date | null;
}

/** An offer just redeemed by a provider: what to grant. */
export interface RedeemedRow {
  id: string;
  name: string;
  credits: number;
  category: CreditCategory;
}

/** What an admin writes of an offer. */
export interface OfferFields {
  name: string;
  description: string | null;
  redeemAction: RedeemableAction;
  credits: number;
  category: CreditCategory;
  startsAt: string | null;
  endsAt: string | null;
}

const COLUMNS = `o.id, o.name, o.description, o.redeem_action AS "redeemAction", o.credits, o.category,
  o.starts_at AS "startsAt", o.ends_at AS "endsAt", o.archived_at AS "archivedAt", o.created_at AS "createdAt",
  o.updated_at AS "updatedAt",
  (SELECT count(*)::int FROM offer_redemptions r WHERE r.offer_id = o.id) AS "redemptionsCount"`;

/**
 * Running at `$n`: not archived, started (an unset `starts_at` from the offer's creation) and not ended. The same
 * boundaries as `offerStatus` in the rules.
 */
const runningAt = (at: string) =>
  `o.archived_at IS NULL AND coalesce(o.starts_at, o.created_at) <= ${at}
   AND (o.ends_at IS NULL OR o.ends_at > ${at})`;

/** `offers` and `offer_redemptions`, one aggregate: an offer and who received it. */
@Injectable()
export class OffersRepository {
  constructor(private readonly db: Database) {}

  /** A page of the offers not archived, newest first; `search` in their names, `redeemAction` one action's. */
  async list(
    query: Pick<PageQuery, 'page' | 'pageSize' | 'offset'> & {
      search?: string;
      redeemAction?: RedeemableAction;
    },
  ): Promise<Page<OfferRow>> {
    const params: unknown[] = [];
    const conditions = ['o.archived_at IS NULL'];
    const pattern = likePattern(query.search);
    if (pattern) {
      params.push(pattern);
      conditions.push(`o.name ILIKE $${params.length}`);
    }
    if (query.redeemAction) {
      params.push(query.redeemAction);
      conditions.push(`o.redeem_action = $${params.length}`);
    }
    const where = conditions.join(' AND ');
    const found = await rows<OfferRow & { total: number }>(
      this.db.dataSource,
      `SELECT ${COLUMNS}, count(*) OVER ()::int AS total FROM offers o WHERE ${where}
        ORDER BY o.created_at DESC, o.id DESC
        LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.pageSize, query.offset],
    );
    return pageWithTotal(found, query, async () => {
      const counted = await one<{ total: number }>(
        this.db.dataSource,
        `SELECT count(*)::int AS total FROM offers o WHERE ${where}`,
        params,
      );
      return counted!.total;
    });
  }

  /** The offer, archived or not; locked for the rest of `tx` when `forUpdate`. */
  find(id: string, tx: Queryable = this.db.dataSource, forUpdate = false): Promise<OfferRow | undefined> {
    return one<OfferRow>(
      tx,
      `SELECT ${COLUMNS} FROM offers o WHERE o.id = $1 ${forUpdate ? 'FOR UPDATE OF o' : ''}`,
      [id],
    );
  }

  async insert(tx: Queryable, id: string, createdBy: string, fields: OfferFields): Promise<void> {
    await tx.query(
      `INSERT INTO offers (id, name, description, redeem_action, credits, category, starts_at, ends_at, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        id,
        fields.name,
        fields.description,
        fields.redeemAction,
        fields.credits,
        fields.category,
        fields.startsAt,
        fields.endsAt,
        createdBy,
      ],
    );
  }

  async update(tx: Queryable, id: string, fields: OfferFields): Promise<void> {
    await tx.query(
      `UPDATE offers
          SET name = $2, description = $3, redeem_action = $4, credits = $5, category = $6, starts_at = $7,
              ends_at = $8, updated_at = now()
        WHERE id = $1`,
      [
        id,
        fields.name,
        fields.description,
        fields.redeemAction,
        fields.credits,
        fields.category,
        fields.startsAt,
        fields.endsAt,
      ],
    );
  }

  /** Archives the offer (once: archiving it again keeps the first time). */
  async archive(tx: Queryable, id: string): Promise<void> {
    await tx.query(
      'UPDATE offers SET archived_at = now(), updated_at = now() WHERE id = $1 AND archived_at IS NULL',
      [id],
    );
  }

  /** The offers running at `at` the provider has not received, of one action or of all; newest first. */
  redeemable(providerId: string, action: RedeemableAction | undefined, at: Date): Promise<RedeemableRow[]> {
    return rows<RedeemableRow>(
      this.db.dataSource,
      `SELECT o.id, o.name, o.description, o.redeem_action AS "redeemAction", o.credits, o.ends_at AS "endsAt"
         FROM offers o
        WHERE ${runningAt('$3')} AND ($2::text IS NULL OR o.redeem_action = $2)
          AND NOT EXISTS (SELECT 1 FROM offer_redemptions r WHERE r.offer_id = o.id AND r.provider_id = $1)
        ORDER BY o.created_at DESC, o.id DESC`,
      [providerId, action ?? null, at],
    );
  }

  /**
   * Records the provider's redemption of each offer of the action running at `at`, once per provider (the primary
   * key: a redemption already there is left as it is); the offers redeemed now, oldest first. The offers are read
   * FOR SHARE, so an admin's change or archive waits for this transaction, or this one sees it done.
   */
  redeem(
    tx: Queryable,
    providerId: string,
    action: RedeemableAction,
    reference: string,
    at: Date,
  ): Promise<RedeemedRow[]> {
    return rows<RedeemedRow>(
      tx,
      `WITH running AS (
         SELECT o.id, o.name, o.credits, o.category, o.created_at FROM offers o
          WHERE o.redeem_action = $2 AND ${runningAt('$4')}
          FOR SHARE
       ), redeemed AS (
         INSERT INTO offer_redemptions (offer_id, provider_id, reference)
         SELECT id, $1, $3 FROM running
         ON CONFLICT ON CONSTRAINT offer_redemptions_pk DO NOTHING
         RETURNING offer_id
       )
       SELECT o.id, o.name, o.credits, o.category FROM running o JOIN redeemed r ON r.offer_id = o.id
        ORDER BY o.created_at, o.id`,
      [providerId, action, reference, at],
    );
  }
}
