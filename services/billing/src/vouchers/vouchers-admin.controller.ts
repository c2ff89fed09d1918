import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Caller, Responds, sendCsv, Staff, toSnake, type Page } from '@tourly/platform';
import { voucherId, VoucherForm, VoucherResponse, VouchersQuery } from './vouchers.dto';
import { REDEMPTION_COLUMNS, VouchersService } from './vouchers.service';

/**
 * The back office's vouchers (000 §7 "vouchers"), as react-admin's simple REST data provider reads them: the flat
 * record in, the record with its `id` out (create, update and delete alike); and each voucher's redemptions as CSV.
 */
@Controller('admin/vouchers')
@Staff('platform_admin')
export class VouchersAdminController {
  constructor(private readonly vouchers: VouchersService) {}

  @Get()
  @Responds({ page: VoucherResponse })
  list(@Query() query: VouchersQuery): Promise<Page<VoucherResponse>> {
    return this.vouchers.list(query);
  }

  /**
   * The voucher's redemptions, streamed as CSV (not JSON: the document says what it is, text/csv); an unknown or
   * malformed id answers the JSON 404 before anything is sent.
   */
  @Get(':id.csv')
  @ApiProduces('text/csv')
  @ApiOkResponse({
    description:
      'The redemptions, oldest first: `attachment; filename="voucher-<CODE>-redemptions.csv"`, a header row, then ' +
      `${REDEMPTION_COLUMNS.length} columns (provider_id, billing_name, billing_email, redeemed_at, redeemed_by, ` +
      'credits, discount_percent, payment_intent_id, used_at)',
    schema: { type: 'string' },
  })
  async csv(@Param('id', voucherId()) id: string, @Res() reply: FastifyReply): Promise<void> {
    const { filename, rows } = await this.vouchers.redemptionsExport(id);
    sendCsv(reply, { filename, columns: CSV_COLUMNS, rows });
  }

  @Get(':id')
  @Responds(VoucherResponse)
  get(@Param('id', voucherId()) id: string): Promise<VoucherResponse> {
    return this.vouchers.get(id);
  }

  @Post()
  @Responds(VoucherResponse)
  create(@Caller() caller: Caller, @Body() form: VoucherForm): Promise<VoucherResponse> {
    return this.vouchers.create(caller.userId ?? 'system', form);
  }

  @Put(':id')
  @Responds(VoucherResponse)
  update(@Param('id', voucherId()) id: string, @Body() form: VoucherForm): Promise<VoucherResponse> {
    return this.vouchers.update(id, form);
  }

  /** Archives it: no longer listed or redeemable; its redemptions and the credits they gave stay. */
  @Delete(':id')
  @Responds(VoucherResponse)
  archive(@Param('id', voucherId()) id: string): Promise<VoucherResponse> {
    return this.vouchers.archive(id);
  }
}

/** The CSV's headers: the wire's snake_case names of the columns. */
const CSV_COLUMNS = REDEMPTION_COLUMNS.map((key) => ({ key, header: toSnake(key) }));
