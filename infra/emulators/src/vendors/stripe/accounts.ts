import type Stripe from 'stripe';
import { StripeEngine, type EngineOptions } from './engine';
import { StripeApiError } from './errors';
import { newId } from './ids';
import { realNow } from './time';

/** What onboarding collects, as Stripe lists it on a fresh account until its owner completes the form. */
export const ONBOARDING_REQUIREMENTS = ['business_profile.url', 'external_account', 'tos_acceptance.date'];

/** The settlement currency of the countries the emulator knows (Stripe sets `default_currency` from the country). */
export const COUNTRY_CURRENCIES: Record<string, string> = {
  US: 'usd',
  CA: 'cad',
  GB: 'gbp',
  AU: 'aud',
  NZ: 'nzd',
  CH: 'chf',
  SE: 'sek',
  NO: 'nok',
  DK: 'dkk',
  PL: 'pln',
  CZ: 'czk',
  HU: 'huf',
  RO: 'ron',
  BG: 'bgn',
  JP: 'jpy',
  SG: 'sgd',
  HK: 'hkd',
  MX: 'mxn',
  BR: 'brl',
  ...Object.fromEntries(
    [
      'AT',
      'BE',
      'CY',
      'DE',
      'EE',
      'ES',
      'FI',
      'FR',
      'GR',
      'HR',
      'IE',
      'IT',
      'LT',
      'LU',
      'LV',
      'MT',
      'NL',
      'PT',
      'SI',
      'SK',
    ].map((country) => [country, 'eur']),
  ),
};

/** What the Stripe vendor remembers: the platform's store, each connected account's, and the webhooks it owes. */
export interface AccountsState {
  store: Record<string, unknown>;
  accounts?: Record<string, Record<string, unknown>>;
  webhooks: Array<{ endpoint: string; events: string[] }>;
}

/**
 * The platform account and its connected accounts (Connect): one engine, with its own store, per account, all sharing
 * the platform's webhook dispatcher. A request's `Stripe-Account` header picks the engine, so every object lives on
 * exactly one account and an id of another account is unknown there (404 `resource_missing`), as on Stripe.
 */
export class StripeAccounts {
  readonly platform: StripeEngine;
  private readonly connected = new Map<string, StripeEngine>();

  constructor(private readonly options: EngineOptions) {
    this.platform = new StripeEngine(options);
  }

  get webhooks() {
    return this.platform.webhooks;
  }

  /**
   * The engine a request acts on: the platform's without `Stripe-Account`, else the connected account's. An account the
   * platform did not create answers 403 `account_invalid`, Stripe's answer for an account the key cannot reach.
   */
  engineFor(header: string | undefined, key: string | undefined): StripeEngine {
    if (header === undefined) return this.platform;
    const engine = this.engineOf(header);
    if (engine) return engine;
    throw new StripeApiError(
      403,
      {
        type: 'invalid_request_error',
        code: 'account_invalid',
        doc_url: 'https://stripe.com/docs/error-codes/account-invalid',
        message: `The provided key '${maskKey(key ?? '')}' does not have access to account '${header}' (or that account does not exist). Application access may have been revoked.`,
      },
      false,
    );
  }

  /** A connected account's engine (made at first use), or undefined for an account the platform does not have. */
  engineOf(account: string): StripeEngine | undefined {
    if (!this.platform.store.accounts.has(account)) return undefined;
    let engine = this.connected.get(account);
    if (!engine) {
      engine = new StripeEngine({
        ...this.options,
        connected: { account, webhooks: this.platform.webhooks },
      });
      engine.store.origin = this.platform.store.origin;
      engine.invoices.onPaid = (invoice) => this.collectApplicationFee(account, engine!, invoice);
      this.connected.set(account, engine);
    }
    return engine;
  }

  all(): StripeEngine[] {
    return [this.platform, ...this.connected.values()];
  }

  /** Where the API was last reached: the origin of every account's hosted pages. */
  setOrigin(origin: string): void {
    for (const engine of this.all()) engine.store.origin = origin;
  }

  /** Real-time processing (renewals, expiries) of every account, before a request is answered. */
  catchUp(): void {
    for (const engine of this.all()) engine.catchUp();
  }

  /** A connected account's invoice with `application_fee_percent` was paid: the platform's fee (`fee_…`). */
  private collectApplicationFee(account: string, engine: StripeEngine, invoice: Stripe.Invoice): void {
    const subscriptionId = invoice.parent?.subscription_details?.subscription;
    const subscription =
      typeof subscriptionId === 'string' ? engine.store.subscriptions.get(subscriptionId) : undefined;
    const percent = subscription?.application_fee_percent;
    if (!percent || invoice.amount_paid <= 0) return;
    const { store, events } = this.platform;
    const id = newId('fee');
    const intent = engine.invoices.intentOf(invoice);
    const charge = (typeof intent?.latest_charge === 'string' ? intent.latest_charge : null) ?? newId('ch');
    const fee: Stripe.ApplicationFee = {
      id,
      object: 'application_fee',
      account,
      amount: Math.round((invoice.amount_paid * percent) / 100),
      amount_refunded: 0,
      application: 'ca_emulator_platform',
      balance_transaction: null,
      charge,
      created: realNow(),
      currency: invoice.currency,
      fee_source: { charge, type: 'charge' },
      livemode: false,
      originating_transaction: null,
      refunded: false,
      refunds: { object: 'list', data: [], has_more: false, url: `/v1/application_fees/${id}/refunds` },
    };
    store.put(store.applicationFees, fee);
    events.emit('application_fee.created', fee);
  }

  /** The invoice a hosted page's token belongs to, on whichever account it lives. */
  invoiceByPageToken(token: string): { engine: StripeEngine; invoice: Stripe.Invoice } | undefined {
    for (const engine of this.all()) {
      const id = engine.store.invoicePages.get(token);
      const invoice = id ? engine.store.invoices.get(id) : undefined;
      if (invoice) return { engine, invoice };
    }
    return undefined;
  }

  save(): AccountsState {
    return {
      store: this.platform.store.save(),
      accounts: Object.fromEntries([...this.connected].map(([id, engine]) => [id, engine.store.save()])),
      webhooks: this.platform.webhooks.queued(),
    };
  }

  load(saved: AccountsState): void {
    this.reset();
    this.platform.store.load(saved.store);
    for (const [account, store] of Object.entries(saved.accounts ?? {}))
      this.engineOf(account)?.store.load(store);
    this.platform.webhooks.requeue(saved.webhooks, (id) => {
      for (const engine of this.all()) {
        const event = engine.store.events.get(id);
        if (event) return event;
      }
      return undefined;
    });
  }

  reset(): void {
    this.connected.clear();
    this.platform.reset();
  }
}

/** An API key as Stripe quotes it in errors: the start and the last four characters. */
export function maskKey(key: string): string {
  return key.length <= 12
    ? `${key.slice(0, 3)}****`
    : `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}`;
}

/** A fresh connected account: nothing submitted, charges and payouts disabled until onboarding. */
export function newAccount(fields: {
  type: Stripe.Account.Type;
  country: string;
  email: string | null;
  metadata: Record<string, string>;
  created: number;
}): Stripe.Account {
  const controller: Stripe.Account.Controller =
    fields.type === 'standard'
      ? {
          fees: { payer: 'account' },
          is_controller: true,
          losses: { payments: 'stripe' },
          requirement_collection: 'stripe',
          stripe_dashboard: { type: 'full' },
          type: 'application',
        }
      : {
          fees: { payer: 'application' },
          is_controller: true,
          losses: { payments: 'application' },
          requirement_collection: fields.type === 'custom' ? 'application' : 'stripe',
          stripe_dashboard: { type: fields.type === 'custom' ? 'none' : 'express' },
          type: 'application',
        };
  return {
    id: newId('acct'),
    object: 'account',
    business_profile: {
      mcc: null,
      minority_owned_business_designation: null,
      name: null,
      specified_commercial_transactions_act_url: null,
      support_address: null,
      support_email: null,
      support_phone: null,
      support_url: null,
      url: null,
    },
    business_type: null,
    capabilities: { card_payments: 'inactive', transfers: 'inactive' },
    charges_enabled: false,
    controller,
    country: fields.country,
    created: fields.created,
    default_currency: COUNTRY_CURRENCIES[fields.country]!,
    details_submitted: false,
    email: fields.email,
    future_requirements: requirements([]),
    metadata: fields.metadata,
    payouts_enabled: false,
    requirements: requirements(ONBOARDING_REQUIREMENTS),
    settings: {
      branding: { icon: null, logo: null, primary_color: null, secondary_color: null },
      card_payments: {
        decline_on: { avs_failure: false, cvc_failure: false },
        statement_descriptor_prefix: null,
        statement_descriptor_prefix_kana: null,
        statement_descriptor_prefix_kanji: null,
      },
      dashboard: { display_name: null, timezone: 'Etc/UTC' },
      payments: {
        statement_descriptor: null,
        statement_descriptor_kana: null,
        statement_descriptor_kanji: null,
        statement_descriptor_prefix_kana: null,
        statement_descriptor_prefix_kanji: null,
      },
    },
    tos_acceptance: { date: null },
    type: fields.type,
  };
}

/** Onboarding completed: details submitted, charges and payouts on, nothing due. */
export function completeOnboarding(account: Stripe.Account, at: number): void {
  account.details_submitted = true;
  account.charges_enabled = true;
  account.payouts_enabled = true;
  account.capabilities = { card_payments: 'active', transfers: 'active' };
  account.requirements = requirements([]);
  account.tos_acceptance = { date: at };
}

function requirements(due: string[]): Stripe.Account.Requirements {
  return {
    alternatives: [],
    current_deadline: null,
    currently_due: [...due],
    disabled_reason: due.length > 0 ? 'requirements.past_due' : null,
    errors: [],
    eventually_due: [...due],
    past_due: [...due],
    pending_verification: [],
  };
}
