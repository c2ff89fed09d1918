import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { ApiError, Database, LOGGER, type Logger } from '@tourly/platform';
import { BillingAccountsRepository } from '../accounts/billing-accounts.repository';
import { Payments } from '../payments/payments.port';
import { isMissing, stripeCall } from '../payments/stripe-errors';
import { ACCOUNT_LINK_ORIGINS } from '../portal/customer-portal.rules';
import { ReturnUrls } from '../portal/return-urls';
import type {
  AccountLinkRequest,
  AccountLinkResponse,
  MerchantAccountResponse,
  TaxRateForm,
  TaxRateResponse,
  TaxRatesQuery,
  TaxRatesResponse,
} from './hosting.dto';
import { MERCHANT_ACCOUNT_FIRST, merchantAccountState, merchantAccountStatus } from './hosting.rules';
import { MerchantAccountsRepository, type MerchantAccountRow } from './merchant-accounts.repository';

const taxRateOf = (rate: Stripe.TaxRate): TaxRateResponse => ({
  id: rate.id,
  displayName: rate.display_name,
  percentage: rate.percentage,
  inclusive: rate.inclusive,
  country: rate.country ?? null,
  jurisdiction: rate.jurisdiction ?? null,
  description: rate.description ?? null,
  active: rate.active,
  created: new Date(rate.created * 1000).toISOString(),
});

/**
 * The provider's merchant account: its own Stripe account (Standard, connected to the platform), made on the first
 * onboarding link and kept as Stripe's account.updated says; and the tax rates on it.
 */
@Injectable()
export class MerchantAccountService {
  constructor(
    private readonly db: Database,
    private readonly merchantAccounts: MerchantAccountsRepository,
    private readonly billingAccounts: BillingAccountsRepository,
    private readonly returnUrls: ReturnUrls,
    private readonly payments: Payments,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async show(providerId: string): Promise<MerchantAccountResponse> {
    const account = await this.merchantAccounts.find(providerId);
    return {
      status: merchantAccountStatus(account),
      accountId: account?.stripeAccountId ?? null,
      chargesEnabled: account?.chargesEnabled ?? false,
      payoutsEnabled: account?.payoutsEnabled ?? false,
      detailsSubmitted: account?.detailsSubmitted ?? false,
      requirementsDue: account?.requirementsDue ?? [],
      country: account?.country ?? null,
      defaultCurrency: account?.defaultCurrency ?? null,
      applicationFeePercent: await this.billingAccounts.hostingFee(providerId),
    };
  }

  /** A link to Stripe's onboarding of the provider's account, made the first time. */
  async accountLink(providerId: string, request: AccountLinkRequest): Promise<AccountLinkResponse> {
    const returnUrl = await this.returnUrls.resolve(
      providerId,
      ACCOUNT_LINK_ORIGINS[request.cameFrom ?? 'billing'],
      request.returnUrl,
    );
    const account = (await this.merchantAccounts.find(providerId)) ?? (await this.create(providerId));
    const link = await stripeCall(() =>
      this.payments.createAccountLink({
        account: account.stripeAccountId,
        type: 'account_onboarding',
        // An expired link leads back to the same page, which asks for a new one.
        refresh_url: returnUrl,
        return_url: returnUrl,
      }),
    );
    return { url: link.url };
  }

  /** The account, once it can charge its customers; 409 otherwise. */
  async requireActive(providerId: string): Promise<MerchantAccountRow> {
    const account = await this.merchantAccounts.find(providerId);
    if (!account || merchantAccountStatus(account) !== 'active')
      throw ApiError.conflict(MERCHANT_ACCOUNT_FIRST);
    return account;
  }

  async taxRates(providerId: string, query: TaxRatesQuery): Promise<TaxRatesResponse> {
    const account = await this.requireActive(providerId);
    const page = await this.onAccount(() =>
      this.payments.taxRates(account.stripeAccountId, {
        limit: query.limit,
        ...(query.startingAfter && { starting_after: query.startingAfter }),
      }),
    );
    return { items: page.data.map(taxRateOf), hasMore: page.has_more };
  }

  async createTaxRate(providerId: string, form: TaxRateForm): Promise<TaxRateResponse> {
    const account = await this.requireActive(providerId);
    const rate = await stripeCall(() =>
      this.payments.createTaxRate(account.stripeAccountId, {
        display_name: form.displayName,
        percentage: form.percentage,
        inclusive: form.inclusive,
        ...(form.country && { country: form.country }),
        ...(form.jurisdiction && { jurisdiction: form.jurisdiction }),
        ...(form.description && { description: form.description }),
      }),
    );
    return taxRateOf(rate);
  }

  /** Which of these tax rates are active rates of the account (the others missing or archived). */
  async activeTaxRates(stripeAccountId: string, ids: string[]): Promise<boolean> {
    for (const id of ids) {
      try {
        const rate = await stripeCall(() => this.payments.taxRate(stripeAccountId, id));
        if (!rate.active) return false;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    }
    return true;
  }

  /** Reads the account again from Stripe (an account.updated came) and keeps what it says now. */
  async refresh(stripeAccountId: string): Promise<void> {
    const account = await stripeCall(() => this.payments.account(stripeAccountId));
    if (!(await this.merchantAccounts.update(stripeAccountId, merchantAccountState(account)))) {
      this.logger.debug({ stripeAccountId }, 'account.updated for an account billing did not make');
    }
  }

  private async create(providerId: string): Promise<MerchantAccountRow> {
    const billing = await this.billingAccounts.find(providerId);
    const account = await stripeCall(() =>
      this.payments.createAccount(
        {
          type: 'standard',
          ...(billing && { country: billing.country, email: billing.email }),
          metadata: { provider_id: providerId },
        },
        `merchant-account:${providerId}`,
      ),
    );
    await this.db.transaction((tx) =>
      this.merchantAccounts.insert(tx, providerId, account.id, merchantAccountState(account)),
    );
    return (await this.merchantAccounts.find(providerId))!;
  }

  /** A cursor Stripe does not know (another account's, or made up) is the caller's mistake: 422. */
  private async onAccount<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await stripeCall(call);
    } catch (error) {
      if (isMissing(error)) throw ApiError.invalid('startingAfter', 'is not a tax rate of your account');
      throw error;
    }
  }
}
