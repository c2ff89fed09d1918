import { Injectable } from '@nestjs/common';
import { Database, queryAffected, queryOne, queryRows, sql, type Queryable } from '@tourly/platform';
import type { MerchantAccountState } from './hosting.rules';
import type {
  IAccountPageQuery,
  IFindMerchantAccountByStripeIdQuery,
  IFindMerchantAccountQuery,
  IFindMerchantAccountResult,
  IInsertMerchantAccountQuery,
  IUpdateMerchantAccountQuery,
} from './merchant-accounts.repository.types';

/** A provider's connected account, as Stripe's account.updated last said. */
export type MerchantAccountRow = IFindMerchantAccountResult;

const findMerchantAccount = sql<IFindMerchantAccountQuery>`
  SELECT provider_id AS "providerId", stripe_account_id AS "stripeAccountId", country,
         default_currency AS "defaultCurrency", charges_enabled AS "chargesEnabled",
         payouts_enabled AS "payoutsEnabled", details_submitted AS "detailsSubmitted",
         requirements_due AS "requirementsDue", updated_at AS "updatedAt"
    FROM merchant_accounts WHERE provider_id = $providerId!`;

const findMerchantAccountByStripeId = sql<IFindMerchantAccountByStripeIdQuery>`
  SELECT provider_id AS "providerId" FROM merchant_accounts WHERE stripe_account_id = $stripeAccountId!`;

const accountPage = sql<IAccountPageQuery>`
  SELECT stripe_account_id AS "stripeAccountId" FROM merchant_accounts
   WHERE stripe_account_id > $after! ORDER BY stripe_account_id LIMIT $limit!`;

const insertMerchantAccount = sql<IInsertMerchantAccountQuery>`
  INSERT INTO merchant_accounts (provider_id, stripe_account_id, country, default_currency, charges_enabled,
                                 payouts_enabled, details_submitted, requirements_due)
  VALUES ($providerId!, $stripeAccountId!, $country, $defaultCurrency, $chargesEnabled!, $payoutsEnabled!,
          $detailsSubmitted!, $requirementsDue!)
  ON CONFLICT (provider_id) DO NOTHING`;

const updateMerchantAccount = sql<IUpdateMerchantAccountQuery>`
  UPDATE merchant_accounts SET country = $country, default_currency = $defaultCurrency,
         charges_enabled = $chargesEnabled!, payouts_enabled = $payoutsEnabled!,
         details_submitted = $detailsSubmitted!, requirements_due = $requirementsDue!, updated_at = now()
   WHERE stripe_account_id = $stripeAccountId!`;

/** The `merchant_accounts` table: one connected account per provider. */
@Injectable()
export class MerchantAccountsRepository {
  constructor(private readonly db: Database) {}

  find(providerId: string, tx?: Queryable): Promise<MerchantAccountRow | undefined> {
    return queryOne(tx ?? this.db.dataSource, findMerchantAccount, { providerId });
  }

  async providerOf(stripeAccountId: string): Promise<string | undefined> {
    return (await queryOne(this.db.dataSource, findMerchantAccountByStripeId, { stripeAccountId }))
      ?.providerId;
  }

  /** The connected accounts' ids after `after`, in order (reconciliation reads each one's events). */
  async accountIds(after: string, limit: number): Promise<string[]> {
    return (await queryRows(this.db.dataSource, accountPage, { after, limit })).map(
      (row) => row.stripeAccountId,
    );
  }

  /** Records the provider's new account (a second one at the same time loses: the first stays). */
  async insert(
    tx: Queryable,
    providerId: string,
    stripeAccountId: string,
    state: MerchantAccountState,
  ): Promise<void> {
    await queryAffected(tx, insertMerchantAccount, { providerId, stripeAccountId, ...state });
  }

  async update(stripeAccountId: string, state: MerchantAccountState): Promise<boolean> {
    return (
      (await queryAffected(this.db.dataSource, updateMerchantAccount, { stripeAccountId, ...state })) > 0
    );
  }
}
