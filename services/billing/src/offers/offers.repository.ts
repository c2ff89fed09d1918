import { Injectable } from '@nestjs/common';
import type { CreditCategory, RedeemableAction } from '@tourly/contracts';
import {
  Database,
  likePattern,
  pageWithTotal,
  queryAffected,
  queryOne,
  queryRows,
  queryRowsWith,
  sql,
  type Narrow,
  type Narrowed,
  type Page,
  type PageQuery,
  type Queryable,
} from '@tourly/platform';
import type {
  IArchiveOfferQuery,
  IFindOfferQuery,
  IFindOfferResult,
  IInsertOfferQuery,
  ILockOfferQuery,
  IOfferCountQuery,
  IOfferPageQuery,
  IRedeemableOffersQuery,
  IRedeemableOffersResult,
  IRedeemOffersQuery,
  IRedeemOffersResult,
  IUpdateOfferParams,
  IUpdateOfferQuery,
} from './offers.repository.types';

/** What the schema keeps to unions with CHECKs. */
type Known = { redeemAction: RedeemableAction; category: CreditCategory };

/** An offer with how many providers received it. */
export type OfferRow = Narrowed<IFindOfferResult, Known>;

/** A running offer the provider has not received. */
export type RedeemableRow = Narrowed<IRedeemableOffersResult, Pick<Known, 'redeemAction'>>;

/** An offer just redeemed by a provider: what to grant. */
export type RedeemedRow = Narrowed<IRedeemOffersResult, Pick<Known, 'category'>>;

/** What an admin writes of an offer. */
export type OfferFields = Omit<IUpdateOfferParams, 'id'> & Known;

// The list composes its filters at run time: its columns and table are these queries, checked; the filters and the
// page follow them (queryRowsWith).
const offerPage = sql<Narrow<IOfferPageQuery, Known>>`
  SELECT o.id, o.name, o.description, o.redeem_action AS "redeemAction", o.credits, o.category,
    o.starts_at AS "startsAt", o.ends_at AS "endsAt", o.archived_at AS "archivedAt", o.created_at AS "createdAt",
    o.updated_at AS "updatedAt",
    (SELECT count(*)::int FROM offer_redemptions r WHERE r.offer_id = o.id) AS "redemptionsCount!",
    count(*) OVER ()::int AS "total!"
  FROM offers o`;

const offerCount = sql<IOfferCountQuery>`SELECT count(*)::int AS "total!" FROM offers o`;

// The offer, and the same locked for the rest of the transaction (FOR UPDATE OF o): one statement each.
const findOffer = sql<Narrow<IFindOfferQuery, Known>>`
  SELECT o.id, o.name, o.description, o.redeem_action AS "redeemAction", o.credits, o.category,
    o.starts_at AS "startsAt", o.ends_at AS "endsAt", o.archived_at AS "archivedAt", o.created_at AS "createdAt",
    o.updated_at AS "updatedAt",
    (SELECT count(*)::int FROM offer_redemptions r WHERE r.offer_id = o.id) AS "redemptionsCount!"
  FROM offers o WHERE o.id = $id!`;

const lockOffer = sql<Narrow<ILockOfferQuery, Known>>`
  SELECT o.id, o.name, o.description, o.redeem_action AS "redeemAction", o.credits, o.category,
    o.starts_at AS "startsAt", o.ends_at AS "endsAt", o.archived_at AS "archivedAt", o.created_at AS "createdAt",
    o.updated_at AS "updatedAt",
    (SELECT count(*)::int FROM offer_redemptions r WHERE r.offer_id = o.id) AS "redemptionsCount!"
  FROM offers o WHERE o.id = $id! FOR UPDATE OF o`;

const insertOffer = sql<IInsertOfferQuery>`
  INSERT INTO offers (id, name, description, redeem_action, credits, category, starts_at, ends_at, created_by)
  VALUES ($id!, $name!, $description, $redeemAction!, $credits!, $category!, $startsAt, $endsAt, $createdBy!)`;

const updateOffer = sql<IUpdateOfferQuery>`
  UPDATE offers
     SET name = $name!, description = $description, redeem_action = $redeemAction!, credits = $credits!,
         category = $category!, starts_at = $startsAt, ends_at = $endsAt, updated_at = now()
   WHERE id = $id!`;

const archiveOffer = sql<IArchiveOfferQuery>`
  UPDATE offers SET archived_at = now(), updated_at = now() WHERE id = $id! AND archived_at IS NULL`;

// Running at `$at`: not archived, started (an unset `starts_at` from the offer's creation) and not ended. The same
// boundaries as `offerStatus` in the rules.
const redeemableOffers = sql<Narrow<IRedeemableOffersQuery, Pick<Known, 'redeemAction'>>>`
  SELECT o.id, o.name, o.description, o.redeem_action AS "redeemAction", o.credits, o.ends_at AS "endsAt"
    FROM offers o
   WHERE o.archived_at IS NULL AND coalesce(o.starts_at, o.created_at) <= $at!
     AND (o.ends_at IS NULL OR o.ends_at > $at!)
     AND ($action::text IS NULL OR o.redeem_action = $action)
     AND NOT EXISTS (SELECT 1 FROM offer_redemptions r WHERE r.offer_id = o.id AND r.provider_id = $providerId!)
   ORDER BY o.created_at DESC, o.id DESC`;

const redeemOffers = sql<Narrow<IRedeemOffersQuery, Pick<Known, 'category'>>>`
  WITH running AS (
    SELECT o.id, o.name, o.credits, o.category, o.created_at FROM offers o
     WHERE o.redeem_action = $action! AND o.archived_at IS NULL AND coalesce(o.starts_at, o.created_at) <= $at!
       AND (o.ends_at IS NULL OR o.ends_at > $at!)
     FOR SHARE
  ), redeemed AS (
    INSERT INTO offer_redemptions (offer_id, provider_id, reference)
    SELECT id, $providerId!, $reference! FROM running
    ON CONFLICT ON CONSTRAINT offer_redemptions_pk DO NOTHING
    RETURNING offer_id
  )
  SELECT o.id, o.name, o.credits, o.category FROM running o JOIN redeemed r ON r.offer_id = o.id
   ORDER BY o.created_at, o.id`;

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
    const where = `WHERE ${conditions.join(' AND ')}`;
    const found = await queryRowsWith(
      this.db.dataSource,
      offerPage,
      `${where} ORDER BY o.created_at DESC, o.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.pageSize, query.offset],
    );
    return pageWithTotal(found, query, async () => {
      const [counted] = await queryRowsWith(this.db.dataSource, offerCount, where, params);
      return counted!.total;
    });
  }

  /** The offer, archived or not; locked for the rest of `tx` when `forUpdate`. */
  find(id: string, tx: Queryable = this.db.dataSource, forUpdate = false): Promise<OfferRow | undefined> {
    return queryOne(tx, forUpdate ? lockOffer : findOffer, { id });
  }

  async insert(tx: Queryable, id: string, createdBy: string, fields: OfferFields): Promise<void> {
    await queryRows(tx, insertOffer, { ...fields, id, createdBy });
  }

  async update(tx: Queryable, id: string, fields: OfferFields): Promise<void> {
    await queryAffected(tx, updateOffer, { ...fields, id });
  }

  /** Archives the offer (once: archiving it again keeps the first time). */
  async archive(tx: Queryable, id: string): Promise<void> {
    await queryAffected(tx, archiveOffer, { id });
  }

  /** The offers running at `at` the provider has not received, of one action or of all; newest first. */
  redeemable(providerId: string, action: RedeemableAction | undefined, at: Date): Promise<RedeemableRow[]> {
    return queryRows(this.db.dataSource, redeemableOffers, { providerId, action: action ?? null, at });
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
    return queryRows(tx, redeemOffers, { providerId, action, reference, at });
  }
}
