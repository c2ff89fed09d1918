import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { Caller, Responds, Staff, type Page } from '@tourly/platform';
import { CreditBundleForm, CreditBundleResponse, CreditBundlesQuery } from './credit-bundles.dto';
import { adminOf } from '../admin/admin-changes';
import { CreditsService } from './credits.service';

/**
 * The back office's credit bundles (000 §7 "Admin billing"): the credits that came in, of one provider or of all,
 * and the bundles an admin gives. react-admin's create takes the answer as the record.
 */
@Controller('admin')
@Staff('platform_admin')
export class CreditBundlesAdminController {
  constructor(private readonly credits: CreditsService) {}

  /** Newest first: purchases, bundles given, vouchers, offers and adjustments that gave credits. */
  @Get('credit_bundles.json')
  @Responds({ page: CreditBundleResponse })
  list(@Query() query: CreditBundlesQuery): Promise<Page<CreditBundleResponse>> {
    return this.credits.bundles(query.providerId ?? null, query);
  }

  /** Gives the provider a bundle of credits (a `grant` ledger row by this admin). */
  @Post('credit_bundles.json')
  @Responds(CreditBundleResponse)
  give(@Caller() caller: Caller, @Body() form: CreditBundleForm): Promise<CreditBundleResponse> {
    return this.credits.giveBundle(adminOf(caller), form);
  }
}
