import { Injectable } from '@nestjs/common';
import { Database, queryAffected, queryOne, queryRows, sql, type Queryable } from '@tourly/platform';
import type {
  IRecordReferralQuery,
  IReferralLinkQuery,
  IReferralProviderSetUpQuery,
  IReferralsAfterQuery,
  IReferralsAfterResult,
  IReferrersQuery,
  IReferrersResult,
} from './referrals.repository.types';

/**
 * One referral as the export writes it, and its key in the export's order: `keyAt`, `referred_at` as PostgreSQL's
 * text (exact to the microsecond), with the person.
 */
export type ReferralRow = IReferralsAfterResult;

/** One referrer as the export writes it: its referrals in the period (`adminEmails` null: it has no admin left). */
export type ReferrerRow = IReferrersResult;

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

const recordReferral = sql<IRecordReferralQuery>`
  INSERT INTO referrals (referred_user_id, referrer_provider_id)
  SELECT $userId!, id FROM providers WHERE referral_code = $code!
  ON CONFLICT DO NOTHING`;

const referralProviderSetUp = sql<IReferralProviderSetUpQuery>`
  UPDATE referrals SET referred_provider_id = $providerId!, provider_set_up_at = now()
   WHERE referred_user_id = $userId! AND referred_provider_id IS NULL`;

const referralLink = sql<IReferralLinkQuery>`
  SELECT p.referral_code AS code,
         (SELECT count(*)::int FROM referrals r WHERE r.referrer_provider_id = p.id) AS "referred!"
    FROM providers p WHERE p.id = $providerId!`;

// The filter: `from`, `before` (either null: open), `email` a member's email of the referrer (null: any); then the
// keyset, `afterAt` and `afterUserId` (null: from the start). The referred person may not have set up a provider.
const referralsAfter = sql<IReferralsAfterQuery>`
  SELECT r.referred_at AS "referredAt", r.referred_at::text AS "keyAt!", r.referred_user_id AS "referredUserId",
         rp.name AS "referrerProvider", rp.referral_code AS "referrerCode", u.email AS "referredEmail",
         trim(u.first_name || ' ' || u.last_name) AS "referredName!", np.name AS "referredProvider?",
         r.provider_set_up_at AS "providerSetUpAt"
    FROM referrals r
    JOIN providers rp ON rp.id = r.referrer_provider_id
    JOIN users u ON u.id = r.referred_user_id
    LEFT JOIN providers np ON np.id = r.referred_provider_id
   WHERE ($from::timestamptz IS NULL OR r.referred_at >= $from::timestamptz)
     AND ($before::timestamptz IS NULL OR r.referred_at < $before::timestamptz)
     AND ($email::text IS NULL OR EXISTS (
           SELECT 1 FROM memberships m JOIN users mu ON mu.id = m.user_id
            WHERE m.provider_id = r.referrer_provider_id AND lower(mu.email) = lower($email::text)))
     AND ($afterAt::timestamptz IS NULL
          OR (r.referred_at, r.referred_user_id) > ($afterAt::timestamptz, $afterUserId::uuid))
   ORDER BY r.referred_at, r.referred_user_id
   LIMIT $limit!`;

const referrers = sql<IReferrersQuery>`
  SELECT rp.name AS "referrerProvider", rp.referral_code AS "referrerCode",
         (SELECT string_agg(au.email, ' ' ORDER BY au.email) FROM memberships m
            JOIN users au ON au.id = m.user_id
           WHERE m.provider_id = rp.id AND m.role = 'admin') AS "adminEmails",
         count(*)::int AS "referrals!", count(r.referred_provider_id)::int AS "providersSetUp!"
    FROM referrals r
    JOIN providers rp ON rp.id = r.referrer_provider_id
   WHERE ($from::timestamptz IS NULL OR r.referred_at >= $from::timestamptz)
     AND ($before::timestamptz IS NULL OR r.referred_at < $before::timestamptz)
     AND ($email::text IS NULL OR EXISTS (
           SELECT 1 FROM memberships m JOIN users mu ON mu.id = m.user_id
            WHERE m.provider_id = r.referrer_provider_id AND lower(mu.email) = lower($email::text)))
   GROUP BY rp.id ORDER BY rp.name, rp.id`;

/** `referrals` and the providers' `referral_code`. */
@Injectable()
export class ReferralsRepository {
  constructor(private readonly db: Database) {}

  /**
   * The person just created signed up with `code`: recorded as referred by the provider whose code it is. A code
   * no provider has (mistyped, or its provider gone) refers nobody; the sign-up goes on.
   */
  async record(tx: Queryable, code: string, userId: string): Promise<void> {
    await queryAffected(tx, recordReferral, { code, userId });
  }

  /** The referred person set up their business: the referral now names it. */
  async providerSetUp(tx: Queryable, userId: string, providerId: string): Promise<void> {
    await queryAffected(tx, referralProviderSetUp, { userId, providerId });
  }

  /** The provider's code and how many people signed up with it. */
  linkOf(providerId: string): Promise<{ code: string; referred: number } | undefined> {
    return queryOne(this.db.dataSource, referralLink, { providerId });
  }

  /** The `limit` referrals of the filter that follow `after`, oldest first (for `keysetBatches`). */
  referralsAfter(
    filter: ReferralsFilter,
    after: ReferralKey | undefined,
    limit: number,
  ): Promise<ReferralRow[]> {
    return queryRows(this.db.dataSource, referralsAfter, {
      ...filter,
      afterAt: after?.at ?? null,
      afterUserId: after?.userId ?? null,
      limit,
    });
  }

  /** The referrers of the filter's referrals, with their counts, by name. */
  referrers(filter: ReferralsFilter): Promise<ReferrerRow[]> {
    return queryRows(this.db.dataSource, referrers, filter);
  }
}
