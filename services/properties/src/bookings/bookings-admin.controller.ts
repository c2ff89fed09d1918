import { Controller, Get, Param, Query } from '@nestjs/common';
import { IdParam, PageQuery, pageOf, Responds, Staff, type Page } from '@tourly/platform';
import { PROVIDER_NOT_FOUND } from '../properties/property-scope';
import { AdminBookingResponse } from './bookings.dto';

/**
 * A provider's bookings in the back office (002 §7 Administrator). Bookings do not exist in the platform yet: the
 * route answers an empty page (not a 404), so the console's tab works now and fills once bookings are built.
 */
@Controller('admin/providers/:id/bookings')
@Staff('platform_admin')
export class BookingsAdminController {
  @Get()
  @Responds({ page: AdminBookingResponse })
  list(
    @Param('id', IdParam(PROVIDER_NOT_FOUND)) _providerId: string,
    @Query() query: PageQuery,
  ): Page<AdminBookingResponse> {
    return pageOf<AdminBookingResponse>([], 0, query);
  }
}
