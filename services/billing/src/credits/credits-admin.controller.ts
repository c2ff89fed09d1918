import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { Caller, IdParam, PageQuery, Responds, Staff, type Page } from '@tourly/platform';
import {
  CreditAdjustmentForm,
  CreditAdjustmentResponse,
  CreditBalanceResponse,
  LedgerEntryResponse,
} from './credits.dto';
import { adminOf } from '../admin/admin-changes';
import { CreditsService } from './credits.service';

const providerId = () => IdParam('Provider not found');

/** The back office's view of a provider's credits (000 §7 "Admin billing"). */
@Controller('admin/providers/:id')
@Staff('platform_admin')
export class CreditsAdminController {
  constructor(private readonly credits: CreditsService) {}

  @Get('available_credit_balance')
  @Responds(CreditBalanceResponse)
  balance(@Param('id', providerId()) id: string): Promise<CreditBalanceResponse> {
    return this.credits.balance(id);
  }

  @Get('credit_adjustments')
  @Responds({ page: LedgerEntryResponse })
  adjustments(
    @Param('id', providerId()) id: string,
    @Query() query: PageQuery,
  ): Promise<Page<LedgerEntryResponse>> {
    return this.credits.history(id, 'adjustments', query);
  }

  /** Credits given (or taken back) by an admin, with one of the fourteen categories. */
  @Post('credit_adjustments')
  @Responds(CreditAdjustmentResponse)
  adjust(
    @Param('id', providerId()) id: string,
    @Caller() caller: Caller,
    @Body() form: CreditAdjustmentForm,
  ): Promise<CreditAdjustmentResponse> {
    return this.credits.adjust(id, adminOf(caller), form);
  }
}
