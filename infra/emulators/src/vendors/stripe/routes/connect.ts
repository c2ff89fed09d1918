import type Stripe from 'stripe';
import { COUNTRY_CURRENCIES, newAccount, type StripeAccounts } from '../accounts';
import { CONNECT_PAGES } from '../connect-pages';
import type { StripeEngine } from '../engine';
import { invalidParam, invalidRequest, missingParam } from '../errors';
import { snapshot } from '../events';
import type { Call, Route } from '../http';
import { newId, randomToken } from '../ids';
import { mergeMetadata, type Params } from '../params';
import { inRange, paginate } from '../present';
import { realNow } from '../time';
import { equals, where } from './common';

/** How long an account link works, as Stripe's (a few minutes; a new one is made from `refresh_url`). */
export const ACCOUNT_LINK_TTL_SECONDS = 300;

const ACCOUNT_TYPES = ['standard', 'express', 'custom'] as const;
const NOT_A_PLATFORM =
  'Only Stripe Connect platforms can work with other accounts. If you specified a client_id parameter, make sure it is correct. If you need to setup a Stripe Connect platform, you can do so at https://dashboard.stripe.com/account/applications/settings.';

/** Connect (accounts, account links, application fees), tax rates and invoice voiding, on the request's account. */
export function connectRoutes(engine: StripeEngine, accounts: StripeAccounts): Route[] {
  const { store, events } = engine;
  const platform = accounts.platform.store;

  /** Accounts are the platform's: a connected account (itself no platform) cannot create or read others. */
  const platformOnly = () => {
    if (store.account !== null) throw invalidRequest(NOT_A_PLATFORM);
  };
  const accountOf = (id: string, call: Call) => {
    if (store.account !== null && store.account !== id) throw invalidRequest(NOT_A_PLATFORM);
    accounts.engineFor(id, call.apiKey);
    return platform.accounts.get(id)!;
  };
  const taxRate = (id: string) => store.get(store.taxRates, id, 'tax rate');

  return [
    {
      method: 'POST',
      url: '/accounts',
      handler: ({ params }) => {
        platformOnly();
        const type = params.oneOf('type', ACCOUNT_TYPES);
        if (!type) throw missingParam('type');
        const country = (params.str('country') ?? 'US').toUpperCase();
        if (!COUNTRY_CURRENCIES[country]) {
          throw invalidParam(
            `Country '${country}' is unknown. Try using a 2-character alphanumeric country code instead, such as 'US', 'EG', or 'GB'. A full list of country codes is available at https://www.iso.org/iso-3166-country-codes.html`,
            'country',
          );
        }
        const account = newAccount({
          type,
          country,
          email: emailOf(params),
          metadata: mergeMetadata({}, params.metadata()),
          created: realNow(),
        });
        const currency = params.str('default_currency')?.toLowerCase();
        if (currency !== undefined) {
          if (!/^[a-z]{3}$/.test(currency))
            throw invalidParam(`Invalid currency: ${currency}.`, 'default_currency');
          account.default_currency = currency;
        }
        platform.put(platform.accounts, account);
        return account;
      },
    },
    { method: 'GET', url: '/accounts/:id', handler: (call) => accountOf(call.path.id!, call) },
    {
      method: 'POST',
      url: '/accounts/:id',
      handler: (call) => {
        const account = accountOf(call.path.id!, call);
        const before = snapshot(account);
        const email = emailOf(call.params);
        if (email !== null) account.email = email;
        account.metadata = mergeMetadata(account.metadata ?? {}, call.params.metadata());
        accounts.engineOf(account.id)!.events.emitUpdated('account.updated', account, before);
        return account;
      },
    },
    {
      method: 'POST',
      url: '/account_links',
      handler: (call) => {
        platformOnly();
        const { params } = call;
        const account = accountOf(params.reqStr('account'), call);
        const type = params.oneOf('type', ['account_onboarding', 'account_update'] as const);
        if (!type) throw missingParam('type');
        if (type === 'account_update' && account.controller?.requirement_collection !== 'application') {
          throw invalidParam(
            `You cannot create \`account_update\` type Account Links for accounts whose requirements Stripe collects (this one is ${account.type}).`,
            'type',
          );
        }
        const refreshUrl = urlParam(params, 'refresh_url');
        const returnUrl = urlParam(params, 'return_url');
        const created = realNow();
        const token = randomToken(32);
        platform.accountLinks.set(token, {
          account: account.id,
          type,
          refreshUrl,
          returnUrl,
          expiresAt: created + ACCOUNT_LINK_TTL_SECONDS,
          used: false,
        });
        const link: Stripe.AccountLink = {
          object: 'account_link',
          created,
          expires_at: created + ACCOUNT_LINK_TTL_SECONDS,
          url: `${platform.origin}${CONNECT_PAGES}/setup/${token}`,
        };
        return link;
      },
    },
    {
      method: 'GET',
      url: '/application_fees',
      handler: ({ params }) => {
        const items = where(
          store.applicationFees.values(),
          equals(params.str('charge'), (fee) => fee.charge),
          (fee) => inRange(fee.created, params, 'created'),
        );
        return paginate(store.newestFirst(items), params, '/v1/application_fees');
      },
    },
    {
      method: 'GET',
      url: '/application_fees/:id',
      handler: ({ path }) => store.get(store.applicationFees, path.id!, 'application fee'),
    },
    {
      method: 'POST',
      url: '/tax_rates',
      handler: ({ params }) => {
        const displayName = params.reqStr('display_name');
        checkLength(displayName, 50, 'display_name');
        if (!params.has('percentage')) throw missingParam('percentage');
        const percentage = params.num('percentage')!;
        if (percentage < 0)
          throw invalidParam('This value must be greater than or equal to 0.', 'percentage');
        if (percentage > 100)
          throw invalidParam('This value must be less than or equal to 100.', 'percentage');
        const inclusive = params.bool('inclusive');
        if (inclusive === undefined) throw missingParam('inclusive');
        const rate: Stripe.TaxRate = {
          id: newId('txr'),
          object: 'tax_rate',
          active: params.bool('active') ?? true,
          country: countryOf(params),
          created: realNow(),
          description: params.str('description') ?? null,
          display_name: displayName,
          effective_percentage: percentage,
          flat_amount: null,
          inclusive,
          jurisdiction: jurisdictionOf(params) ?? null,
          jurisdiction_level: null,
          livemode: false,
          metadata: mergeMetadata({}, params.metadata()),
          percentage,
          rate_type: 'percentage',
          state: params.str('state') ?? null,
          tax_type: (params.str('tax_type') as Stripe.TaxRate.TaxType | undefined) ?? null,
        };
        store.put(store.taxRates, rate);
        events.emit('tax_rate.created', rate);
        return rate;
      },
    },
    {
      method: 'GET',
      url: '/tax_rates',
      handler: ({ params }) => {
        const items = where(
          store.taxRates.values(),
          equals(params.bool('active'), (rate) => rate.active),
          equals(params.bool('inclusive'), (rate) => rate.inclusive),
          (rate) => inRange(rate.created, params, 'created'),
        );
        return paginate(store.newestFirst(items), params, '/v1/tax_rates');
      },
    },
    { method: 'GET', url: '/tax_rates/:id', handler: ({ path }) => taxRate(path.id!) },
    {
      method: 'POST',
      url: '/tax_rates/:id',
      handler: ({ path, params }) => {
        const rate = taxRate(path.id!);
        const before = snapshot(rate);
        const displayName = params.str('display_name');
        if (displayName !== undefined) {
          if (displayName === '') throw missingParam('display_name');
          checkLength(displayName, 50, 'display_name');
          rate.display_name = displayName;
        }
        rate.active = params.bool('active') ?? rate.active;
        if (params.has('country')) rate.country = countryOf(params);
        const description = params.nullableStr('description');
        if (description !== undefined) rate.description = description;
        const jurisdiction = jurisdictionOf(params);
        if (jurisdiction !== undefined) rate.jurisdiction = jurisdiction;
        const state = params.nullableStr('state');
        if (state !== undefined) rate.state = state;
        const taxType = params.nullableStr('tax_type');
        if (taxType !== undefined) rate.tax_type = taxType as Stripe.TaxRate.TaxType | null;
        rate.metadata = mergeMetadata(rate.metadata ?? {}, params.metadata());
        events.emitUpdated('tax_rate.updated', rate, before);
        return rate;
      },
    },
    {
      method: 'POST',
      url: '/invoices/:id/void',
      handler: ({ path }) => engine.invoices.voidOpen(store.invoice(path.id!)),
    },
  ];
}

function emailOf(params: Params): string | null {
  const email = params.str('email');
  if (email === undefined || email === '') return null;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw invalidParam(`Invalid email address: ${email}`, 'email', 'email_invalid');
  return email;
}

function urlParam(params: Params, key: string): string {
  const value = params.reqStr(key);
  if (!/^https?:\/\/[^\s/]+/.test(value)) throw invalidParam('Not a valid URL', key, 'url_invalid');
  return value;
}

function countryOf(params: Params): string | null {
  const country = params.nullableStr('country');
  if (!country) return null;
  if (!/^[A-Za-z]{2}$/.test(country)) {
    throw invalidParam(
      `Country '${country}' is unknown. Try using a 2-character alphanumeric country code instead, such as 'US', 'EG', or 'GB'. A full list of country codes is available at https://www.iso.org/iso-3166-country-codes.html`,
      'country',
    );
  }
  return country.toUpperCase();
}

function jurisdictionOf(params: Params): string | null | undefined {
  const jurisdiction = params.nullableStr('jurisdiction');
  if (jurisdiction) checkLength(jurisdiction, 50, 'jurisdiction');
  return jurisdiction;
}

function checkLength(value: string, max: number, param: string): void {
  if (value.length > max)
    throw invalidParam(`Invalid string: ${value}; must be at most ${max} characters`, param);
}
