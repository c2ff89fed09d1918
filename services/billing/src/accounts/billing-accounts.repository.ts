import { Injectable } from '@nestjs/common';
import type { Currency } from '@tourly/contracts';
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
import type {
  IFindBillingAccountQuery,
  IFindBillingAccountResult,
  IHostingFeeQuery,
  ISetHostingFeeQuery,
  ILockBillingAccountQuery,
  IProviderOfCustomerQuery,
  IProviderWithCustomerQuery,
  IRunningStripeSubscriptionsQuery,
  ISaveBillingAccountQuery,
  ISetDiscountQuery,
} from './billing-accounts.repository.types';

/** No CHECK keeps `currency` to the currencies: every write of it is a `Currency` (the form's, or the default). */
type Known = { currency: Currency };

/**
 * A provider's billing account; `discountPercent`: a discount the back office negotiated, on every invoice of the
 * plan.
 */
export type BillingAccountRow = Narrowed<IFindBillingAccountResult, Known>;

/** What a save writes: the form, and the Stripe customer and test clock made for it the first time. */
export type BillingAccountWrite = Omit<BillingAccountRow, 'discountPercent'>;

const findBillingAccount = sql<Narrow<IFindBillingAccountQuery, Known>>`
  SELECT provider_id AS "providerId", name, email, address, country, currency,
         stripe_customer_id AS "stripeCustomerId", test_clock_id AS "testClockId",
         discount_percent AS "discountPercent"
  FROM billing_accounts WHERE provider_id = $providerId!`;

const lockBillingAccount = sql<ILockBillingAccountQuery>`
  SELECT 1 AS found FROM billing_accounts WHERE provider_id = $providerId! FOR UPDATE`;

const saveBillingAccount = sql<ISaveBillingAccountQuery>`
  INSERT INTO billing_accounts (provider_id, name, email, address, country, currency, stripe_customer_id,
                                test_clock_id)
  VALUES ($providerId!, $name!, $email!, $address!, $country!, $currency!, $stripeCustomerId, $testClockId)
  ON CONFLICT (provider_id) DO UPDATE SET name = $name!, email = $email!, address = $address!,
    country = $country!, currency = $currency!,
    stripe_customer_id = coalesce(billing_accounts.stripe_customer_id, $stripeCustomerId),
    test_clock_id = coalesce(billing_accounts.test_clock_id, $testClockId), updated_at = now()`;

const setDiscount = sql<ISetDiscountQuery>`
  UPDATE billing_accounts SET discount_percent = $discountPercent!, updated_at = now()
  WHERE provider_id = $providerId!`;

const hostingFee = sql<IHostingFeeQuery>`
  SELECT hosting_application_fee_percent::float8 AS "percent" FROM billing_accounts WHERE provider_id = $providerId!`;

const setHostingFee = sql<ISetHostingFeeQuery>`
  UPDATE billing_accounts SET hosting_application_fee_percent = $percent, updated_at = now()
  WHERE provider_id = $providerId!`;

const providerOfCustomer = sql<IProviderOfCustomerQuery>`
  SELECT provider_id AS "providerId" FROM billing_accounts WHERE stripe_customer_id = $customerId`;

const providerWithCustomer = sql<IProviderWithCustomerQuery>`
  SELECT provider_id AS "providerId" FROM billing_accounts
  WHERE provider_id = $providerId AND stripe_customer_id = $customerId`;

const runningStripeSubscriptions = sql<IRunningStripeSubscriptionsQuery>`
  SELECT stripe_subscription_id AS "id!" FROM subscriptions
   WHERE provider_id = $providerId! AND status NOT IN ('canceled', 'incomplete_expired')
  UNION ALL
  SELECT stripe_subscription_id FROM immersive_extensions WHERE provider_id = $providerId! AND ended_at IS NULL`;

/**
 * The `billing_accounts` table: the one place its SQL lives. Its row is also each provider's lock: a plan change,
 * a payment and a refresh of the provider's subscription each take it first.
 */
@Injectable()
export class BillingAccountsRepository {
  constructor(private readonly db: Database) {}

  find(providerId: string, tx: Queryable = this.db.dataSource): Promise<BillingAccountRow | undefined> {
    return queryOne(tx, findBillingAccount, { providerId });
  }

  /** Locks the provider's account row until the transaction ends: one change per provider at a time. */
  async lock(tx: Queryable, providerId: string): Promise<void> {
    await queryRows(tx, lockBillingAccount, { providerId });
  }

  /** Creates or updates the account; a Stripe customer or test clock recorded once is never replaced. */
  async save(tx: Queryable, account: BillingAccountWrite): Promise<void> {
    await queryRows(tx, saveBillingAccount, account);
  }

  /** Whether the provider has an account to set the discount on. */
  async setDiscount(tx: Queryable, providerId: string, discountPercent: number): Promise<boolean> {
    const updated = await queryAffected(tx, setDiscount, { providerId, discountPercent });
    return updated > 0;
  }

  /** The platform's share of the provider's hosting-fee payments, in percent (null: none, or no account). */
  async hostingFee(providerId: string, tx?: Queryable): Promise<number | null> {
    return (await queryOne(tx ?? this.db.dataSource, hostingFee, { providerId }))?.percent ?? null;
  }

  async setHostingFee(tx: Queryable, providerId: string, percent: number | null): Promise<boolean> {
    return (await queryAffected(tx, setHostingFee, { providerId, percent })) > 0;
  }

  /** The provider whose Stripe customer this is. */
  async providerOfCustomer(customerId: string | null): Promise<string | undefined> {
    const account = await queryOne(this.db.dataSource, providerOfCustomer, { customerId });
    return account?.providerId;
  }

  /** The provider, if the Stripe customer is that provider's. */
  async providerWithCustomer(
    tx: Queryable,
    providerId: string | undefined,
    customerId: string | null,
  ): Promise<string | undefined> {
    const account = await queryOne(tx, providerWithCustomer, { providerId, customerId });
    return account?.providerId;
  }

  /**
   * The Stripe subscriptions that charge the provider's default card: the plan's while it runs and the premium
   * tours paid separately (one statement over `subscriptions` and `immersive_extensions`).
   */
  async runningStripeSubscriptions(providerId: string): Promise<string[]> {
    const running = await queryRows(this.db.dataSource, runningStripeSubscriptions, { providerId });
    return running.map((row) => row.id);
  }
}
