import { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import archiver from 'archiver';
import { ApiError, CONFIG, csvStream, keysetBatches, LOGGER, periodOf, type Logger } from '@tourly/platform';
import type { IdentityConfig } from '../config';
import type { ReferralLinkResponse, ReferralsExportQuery } from './referrals.dto';
import {
  ReferralsRepository,
  type ReferralKey,
  type ReferralRow,
  type ReferrerRow,
} from './referrals.repository';

/** The web's sign-up page, which sends the code it is opened with along with the sign-up. */
const SIGN_UP_PAGE = '/users/sign_up';

const REFERRAL_COLUMNS = [
  { key: 'referredAt', header: 'referred_at' },
  { key: 'referrerProvider', header: 'referrer_provider' },
  { key: 'referrerCode', header: 'referrer_code' },
  { key: 'referredEmail', header: 'referred_email' },
  { key: 'referredName', header: 'referred_name' },
  { key: 'referredProvider', header: 'referred_provider' },
  { key: 'providerSetUpAt', header: 'provider_set_up_at' },
] as const satisfies ReadonlyArray<{ key: keyof ReferralRow; header: string }>;

const REFERRER_COLUMNS = [
  { key: 'referrerProvider', header: 'referrer_provider' },
  { key: 'referrerCode', header: 'referrer_code' },
  { key: 'adminEmails', header: 'admin_emails' },
  { key: 'referrals', header: 'referrals' },
  { key: 'providersSetUp', header: 'providers_set_up' },
] as const satisfies ReadonlyArray<{ key: keyof ReferrerRow; header: string }>;

/** Who referred whom (issue 18): each provider's sign-up link, and the administrators' export. */
@Injectable()
export class ReferralsService {
  constructor(
    private readonly referrals: ReferralsRepository,
    @Inject(CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async link(providerId: string): Promise<ReferralLinkResponse> {
    const link = await this.referrals.linkOf(providerId);
    if (!link) throw ApiError.notFound('Provider not found');
    const url = new URL(SIGN_UP_PAGE, this.config.APP_URL);
    url.searchParams.set('referral_code', link.code);
    return { code: link.code, url: url.toString(), referred: link.referred };
  }

  /**
   * The export: a zip of `referrals.csv` (each person referred in the period, oldest first) and `referrers.csv`
   * (each referrer of those, with its counts), streamed as it is read. 422 for a period that ends before it starts.
   */
  export(query: ReferralsExportQuery): { filename: string; stream: Readable } {
    const { from, before } = periodOf(query.startDate, query.endDate);
    if (from && before && before <= from) throw ApiError.invalid('endDate', 'must not be before start_date');
    const filter = { from: from ?? null, before: before ?? null, email: query.email ?? null };
    const archive = archiver('zip', { store: true });
    archive.append(
      csvStream(
        REFERRAL_COLUMNS,
        keysetBatches(
          (after: ReferralKey | undefined, limit) => this.referrals.referralsAfter(filter, after, limit),
          (row) => ({ at: row.keyAt, userId: row.referredUserId }),
        ),
      ),
      { name: 'referrals.csv' },
    );
    archive.append(csvStream(REFERRER_COLUMNS, this.referrers(filter)), { name: 'referrers.csv' });
    void archive.finalize().catch((error: unknown) => {
      this.logger.warn({ err: error }, 'referrals export cut short');
      archive.abort();
    });
    const period = [query.startDate?.slice(0, 10) ?? 'start', query.endDate?.slice(0, 10) ?? 'now'].join(
      '-to-',
    );
    return { filename: `referrals-${period}.zip`, stream: archive };
  }

  private async *referrers(
    filter: Parameters<ReferralsRepository['referrers']>[0],
  ): AsyncGenerator<ReferrerRow> {
    yield* await this.referrals.referrers(filter);
  }
}
