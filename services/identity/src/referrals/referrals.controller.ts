import { Controller, Get, Query, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiProduces } from '@nestjs/swagger';
import { contentDisposition, ProviderId, Responds, Roles, Staff } from '@tourly/platform';
import { ReferralLinkResponse, ReferralsExportQuery } from './referrals.dto';
import { ReferralsService } from './referrals.service';

/** Administrators' export of who referred whom (002 §7 "Administrator"). */
@Controller('admin/referrers')
@Staff('platform_admin')
export class ReferralsAdminController {
  constructor(private readonly referrals: ReferralsService) {}

  @Get('referrals_export.zip')
  @ApiProduces('application/zip')
  @ApiOkResponse({
    description:
      'A zip of `referrals.csv` (referred_at, referrer_provider, referrer_code, referred_email, referred_name, ' +
      'referred_provider, provider_set_up_at) and `referrers.csv` (referrer_provider, referrer_code, admin_emails, ' +
      'referrals, providers_set_up), `attachment; filename="referrals-<start>-to-<end>.zip"`',
    schema: { type: 'string', format: 'binary' },
  })
  export(@Query() query: ReferralsExportQuery): StreamableFile {
    const { filename, stream } = this.referrals.export(query);
    return new StreamableFile(stream, {
      type: 'application/zip',
      disposition: contentDisposition('attachment', filename),
    });
  }
}

/** The provider's own referral link, on its settings page. */
@Controller('provider/settings')
@Roles('admin', 'scan_technician', 'member')
export class ReferralLinkController {
  constructor(private readonly referrals: ReferralsService) {}

  @Get('referral')
  @Responds(ReferralLinkResponse)
  link(@ProviderId() providerId: string): Promise<ReferralLinkResponse> {
    return this.referrals.link(providerId);
  }
}
