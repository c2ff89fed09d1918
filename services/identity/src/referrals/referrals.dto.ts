import { ApiProperty } from '@nestjs/swagger';
import { IsoDate, OptionalEmail } from '@tourly/platform';

/** `GET /admin/referrers/referrals_export.zip`: referrals made in a period, of one referrer's providers if asked. */
export class ReferralsExportQuery {
  /** From this day (or instant), inclusive. */
  @IsoDate({ optional: true })
  startDate?: string;

  /** Up to the end of this day (or this instant). */
  @IsoDate({ optional: true })
  endDate?: string;

  /** Only the referrals of the providers this person is a member of. */
  @OptionalEmail()
  email?: string;
}

export class ReferralLinkResponse {
  @ApiProperty({ description: 'the provider’s referral code', example: '3f9a1c07b2d4' })
  code!: string;

  @ApiProperty({
    description:
      'the sign-up link to share: whoever signs up through it is recorded as referred by the provider',
    example: 'https://app.example.com/users/sign_up?referral_code=3f9a1c07b2d4',
  })
  url!: string;

  @ApiProperty({ description: 'how many people signed up through it' })
  referred!: number;
}
