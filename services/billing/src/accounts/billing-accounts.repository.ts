import { Injectable } from '@nestjs/common';
import type { Currency } from '@tourly/contracts';
import { Database, affected, one, rows, type Queryable } from '@tourly/platform';

/** A provider's billing account. */
export interface BillingAccountRow {
  providerId: string;
  name: string;
  email: string;
  address: string;
  country: string;
  currency: Currency;
  stripeCustomerId: string | null;
  testClockId: string | null;
  /** A discount the back office negotiated, on every invoice of the plan. */
  discountPercent: number;
}

/** What a save writes: the form, and the Stripe customer and test clock made for it the first time. */
export type BillingAccountWrite = Omit<BillingAccountRow, 'discountPercent'>;

const COLUMNS = `provider_id AS "providerId", name, email, address, country, currency,
                 stripe_customer_id AS "stripeCustomerId", test_clock_id AS "testClockId",
                 discount_percent AS "discountPercent"`;

/**
 * The `billing_accounts` table: the one place its SQL lives. Its row is also each provider's lock: a plan change,
 * a payment and a refresh of the provider's subscription each take it first.
 */
@Injectable()
export class BillingAccountsRepository {
  constructor(private readonly db: Database) {}

  find(providerId: string, tx: Queryable = this.db.dataSource): Promise<BillingAccountRow | undefined> {
    return one<BillingAccountRow>(tx, `SELECT ${COLUMNS} FROM billing_accounts WHERE provider_id = $1`, [
      providerId,
    ]);
  }

  /** Locks the provider's account row until the transaction ends: one change per provider at a time. */
  async lock(tx: Queryable, providerId: string): Promise<void> {
    await tx.query('SELECT 1 FROM billing_accounts WHERE provider_id = $1 FOR UPDATE', [providerId]);
  }

  /** Creates or updates the account; a Stripe customer or test clock recorded once is never replaced. */
  async save(tx: Queryable, account: BillingAccountWrite): Promise<void> {
    await tx.query(
      `INSERT INTO billing_accounts (provider_id, name, email, address, country, currency, stripe_customer_id,
                                     test_clock_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (provider_id) DO UPDATE SET name = $2, email = $3, address = $4, country = $5, currency = $6,
         stripe_customer_id = coalesce(billing_accounts.stripe_customer_id, $7),
         test_clock_id = coalesce(billing_accounts.test_clock_id, $8), updated_at = now()`,
      [
        account.providerId,
        account.name,
        account.email,
        account.address,
        account.country,
        account.currency,
        account.stripeCustomerId,
        account.testClockId,
      ],
    );
  }

  /** Whether the provider has an account to set the discount on. */
  async setDiscount(tx: Queryable, providerId: string, discountPercent: number): Promise<boolean> {
    const updated = await affected(
      tx,
      'UPDATE billing_accounts SET discount_percent = $2, updated_at = now() WHERE provider_id = $1 RETURNING 1',
      [providerId, discountPercent],
    );
    return updated > 0;
  }

  /** The provider whose Stripe customer this is. */
  async providerOfCustomer(customerId: string | null): Promise<string | undefined> {
    const account = await one<{ providerId: string }>(
      this.db.dataSource,
      'SELECT provider_id AS "providerId" FROM billing_accounts WHERE stripe_customer_id = $1',
      [customerId],
    );
    return account?.providerId;
  }

  /** The provider, if the Stripe customer is that provider's. */
  async providerWithCustomer(
    tx: Queryable,
    providerId: string | undefined,
    customerId: string | null,
  ): Promise<string | undefined> {
    const account = await one<{ providerId: string }>(
      tx,
      'SELECT provider_id AS "providerId" FROM billing_accounts WHERE provider_id = $1 AND stripe_customer_id = $2',
      [providerId, customerId],
    );
    return account?.providerId;
  }

  /**
   * The Stripe subscriptions that charge the provider's default card: the plan's while it runs and the premium
   * tours paid separately (one statement over `subscriptions` and `immersive_extensions`).
   */
  async runningStripeSubscriptions(providerId: string): Promise<string[]> {
    const running = await rows<{ id: string }>(
      this.db.dataSource,
      `SELECT stripe_subscription_id AS id FROM subscriptions
        WHERE provider_id = $1 AND status NOT IN ('canceled', 'incomplete_expired')
       UNION ALL
       SELECT stripe_subscription_id FROM immersive_extensions WHERE provider_id = $1 AND ended_at IS NULL`,
      [providerId],
    );
    return running.map((row) => row.id);
  }
}
