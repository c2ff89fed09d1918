import { Injectable } from '@nestjs/common';
import { ApiError, Database, keysetBatches, uuidv7, type Page, type PageQuery } from '@tourly/platform';
import { balanceOf, CreditsService, SYSTEM_ACTOR } from '../credits/credits.service';
import type {
  ProviderRedemptionResponse,
  RedemptionResponse,
  VoucherForm,
  VoucherResponse,
  VouchersQuery,
} from './vouchers.dto';
import {
  VouchersRepository,
  type ProviderRedemptionRow,
  type RedemptionExportKey,
  type RedemptionExportRow,
  type VoucherRow,
} from './vouchers.repository';
import {
  ARCHIVED,
  CODE_TAKEN,
  normalizedCode,
  redemptionRefusal,
  redemptionsFilename,
  REFUSALS,
  VOUCHER_CODE,
  VOUCHER_NOT_FOUND,
  voucherStatus,
  voucherTermsErrors,
  type VoucherTerms,
} from './vouchers.rules';

/** The columns of a voucher's redemptions export, in order. */
export const REDEMPTION_COLUMNS = [
  'providerId',
  'billingName',
  'billingEmail',
  'redeemedAt',
  'redeemedBy',
  'credits',
  'discountPercent',
  'paymentIntentId',
  'usedAt',
] as const satisfies ReadonlyArray<keyof RedemptionExportRow>;

/** A voucher's redemptions as a CSV download: its file name and its rows, read as they are sent. */
export interface RedemptionsExport {
  filename: string;
  rows: AsyncIterable<RedemptionExportRow>;
}

/**
 * Vouchers: the admin's codes (created, changed, archived; what a code gives is fixed once redeemed) and providers'
 * redemptions.
 * A credits voucher grants its credits at once through the ledger (kind `voucher`, its category, its code as the
 * note); a discount voucher waits for the provider's next credits purchase, which claims it (credits' purchases).
 * Redemptions of one voucher queue up on its row lock, so its limit is never passed.
 */
@Injectable()
export class VouchersService {
  constructor(
    private readonly db: Database,
    private readonly vouchers: VouchersRepository,
    private readonly credits: CreditsService,
  ) {}

  async list(query: VouchersQuery): Promise<Page<VoucherResponse>> {
    const page = await this.vouchers.list(query);
    const now = new Date();
    return { ...page, items: page.items.map((row) => voucherOf(row, now)) };
  }

  async get(id: string): Promise<VoucherResponse> {
    return voucherOf(await this.found(id), new Date());
  }

  /** 422 per field (and `base`) for terms that break a rule or a code another voucher has. */
  async create(createdBy: string, form: VoucherForm): Promise<VoucherResponse> {
    const terms = termsOf(form);
    const id = uuidv7();
    await this.db.transaction(async (tx) => {
      const errors = voucherTermsErrors(terms, new Date());
      if (await this.vouchers.codeTaken(tx, terms.code, null)) errors.code = CODE_TAKEN;
      ApiError.refuseAny(errors);
      if (!(await this.vouchers.insert(tx, id, createdBy, terms))) ApiError.refuseAny({ code: CODE_TAKEN });
    });
    return this.get(id);
  }

  /**
   * Replaces the voucher's terms. Once redeemed, its code, credits, discount and category stay, and its limit stays
   * at or above the redemptions so far (read under the voucher's lock, so a redemption cannot slip in between).
   * An archived voucher no longer changes (409).
   */
  async update(id: string, form: VoucherForm): Promise<VoucherResponse> {
    const terms = termsOf(form);
    await codeTakenMeanwhile(
      this.db.transaction(async (tx) => {
        const current = await this.vouchers.lock(tx, id);
        if (!current) throw ApiError.notFound(VOUCHER_NOT_FOUND);
        if (current.archivedAt) throw ApiError.conflict(ARCHIVED);
        const errors = voucherTermsErrors(terms, new Date(), {
          terms: current,
          redemptionsCount: current.redemptionsCount,
        });
        if (!errors.code && (await this.vouchers.codeTaken(tx, terms.code, id))) errors.code = CODE_TAKEN;
        ApiError.refuseAny(errors);
        await this.vouchers.update(tx, id, terms);
      }),
    );
    return this.get(id);
  }

  /** No longer listed or redeemable; its redemptions and the credits they gave stay. Again: the same. */
  async archive(id: string): Promise<VoucherResponse> {
    await this.db.transaction(async (tx) => {
      if (!(await this.vouchers.lock(tx, id))) throw ApiError.notFound(VOUCHER_NOT_FOUND);
      await this.vouchers.archive(tx, id);
    });
    return this.get(id);
  }

  /**
   * The voucher's redemptions for the CSV, read in batches as the download goes (404 first for an unknown voucher;
   * an archived one's too).
   */
  async redemptionsExport(id: string): Promise<RedemptionsExport> {
    const voucher = await this.found(id);
    return {
      filename: redemptionsFilename(voucher.code),
      rows: keysetBatches<RedemptionExportRow, RedemptionExportKey>(
        (after, limit) => this.vouchers.exportBatch(id, after, limit),
        (row) => ({ redeemedAt: row.redeemedAtKey, providerId: row.providerId }),
      ),
    };
  }

  /**
   * The provider redeems a code (case-insensitive). A credits voucher grants at once, in the same transaction; a
   * discount voucher waits for the next credits purchase. Refusals are 422 on `code`, in the page's words.
   */
  async redeem(providerId: string, userId: string | null, typed: string): Promise<RedemptionResponse> {
    const code = normalizedCode(typed);
    if (!VOUCHER_CODE.test(code)) throw ApiError.invalid('code', REFUSALS.invalid);
    const { voucher, granted } = await this.db.transaction(async (tx) => {
      const voucher = await this.vouchers.lockByCode(tx, code);
      if (!voucher) throw ApiError.invalid('code', REFUSALS.invalid);
      const refusal = redemptionRefusal(
        voucher,
        {
          alreadyRedeemed: await this.vouchers.redeemedBy(tx, voucher.id, providerId),
          redemptionsCount: voucher.redemptionsCount,
          discountWaiting:
            voucher.discountPercent !== null && (await this.vouchers.discountWaiting(tx, providerId)),
        },
        new Date(),
      );
      if (refusal) throw ApiError.invalid('code', refusal);
      const recorded = await this.vouchers.redeem(tx, {
        voucherId: voucher.id,
        providerId,
        redeemedBy: userId,
        credits: voucher.credits,
        discountPercent: voucher.discountPercent,
      });
      if (!recorded) throw ApiError.invalid('code', REFUSALS.discountWaiting);
      if (voucher.credits === null) return { voucher, granted: undefined };
      const granted = await this.credits.grant(tx, {
        providerId,
        kind: 'voucher',
        category: voucher.category,
        amount: voucher.credits,
        actor: userId ?? SYSTEM_ACTOR,
        reference: voucher.id,
        note: voucher.code,
      });
      return { voucher, granted };
    });
    return {
      voucher: {
        code: voucher.code,
        description: voucher.description,
        credits: voucher.credits,
        discountPercent: voucher.discountPercent,
      },
      // A discount moves no credits: the balance as it is (read once the voucher's lock is released).
      balance: granted ? balanceOf(granted.balance) : await this.credits.balance(providerId),
    };
  }

  async redemptions(providerId: string, query: PageQuery): Promise<Page<ProviderRedemptionResponse>> {
    const page = await this.vouchers.redemptionsOf(providerId, query);
    return { ...page, items: page.items.map(redemptionOf) };
  }

  private async found(id: string): Promise<VoucherRow> {
    const voucher = await this.vouchers.find(id);
    if (!voucher) throw ApiError.notFound(VOUCHER_NOT_FOUND);
    return voucher;
  }
}

/** The form's terms as stored: the code upper-cased, an empty description none, the category `promotional` unset. */
function termsOf(form: VoucherForm): VoucherTerms {
  return {
    code: form.code,
    description: form.description || null,
    credits: form.credits ?? null,
    discountPercent: form.discountPercent ?? null,
    category: form.category ?? 'promotional',
    redemptionLimit: form.redemptionLimit ?? null,
    expiresAt: form.expiresAt ? new Date(form.expiresAt) : null,
  };
}

/** Another voucher took the code between the check and the change (the unique index said so): 422 `code`. */
async function codeTakenMeanwhile<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const driverError = (error as { driverError?: { code?: string; constraint?: string } }).driverError;
    if (driverError?.code === '23505' && driverError.constraint === 'vouchers_code_uq')
      ApiError.refuseAny({ code: CODE_TAKEN });
    throw error;
  }
}

function voucherOf(row: VoucherRow, now: Date): VoucherResponse {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    credits: row.credits,
    discountPercent: row.discountPercent,
    category: row.category,
    redemptionLimit: row.redemptionLimit,
    redemptionsCount: row.redemptionsCount,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    status: voucherStatus(row, row.redemptionsCount, now),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function redemptionOf(row: ProviderRedemptionRow): ProviderRedemptionResponse {
  return {
    code: row.code,
    description: row.description,
    credits: row.credits,
    discountPercent: row.discountPercent,
    redeemedAt: row.redeemedAt.toISOString(),
    usedAt: row.usedAt?.toISOString() ?? null,
    waiting: row.discountPercent !== null && row.usedAt === null,
  };
}
