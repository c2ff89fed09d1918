import { Injectable } from '@nestjs/common';
import type { HostingInterval, HostingInvoiceStatus, SubscriptionStatus } from '@tourly/contracts';
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
  IAdvisoryLockQuery,
  IClientInvoiceCountQuery,
  IClientInvoicePageQuery,
  IClientInvoicePageResult,
  IDueInvoicesQuery,
  IMarkOverdueQuery,
  IMarkOverdueResult,
  ICustomerByStripeIdQuery,
  ICustomerCountQuery,
  ICustomerPageQuery,
  ICustomerPageResult,
  ICustomerSubscriptionStatusesQuery,
  IDeleteSubscriptionQuery,
  IFindCustomerQuery,
  IFindCustomerResult,
  IFindInvoiceQuery,
  IFindInvoiceResult,
  IFindSubscriptionQuery,
  IFindSubscriptionResult,
  IInsertCustomerQuery,
  IInsertSubscriptionParams,
  IInsertSubscriptionQuery,
  IInvoiceCountQuery,
  IInvoicePageQuery,
  IInvoicePageResult,
  IInvoiceSnapshotQuery,
  IInvoiceSnapshotResult,
  IInvoicesToReconcileQuery,
  IInvoicesToReconcileResult,
  IInvoiceStatusQuery,
  ILockCustomerQuery,
  ISetSubscriptionStateParams,
  ISetSubscriptionStateQuery,
  ISoftDeleteCustomerQuery,
  ISubscriptionCountQuery,
  ISubscriptionForSyncQuery,
  ISubscriptionForSyncResult,
  ISubscriptionPageQuery,
  ISubscriptionPageResult,
  ISubscriptionSnapshotQuery,
  ISubscriptionSnapshotResult,
  ISubscriptionsToReconcileQuery,
  ISubscriptionsToReconcileResult,
  IUpsertInvoiceParams,
  IUpsertInvoiceQuery,
} from './hosting.repository.types';

/** What CHECKs and every write keep to a union. */
type KnownSubscription = { status: SubscriptionStatus; interval: HostingInterval };
type KnownInvoice = { status: HostingInvoiceStatus };

export type HostingCustomerRow = Omit<ICustomerPageResult, 'total'>;
export type HostingCustomer = IFindCustomerResult;
export type HostingSubscriptionRow = Omit<Narrowed<ISubscriptionPageResult, KnownSubscription>, 'total'>;
export type HostingSubscription = Narrowed<IFindSubscriptionResult, KnownSubscription>;
export type SubscriptionForSync = Narrowed<ISubscriptionForSyncResult, { status: SubscriptionStatus }>;
export type HostingInvoiceRow = Omit<Narrowed<IInvoicePageResult, KnownInvoice>, 'total'>;
export type HostingInvoice = Narrowed<IFindInvoiceResult, KnownInvoice>;
export type NewSubscription = IInsertSubscriptionParams;
export type SubscriptionState = Omit<ISetSubscriptionStateParams, 'id'>;
export type InvoiceWrite = IUpsertInvoiceParams;
export type OverdueInvoice = IMarkOverdueResult;
export type SubscriptionToReconcile = ISubscriptionsToReconcileResult;
export type InvoiceToReconcile = IInvoicesToReconcileResult;
export type ClientInvoiceRow = Omit<Narrowed<IClientInvoicePageResult, KnownInvoice>, 'total'>;

const advisoryLock = sql<IAdvisoryLockQuery>`SELECT pg_advisory_xact_lock(hashtext($key!))`;

// Customers

const customerPage = sql<ICustomerPageQuery>`
  SELECT c.id, c.name, c.email, c.client_id AS "clientId", c.created_at AS "createdAt",
         (SELECT count(*) FROM hosting_subscriptions s WHERE s.customer_id = c.id)::int AS "subscriptionsCount!",
         count(*) OVER ()::int AS "total!"
    FROM hosting_customers c`;

const customerCount = sql<ICustomerCountQuery>`SELECT count(*)::int AS "total!" FROM hosting_customers c`;

const findCustomer = sql<IFindCustomerQuery>`
  SELECT c.id, c.name, c.email, c.client_id AS "clientId", c.created_at AS "createdAt",
         (SELECT count(*) FROM hosting_subscriptions s WHERE s.customer_id = c.id)::int AS "subscriptionsCount!",
         c.stripe_account_id AS "stripeAccountId", c.stripe_customer_id AS "stripeCustomerId",
         c.test_clock_id AS "testClockId"
    FROM hosting_customers c WHERE c.provider_id = $providerId! AND c.id = $id! AND c.deleted_at IS NULL`;

const lockCustomer = sql<ILockCustomerQuery>`
  SELECT id FROM hosting_customers WHERE provider_id = $providerId! AND id = $id! AND deleted_at IS NULL FOR UPDATE`;

const insertCustomer = sql<IInsertCustomerQuery>`
  INSERT INTO hosting_customers (id, provider_id, stripe_account_id, stripe_customer_id, name, email, client_id,
                                 test_clock_id)
  VALUES ($id!, $providerId!, $stripeAccountId!, $stripeCustomerId!, $name!, $email!, $clientId, $testClockId)`;

const softDeleteCustomer = sql<ISoftDeleteCustomerQuery>`
  UPDATE hosting_customers SET deleted_at = now() WHERE id = $id! AND deleted_at IS NULL`;

const customerSubscriptionStatuses = sql<ICustomerSubscriptionStatusesQuery>`
  SELECT status FROM hosting_subscriptions WHERE customer_id = $customerId!`;

const customerByStripeId = sql<ICustomerByStripeIdQuery>`
  SELECT id, provider_id AS "providerId" FROM hosting_customers
   WHERE stripe_account_id = $stripeAccountId! AND stripe_customer_id = $stripeCustomerId!`;

// Subscriptions

const subscriptionPage = sql<Narrow<ISubscriptionPageQuery, KnownSubscription>>`
  SELECT s.id, s.customer_id AS "customerId", c.name AS "customerName", s.status, s.interval, s.amount,
         s.currency, s.description, s.property_ids AS "propertyIds", s.tax_rate_ids AS "taxRateIds",
         s.application_fee_percent::float8 AS "applicationFeePercent", s.current_period_end AS "currentPeriodEnd",
         s.cancel_at_period_end AS "cancelAtPeriodEnd", s.canceled_at AS "canceledAt", s.created_at AS "createdAt",
         count(*) OVER ()::int AS "total!"
    FROM hosting_subscriptions s JOIN hosting_customers c ON c.id = s.customer_id`;

const subscriptionCount = sql<ISubscriptionCountQuery>`
  SELECT count(*)::int AS "total!" FROM hosting_subscriptions s JOIN hosting_customers c ON c.id = s.customer_id`;

const findSubscription = sql<Narrow<IFindSubscriptionQuery, KnownSubscription>>`
  SELECT s.id, s.customer_id AS "customerId", c.name AS "customerName", s.status, s.interval, s.amount,
         s.currency, s.description, s.property_ids AS "propertyIds", s.tax_rate_ids AS "taxRateIds",
         s.application_fee_percent::float8 AS "applicationFeePercent", s.current_period_end AS "currentPeriodEnd",
         s.cancel_at_period_end AS "cancelAtPeriodEnd", s.canceled_at AS "canceledAt", s.created_at AS "createdAt",
         s.stripe_account_id AS "stripeAccountId", s.stripe_subscription_id AS "stripeSubscriptionId"
    FROM hosting_subscriptions s JOIN hosting_customers c ON c.id = s.customer_id
   WHERE s.provider_id = $providerId! AND s.id = $id!`;

const insertSubscription = sql<IInsertSubscriptionQuery>`
  INSERT INTO hosting_subscriptions (id, provider_id, customer_id, stripe_account_id, status, interval, amount,
                                     currency, description, property_ids, tax_rate_ids, application_fee_percent)
  VALUES ($id!, $providerId!, $customerId!, $stripeAccountId!, 'incomplete', $interval!, $amount!, $currency!,
          $description, $propertyIds!, $taxRateIds!, $applicationFeePercent)`;

const deleteSubscription = sql<IDeleteSubscriptionQuery>`
  DELETE FROM hosting_subscriptions WHERE id = $id! AND stripe_subscription_id IS NULL`;

const subscriptionForSync = sql<Narrow<ISubscriptionForSyncQuery, { status: SubscriptionStatus }>>`
  SELECT id, provider_id AS "providerId", customer_id AS "customerId", status, property_ids AS "propertyIds",
         cancel_at_period_end AS "cancelAtPeriodEnd"
    FROM hosting_subscriptions
   WHERE stripe_account_id = $stripeAccountId!
     AND (stripe_subscription_id = $stripeSubscriptionId! OR id = $id::uuid)
   FOR UPDATE`;

const setSubscriptionState = sql<ISetSubscriptionStateQuery>`
  UPDATE hosting_subscriptions SET stripe_subscription_id = $stripeSubscriptionId!, status = $status!,
         current_period_end = $currentPeriodEnd, cancel_at_period_end = $cancelAtPeriodEnd!,
         canceled_at = $canceledAt, updated_at = now()
   WHERE id = $id!`;

// Invoices

const invoicePage = sql<Narrow<IInvoicePageQuery, KnownInvoice>>`
  SELECT i.id, i.subscription_id AS "subscriptionId", i.customer_id AS "customerId", c.name AS "customerName",
         i.number, i.status, i.amount_due AS "amountDue", i.amount_paid AS "amountPaid", i.currency,
         i.due_date AS "dueDate", i.created_at AS "createdAt", i.hosted_invoice_url AS "hostedInvoiceUrl",
         count(*) OVER ()::int AS "total!"
    FROM hosting_invoices i JOIN hosting_customers c ON c.id = i.customer_id`;

const invoiceCount = sql<IInvoiceCountQuery>`
  SELECT count(*)::int AS "total!" FROM hosting_invoices i JOIN hosting_customers c ON c.id = i.customer_id`;

const findInvoice = sql<Narrow<IFindInvoiceQuery, KnownInvoice>>`
  SELECT i.id, i.subscription_id AS "subscriptionId", i.customer_id AS "customerId", c.name AS "customerName",
         i.number, i.status, i.amount_due AS "amountDue", i.amount_paid AS "amountPaid", i.currency,
         i.due_date AS "dueDate", i.created_at AS "createdAt", i.hosted_invoice_url AS "hostedInvoiceUrl",
         i.invoice_pdf AS "invoicePdf", i.stripe_account_id AS "stripeAccountId",
         i.stripe_invoice_id AS "stripeInvoiceId"
    FROM hosting_invoices i JOIN hosting_customers c ON c.id = i.customer_id
   WHERE i.provider_id = $providerId! AND i.id = $id!`;

const invoiceStatus = sql<Narrow<IInvoiceStatusQuery, KnownInvoice>>`
  SELECT status FROM hosting_invoices WHERE stripe_invoice_id = $stripeInvoiceId!`;

const upsertInvoice = sql<IUpsertInvoiceQuery>`
  INSERT INTO hosting_invoices (id, provider_id, customer_id, subscription_id, stripe_account_id, stripe_invoice_id,
                                number, status, amount_due, amount_paid, currency, due_date, hosted_invoice_url,
                                invoice_pdf, created_at)
  VALUES ($id!, $providerId!, $customerId!, $subscriptionId, $stripeAccountId!, $stripeInvoiceId!, $number,
          $status!, $amountDue!, $amountPaid!, $currency!, $dueDate, $hostedInvoiceUrl, $invoicePdf, $createdAt!)
  ON CONFLICT (stripe_invoice_id) DO UPDATE SET number = $number, status = $status!, amount_due = $amountDue!,
    amount_paid = $amountPaid!, due_date = $dueDate, hosted_invoice_url = $hostedInvoiceUrl,
    invoice_pdf = $invoicePdf, subscription_id = coalesce(hosting_invoices.subscription_id, $subscriptionId),
    updated_at = now()
  RETURNING id`;

// Overdue invoices (the autopilot) and the client's portal

const dueInvoices = sql<IDueInvoicesQuery>`
  SELECT id FROM hosting_invoices
   WHERE status = 'open' AND overdue_at IS NULL AND due_date <= now()
   ORDER BY due_date LIMIT $limit! FOR UPDATE SKIP LOCKED`;

const markOverdue = sql<IMarkOverdueQuery>`
  UPDATE hosting_invoices i SET overdue_at = now(), updated_at = now()
    FROM hosting_customers c
   WHERE i.id = $id! AND c.id = i.customer_id AND i.status = 'open' AND i.overdue_at IS NULL
  RETURNING i.id, i.provider_id AS "providerId", i.subscription_id AS "subscriptionId",
            i.customer_id AS "customerId", c.name AS "customerName", c.email AS "customerEmail", i.number,
            i.amount_due AS "amountDue", i.currency, i.due_date AS "dueDate",
            i.hosted_invoice_url AS "hostedInvoiceUrl",
            coalesce((SELECT s.property_ids FROM hosting_subscriptions s WHERE s.id = i.subscription_id),
                     '{}'::uuid[]) AS "propertyIds!"`;

const clientInvoicePage = sql<Narrow<IClientInvoicePageQuery, KnownInvoice>>`
  SELECT i.id, i.number, i.status, i.amount_due AS "amountDue", i.amount_paid AS "amountPaid", i.currency,
         i.due_date AS "dueDate", i.created_at AS "createdAt", i.hosted_invoice_url AS "hostedInvoiceUrl",
         i.overdue_at IS NOT NULL AND i.status = 'open' AS "overdue!", count(*) OVER ()::int AS "total!"
    FROM hosting_invoices i JOIN hosting_customers c ON c.id = i.customer_id
   WHERE i.provider_id = $providerId! AND c.client_id = $clientId! AND i.status <> 'draft'
   ORDER BY i.created_at DESC, i.id DESC LIMIT $limit! OFFSET $offset!`;

const clientInvoiceCount = sql<IClientInvoiceCountQuery>`
  SELECT count(*)::int AS "total!"
    FROM hosting_invoices i JOIN hosting_customers c ON c.id = i.customer_id
   WHERE i.provider_id = $providerId! AND c.client_id = $clientId! AND i.status <> 'draft'`;

// Reconciliation's walk: what may still change at Stripe, in billing's id order, and the state it compares

const subscriptionsToReconcile = sql<ISubscriptionsToReconcileQuery>`
  SELECT id, stripe_account_id AS "stripeAccountId", stripe_subscription_id AS "stripeSubscriptionId!"
    FROM hosting_subscriptions
   WHERE stripe_subscription_id IS NOT NULL AND status NOT IN ('canceled', 'incomplete_expired')
     AND id > $after!::uuid
   ORDER BY id LIMIT $limit!`;

const subscriptionSnapshot = sql<ISubscriptionSnapshotQuery>`
  SELECT status, current_period_end AS "currentPeriodEnd", cancel_at_period_end AS "cancelAtPeriodEnd",
         canceled_at AS "canceledAt"
    FROM hosting_subscriptions WHERE id = $id!`;

const invoicesToReconcile = sql<IInvoicesToReconcileQuery>`
  SELECT id, stripe_account_id AS "stripeAccountId", stripe_invoice_id AS "stripeInvoiceId"
    FROM hosting_invoices
   WHERE status IN ('draft', 'open') AND id > $after!::uuid
   ORDER BY id LIMIT $limit!`;

const invoiceSnapshot = sql<IInvoiceSnapshotQuery>`
  SELECT status, amount_due AS "amountDue", amount_paid AS "amountPaid", due_date AS "dueDate"
    FROM hosting_invoices WHERE id = $id!`;

/** Composes a list's filters: `column = $n` for each given value, in order. */
function filters(
  providerColumn: string,
  providerId: string,
  equal: Array<[column: string, value: string | undefined]>,
  search: { pattern: string | null; columns: string[] },
): { where: string; params: unknown[] } {
  const params: unknown[] = [providerId];
  const clauses = [`${providerColumn} = $1`];
  for (const [column, value] of equal) {
    if (value === undefined) continue;
    params.push(value);
    clauses.push(`${column} = $${params.length}`);
  }
  if (search.pattern) {
    params.push(search.pattern);
    clauses.push(`(${search.columns.map((column) => `${column} ILIKE $${params.length}`).join(' OR ')})`);
  }
  return { where: `WHERE ${clauses.join(' AND ')}`, params };
}

/**
 * Hosting fees' tables, one aggregate: `hosting_customers`, their `hosting_subscriptions` and `hosting_invoices`
 * (billing's copies of the provider's clients, their subscriptions and invoices on the provider's connected account).
 */
@Injectable()
export class HostingRepository {
  constructor(private readonly db: Database) {}

  /** Serialises the writes of one Stripe object (two deliveries of its events at once). */
  async lockKey(tx: Queryable, key: string): Promise<void> {
    await queryRows(tx, advisoryLock, { key });
  }

  async customers(
    providerId: string,
    query: PageQuery & { search?: string },
  ): Promise<Page<HostingCustomerRow>> {
    const { where, params } = filters('c.provider_id', providerId, [], {
      pattern: likePattern(query.search),
      columns: ['c.name', 'c.email'],
    });
    const live = `${where} AND c.deleted_at IS NULL`;
    const found = await queryRowsWith(
      this.db.dataSource,
      customerPage,
      `${live} ORDER BY c.created_at DESC, c.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.pageSize, query.offset],
    );
    return pageWithTotal(found, query, async () => {
      const [counted] = await queryRowsWith(this.db.dataSource, customerCount, live, params);
      return counted!.total;
    });
  }

  customer(providerId: string, id: string, tx?: Queryable): Promise<HostingCustomer | undefined> {
    return queryOne(tx ?? this.db.dataSource, findCustomer, { providerId, id });
  }

  async lockCustomer(tx: Queryable, providerId: string, id: string): Promise<boolean> {
    return (await queryOne(tx, lockCustomer, { providerId, id })) !== undefined;
  }

  async insertCustomer(
    tx: Queryable,
    customer: {
      id: string;
      providerId: string;
      stripeAccountId: string;
      stripeCustomerId: string;
      name: string;
      email: string;
      clientId: string | null;
      testClockId: string | null;
    },
  ): Promise<void> {
    await queryAffected(tx, insertCustomer, customer);
  }

  async deleteCustomer(tx: Queryable, id: string): Promise<void> {
    await queryAffected(tx, softDeleteCustomer, { id });
  }

  async subscriptionStatusesOf(tx: Queryable, customerId: string): Promise<string[]> {
    return (await queryRows(tx, customerSubscriptionStatuses, { customerId })).map((row) => row.status);
  }

  customerByStripeId(
    tx: Queryable,
    stripeAccountId: string,
    stripeCustomerId: string,
  ): Promise<{ id: string; providerId: string } | undefined> {
    return queryOne(tx, customerByStripeId, { stripeAccountId, stripeCustomerId });
  }

  async subscriptions(
    providerId: string,
    query: PageQuery & { search?: string; customerId?: string; status?: string },
  ): Promise<Page<HostingSubscriptionRow>> {
    const { where, params } = filters(
      's.provider_id',
      providerId,
      [
        ['s.customer_id', query.customerId],
        ['s.status', query.status],
      ],
      { pattern: likePattern(query.search), columns: ['c.name', 'c.email', 's.description'] },
    );
    const found = await queryRowsWith(
      this.db.dataSource,
      subscriptionPage,
      `${where} ORDER BY s.created_at DESC, s.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.pageSize, query.offset],
    );
    return pageWithTotal(found, query, async () => {
      const [counted] = await queryRowsWith(this.db.dataSource, subscriptionCount, where, params);
      return counted!.total;
    });
  }

  subscription(providerId: string, id: string, tx?: Queryable): Promise<HostingSubscription | undefined> {
    return queryOne(tx ?? this.db.dataSource, findSubscription, { providerId, id });
  }

  async insertSubscription(tx: Queryable, subscription: NewSubscription): Promise<void> {
    await queryAffected(tx, insertSubscription, subscription);
  }

  /** Takes back a subscription Stripe never made. */
  async deleteUnmade(id: string): Promise<void> {
    await queryAffected(this.db.dataSource, deleteSubscription, { id });
  }

  /** The subscription of a Stripe subscription (or of billing's id in its metadata), locked. */
  subscriptionForSync(
    tx: Queryable,
    stripeAccountId: string,
    stripeSubscriptionId: string,
    id: string | null,
  ): Promise<SubscriptionForSync | undefined> {
    return queryOne(tx, subscriptionForSync, { stripeAccountId, stripeSubscriptionId, id });
  }

  async setSubscriptionState(tx: Queryable, id: string, state: SubscriptionState): Promise<void> {
    await queryAffected(tx, setSubscriptionState, { id, ...state });
  }

  async invoices(
    providerId: string,
    query: PageQuery & { search?: string; subscriptionId?: string; status?: string },
  ): Promise<Page<HostingInvoiceRow>> {
    const { where, params } = filters(
      'i.provider_id',
      providerId,
      [
        ['i.subscription_id', query.subscriptionId],
        ['i.status', query.status],
      ],
      { pattern: likePattern(query.search), columns: ['c.name', 'c.email', 'i.number'] },
    );
    const found = await queryRowsWith(
      this.db.dataSource,
      invoicePage,
      `${where} ORDER BY i.created_at DESC, i.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.pageSize, query.offset],
    );
    return pageWithTotal(found, query, async () => {
      const [counted] = await queryRowsWith(this.db.dataSource, invoiceCount, where, params);
      return counted!.total;
    });
  }

  invoice(providerId: string, id: string, tx?: Queryable): Promise<HostingInvoice | undefined> {
    return queryOne(tx ?? this.db.dataSource, findInvoice, { providerId, id });
  }

  async invoiceStatus(tx: Queryable, stripeInvoiceId: string): Promise<HostingInvoiceStatus | undefined> {
    return (await queryOne(tx, invoiceStatus, { stripeInvoiceId }))?.status;
  }

  /** Writes billing's copy of the invoice; its id (billing's, kept from the first write). */
  async upsertInvoice(tx: Queryable, invoice: InvoiceWrite): Promise<string> {
    return (await queryOne(tx, upsertInvoice, invoice))!.id;
  }

  /** Open invoices past their due date not yet announced overdue, locked (another replica skips them). */
  async dueInvoices(tx: Queryable, limit: number): Promise<string[]> {
    return (await queryRows(tx, dueInvoices, { limit })).map((row) => row.id);
  }

  /** Marks an open invoice overdue, once; what the announcement says of it (undefined: not open, or already). */
  markOverdue(tx: Queryable, id: string): Promise<OverdueInvoice | undefined> {
    return queryOne(tx, markOverdue, { id });
  }

  /** Subscriptions Stripe may still change (not ended), after billing's id `after`, in id order. */
  subscriptionsToReconcile(after: string, limit: number): Promise<SubscriptionToReconcile[]> {
    return queryRows(this.db.dataSource, subscriptionsToReconcile, { after, limit });
  }

  /** What reconciliation compares of a subscription before and after reading it again from Stripe. */
  subscriptionSnapshot(id: string): Promise<ISubscriptionSnapshotResult | undefined> {
    return queryOne(this.db.dataSource, subscriptionSnapshot, { id });
  }

  /** Invoices Stripe may still change (draft or open), after billing's id `after`, in id order. */
  invoicesToReconcile(after: string, limit: number): Promise<InvoiceToReconcile[]> {
    return queryRows(this.db.dataSource, invoicesToReconcile, { after, limit });
  }

  /** What reconciliation compares of an invoice before and after reading it again from Stripe. */
  invoiceSnapshot(id: string): Promise<IInvoiceSnapshotResult | undefined> {
    return queryOne(this.db.dataSource, invoiceSnapshot, { id });
  }

  /** The issued invoices of the hosting customers linked to a client of the provider (the client's portal). */
  async clientInvoices(
    providerId: string,
    clientId: string,
    query: PageQuery,
  ): Promise<Page<ClientInvoiceRow>> {
    const found = await queryRows(this.db.dataSource, clientInvoicePage, {
      providerId,
      clientId,
      limit: query.pageSize,
      offset: query.offset,
    });
    return pageWithTotal(found, query, async () => {
      const counted = await queryOne(this.db.dataSource, clientInvoiceCount, { providerId, clientId });
      return counted!.total;
    });
  }
}
