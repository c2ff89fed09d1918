import { ApiProperty } from '@nestjs/swagger';
import { OptionalOneOf, OptionalString } from '@tourly/platform';
import { PORTAL_ORIGINS, type PortalOrigin } from './customer-portal.rules';

/** `GET /provider/billing/customer_portal_link?came_from=&return_url=` (000 §7: the portal link's two keys). */
export class CustomerPortalQuery {
  /** The page the person opens the portal from; the way back leads there unless `return_url` says otherwise. */
  @OptionalOneOf(Object.keys(PORTAL_ORIGINS) as PortalOrigin[])
  cameFrom?: PortalOrigin;

  /** A page of this site (whole, or a path) the portal's "return" link leads to. */
  @OptionalString(2000)
  returnUrl?: string;
}

export class CustomerPortalLinkResponse {
  @ApiProperty({
    description: "Stripe's customer portal for the provider: open it now, it expires within minutes",
  })
  url!: string;
}
