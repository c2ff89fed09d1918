import { Injectable } from '@nestjs/common';
import { affected, Database, one, rows, type Queryable } from '@tourly/platform';

/** One referral as the export writes it, and its key in the export's order. */
export interface ReferralRow {
  referredAt: Date;
  /** `referred_at` as PostgreSQL's text (exact to the microsecond) and the person: the row's key. */
  keyAt: string;
  referredUserId: string;
  referrerProvider: string;
  referrerCode: string;
  referredEmail: string;
  referredName: string;
  referredProvider: string | null;
  providerSetUpAt: Date | null;
}

/** One referrer as the export writes it: its referrals in the period. */
export interface ReferrerRow {
  referrerProvider: string;
  referrerCode: string;
  adminEmails: string;
  referrals: number;
  providersSetUp: number;
}

/** Which referrals an export reads: referred in [from, before), by the providers `email` is a member of. */
export interface ReferralsFilter {
  from: Date | null;
  before: Date | null;
  email: string | null;
}

export interface ReferralKey {
  at: string;
  userId: string;
}

/** `referrals` and the providers' `referral_code`. */
@Injectable()
export class ReferralsRepository {
  constructor(private readonly db: Database) {}

  /**
   * The person just created signed up with `code`: recorded as referred by the provider whose code it is. A code
   * no provider has (mistyped, or its provider gone) refers nobody; the sign-up goes on.
   */
  async record(tx: Queryable, code: string, userId: string): Promise<void> {
    await affected(
      tx,
      `INSERT INTO referrals (referred_user_id, referrer_provider_id)
       SELECT $2, id FROM providers WHERE referral_code = $1
       ON CONFLICT DO NOTHING`,
      [code, userId],
    );
  }

  /** The referred person set up their business: the referral now names it. */
  async providerSetUp(tx: Queryable, userId: string, providerId: string): Promise<void> {
    await affected(
      tx,
      `UPDATE referrals SET referred_provider_id = $2, provider_set_up_at = now()
        WHERE referred_user_id = $1 AND referred_provider_id IS NULL`,
      [userId, providerId],
    );
  }

  /** The provider's code and how many people signed up with it. */
  linkOf(providerId: string): Promise<{ code: string; referred: number } | undefined> {
    return one<{ code: string; referred: number }>(
      this.db.dataSource,
      `SELECT p.referral_code AS code,
              (SELECT count(*)::int FROM referrals r WHERE r.referrer_provider_id = p.id) AS referred
         FROM providers p WHERE p.id = $1`,
      [providerId],
    );
  }

  /** The `limit` referrals of the filter that follow `after`, oldest first (for `keysetBatches`). */
  referralsAfter(
    filter: ReferralsFilter,
    after: ReferralKey | undefined,
    limit: number,
  ): Promise<ReferralRow[]> {
    return rows<ReferralRow>(
      this.db.dataSource,
      `SELECT r.referred_at AS "referredAt", r.referred_at::text AS "keyAt", r.referred_user_id AS "referredUserId",
              rp.name AS "referrerProvider", rp.referral_code AS "referrerCode", u.email AS "referredEmail",
              trim(u.first_name || ' ' || u.last_name) AS "referredName", np.name AS "referredProvider",
              r.provider_set_up_at AS "providerSetUpAt"
         FROM referrals r
         JOIN providers rp ON rp.id = r.referrer_provider_id
         JOIN users u ON u.id = r.referred_user_id
         LEFT JOIN providers np ON np.id = r.referred_provider_id
        WHERE ${WHERE}
          AND ($4::timestamptz IS NULL OR (r.referred_at, r.referred_user_id) > ($4::timestamptz, $5::uuid))
        ORDER BY r.referred_at, r.referred_user_id
        LIMIT $6`,
      [filter.from, filter.before, filter.email, after?.at ?? null, after?.userId ?? null, limit],
    );
  }

  /** The referrers of the filter's referrals, with their counts, by name. */
  referrers(filter: ReferralsFilter): Promise<ReferrerRow[]> {
    return rows<ReferrerRow>(
      this.db.dataSource,
      `SELECT rp.name AS "referrerProvider", rp.referral_code AS "referrerCode",
              (SELECT string_agg(au.email, ' ' ORDER BY au.email) FROM memberships m
                 JOIN users au ON au.id = m.user_id
                WHERE m.provider_id = rp.id AND m.role = 'admin') AS "adminEmails",
              count(*)::int AS referrals, count(r.referred_provider_id)::int AS "providersSetUp"
         FROM referrals r
         JOIN providers rp ON rp.id = r.referrer_provider_id
        WHERE ${WHERE}
        GROUP BY rp.id ORDER BY rp.name, rp.id`,
      [filter.from, filter.before, filter.email],
    );
  }
}

/** The filter: $1 from, $2 before (either null: open), $3 a member's email of the referrer (null: any). */
const WHERE = `($1::timestamptz IS NULL OR r.referred_at >= $1::timestamptz)
            AND ($2::timestamptz IS NULL OR r.referred_at < $2::timestamptz)
            AND ($3::text IS NULL OR EXISTS (
                  SELECT 1 FROM memberships m JOIN users mu ON mu.id = m.user_id
                   WHERE m.provider_id = r.referrer_provider_id AND lower(mu.email) = lower($3::text)))`;
