import { Body, Controller, Delete, Get, Param, Post, Put, Query, Req, UseGuards } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  ClientScope,
  clientAddressKey,
  IdParam,
  PageQuery,
  ProviderId,
  Public,
  Responds,
  Roles,
  Staff,
  TakesNoBody,
  type Page,
} from '@tourly/platform';
import { CLIENT_NOT_FOUND } from '../clients/clients.dto';
import { PublicRateLimit } from '../player/public-rate-limit.guard';
import { PROVIDER_NOT_FOUND } from '../properties/property-scope';
import { VisitorLimits, type VisitorLimit } from '../visitors/visitor-limits';
import { BookingPagesService } from './booking-pages.service';
import {
  AddressQuery,
  AddressSuggestionResponse,
  AdminBookingResponse,
  AvailabilityQuery,
  AvailabilityResponse,
  BOOKING_NOT_FOUND,
  BOOKING_SERVICE_NOT_FOUND,
  BookingPageResponse,
  BookingReceivedResponse,
  BookingResponseBody,
  BookingServiceResponse,
  BookingsQuery,
  CalendarQuery,
  CalendarResponse,
  CancelBooking,
  CreateBooking,
  MEMBER_NOT_FOUND,
  PortalBookingResponse,
  PublicBookingPageResponse,
  RemovedResponse,
  SaveBookingMember,
  SaveBookingPage,
  SaveBookingService,
  UpdateBooking,
} from './bookings.dto';
import { BookingsService } from './bookings.service';

/** Address look-ups one connection may make in ten minutes: a person typing, never a script. */
const ADDRESS_LOOKUPS: VisitorLimit = { bucket: 'booking_address', limit: 60, windowSeconds: 600 };
const TOO_MANY_LOOKUPS = 'Too many address look-ups. Please wait a few minutes, or type the full address.';

/** A slug is never longer than this; anything that is not one names no page. */
const SlugParam = () =>
  Param('slug', {
    transform: (value: unknown) => {
      if (typeof value !== 'string' || !/^[a-z0-9-]{3,60}$/i.test(value)) return '';
      return value.toLowerCase();
    },
  });

/**
 * The provider's booking page (issue 31): its wording and address, the services it offers, who takes bookings
 * when, publishing, and a preview of the form. Everyone in the team reads it; admins set it up.
 */
@Controller('provider/booking_page')
@Roles('admin', 'scan_technician', 'member')
export class BookingPageController {
  constructor(private readonly pages: BookingPagesService) {}

  @Get()
  @Responds(BookingPageResponse)
  get(@ProviderId() providerId: string): Promise<BookingPageResponse> {
    return this.pages.page(providerId);
  }

  @Put()
  @Roles('admin')
  @Responds(BookingPageResponse)
  save(@ProviderId() providerId: string, @Body() body: SaveBookingPage): Promise<BookingPageResponse> {
    return this.pages.savePage(providerId, body.bookingPage);
  }

  @Post('publish')
  @Roles('admin')
  @TakesNoBody()
  @Responds(BookingPageResponse)
  publish(@ProviderId() providerId: string): Promise<BookingPageResponse> {
    return this.pages.publish(providerId, true);
  }

  @Post('unpublish')
  @Roles('admin')
  @TakesNoBody()
  @Responds(BookingPageResponse)
  unpublish(@ProviderId() providerId: string): Promise<BookingPageResponse> {
    return this.pages.publish(providerId, false);
  }

  @Post('services')
  @Roles('admin')
  @Responds(BookingServiceResponse)
  addService(
    @ProviderId() providerId: string,
    @Body() body: SaveBookingService,
  ): Promise<BookingServiceResponse> {
    return this.pages.addService(providerId, body.bookingService);
  }

  @Put('services/:id')
  @Roles('admin')
  @Responds(BookingServiceResponse)
  updateService(
    @ProviderId() providerId: string,
    @Param('id', IdParam(BOOKING_SERVICE_NOT_FOUND)) id: string,
    @Body() body: SaveBookingService,
  ): Promise<BookingServiceResponse> {
    return this.pages.updateService(providerId, id, body.bookingService);
  }

  @Delete('services/:id')
  @Roles('admin')
  @Responds(RemovedResponse)
  removeService(
    @ProviderId() providerId: string,
    @Param('id', IdParam(BOOKING_SERVICE_NOT_FOUND)) id: string,
  ): Promise<RemovedResponse> {
    return this.pages.removeService(providerId, id);
  }

  @Put('members/:userId')
  @Roles('admin')
  @Responds(BookingPageResponse)
  setMember(
    @ProviderId() providerId: string,
    @Param('userId', IdParam(MEMBER_NOT_FOUND)) userId: string,
    @Body() body: SaveBookingMember,
  ): Promise<BookingPageResponse> {
    return this.pages.setMember(providerId, userId, body.bookingMember);
  }

  @Delete('members/:userId')
  @Roles('admin')
  @Responds(BookingPageResponse)
  removeMember(
    @ProviderId() providerId: string,
    @Param('userId', IdParam(MEMBER_NOT_FOUND)) userId: string,
  ): Promise<BookingPageResponse> {
    return this.pages.removeMember(providerId, userId);
  }

  /** The form as agents will see it, published or not (000 §6: free plans build and preview it). */
  @Get('preview')
  @Responds(PublicBookingPageResponse)
  async preview(@ProviderId() providerId: string): Promise<PublicBookingPageResponse> {
    return this.pages.publicView(await this.pages.own(providerId));
  }

  @Get('preview/addresses')
  @Responds([AddressSuggestionResponse])
  previewAddresses(@Query() query: AddressQuery): Promise<AddressSuggestionResponse[]> {
    return this.pages.addresses(query.q);
  }

  @Get('preview/availability')
  @Responds(AvailabilityResponse)
  async previewAvailability(
    @ProviderId() providerId: string,
    @Query() query: AvailabilityQuery,
  ): Promise<AvailabilityResponse> {
    return this.pages.availability(await this.pages.own(providerId), query);
  }
}

/** 002 §7 "Provider: bookings": the bookings agents made, the calendar, and the provider's answers. */
@Controller('provider/bookings')
@Roles('admin', 'scan_technician', 'member')
export class ProviderBookingsController {
  constructor(private readonly bookings: BookingsService) {}

  /** The list (by start time, earliest first), of a period and a status when given. */
  @Get()
  @Responds({ page: BookingResponseBody })
  list(@ProviderId() providerId: string, @Query() query: BookingsQuery): Promise<Page<BookingResponseBody>> {
    return this.bookings.list(providerId, query);
  }

  @Get('calendar')
  @Responds(CalendarResponse)
  calendar(@ProviderId() providerId: string, @Query() query: CalendarQuery): Promise<CalendarResponse> {
    return this.bookings.calendar(providerId, query.month);
  }

  @Get(':id')
  @Responds(BookingResponseBody)
  get(
    @ProviderId() providerId: string,
    @Param('id', IdParam(BOOKING_NOT_FOUND)) id: string,
  ): Promise<BookingResponseBody> {
    return this.bookings.get(providerId, id);
  }

  @Post(':id/update_from_dashboard')
  @Responds(BookingResponseBody)
  update(
    @ProviderId() providerId: string,
    @Param('id', IdParam(BOOKING_NOT_FOUND)) id: string,
    @Body() body: UpdateBooking,
  ): Promise<BookingResponseBody> {
    return this.bookings.update(providerId, id, body.providerPropertiesUpdateBookingForm);
  }

  @Post(':id/mark_as_invoiced')
  @TakesNoBody()
  @Responds(BookingResponseBody)
  markInvoiced(
    @ProviderId() providerId: string,
    @Param('id', IdParam(BOOKING_NOT_FOUND)) id: string,
  ): Promise<BookingResponseBody> {
    return this.bookings.markInvoiced(providerId, id);
  }

  @Post(':id/cancel_from_dashboard')
  @Responds(BookingResponseBody)
  cancel(
    @ProviderId() providerId: string,
    @Param('id', IdParam(BOOKING_NOT_FOUND)) id: string,
    @Body() body: CancelBooking,
  ): Promise<BookingResponseBody> {
    return this.bookings.cancel(providerId, id, body.reason);
  }
}

/**
 * The public booking form (issue 31): on the platform's host, the provider's subdomain or its own domain. Its reads
 * are limited per client address as the player's are.
 */
@Controller('booking_pages/:slug')
@Public()
@UseGuards(PublicRateLimit)
export class PublicBookingController {
  constructor(
    private readonly pages: BookingPagesService,
    private readonly bookings: BookingsService,
    private readonly visitorLimits: VisitorLimits,
  ) {}

  @Get()
  @Responds(PublicBookingPageResponse)
  async page(@SlugParam() slug: string): Promise<PublicBookingPageResponse> {
    return this.pages.publicView(await this.pages.open(slug));
  }

  @Get('availability')
  @Responds(AvailabilityResponse)
  async availability(
    @SlugParam() slug: string,
    @Query() query: AvailabilityQuery,
  ): Promise<AvailabilityResponse> {
    return this.pages.availability(await this.pages.open(slug), query);
  }

  /** Suggestions for the address field (000 §2 "Address autocomplete"). */
  @Get('addresses')
  @Responds([AddressSuggestionResponse])
  async addresses(
    @SlugParam() slug: string,
    @Query() query: AddressQuery,
    @Req() request: FastifyRequest,
  ): Promise<AddressSuggestionResponse[]> {
    await this.pages.open(slug);
    await this.visitorLimits.hit(ADDRESS_LOOKUPS, clientAddressKey(request.ip), TOO_MANY_LOOKUPS);
    return this.pages.addresses(query.q);
  }

  @Post('bookings')
  @Responds(BookingReceivedResponse)
  async create(
    @SlugParam() slug: string,
    @Body() body: CreateBooking,
    @Req() request: FastifyRequest,
  ): Promise<BookingReceivedResponse> {
    return this.bookings.receive(await this.pages.open(slug), body.booking, request.ip);
  }
}

/** A client's bookings in its portal (issue 31): client users only, their own client's. */
@Controller('portal/bookings')
@Roles('client_user')
export class PortalBookingsController {
  constructor(private readonly bookings: BookingsService) {}

  @Get()
  @Responds({ page: PortalBookingResponse })
  list(@ClientScope() scope: ClientScope, @Query() query: PageQuery): Promise<Page<PortalBookingResponse>> {
    return this.bookings.clientBookings(scope, query);
  }
}

/** The provider's preview of a client's portal: its bookings, as the client's users will see them. */
@Controller('provider/clients/:client_id/portal/bookings')
@Roles('admin', 'scan_technician', 'member')
export class PortalBookingsPreviewController {
  constructor(private readonly bookings: BookingsService) {}

  @Get()
  @Responds({ page: PortalBookingResponse })
  list(
    @ProviderId() providerId: string,
    @Param('client_id', IdParam(CLIENT_NOT_FOUND)) clientId: string,
    @Query() query: PageQuery,
  ): Promise<Page<PortalBookingResponse>> {
    return this.bookings.clientBookings({ providerId, clientId }, query, { checkClient: true });
  }
}

/** A provider's bookings in the back office (002 §7 Administrator), newest shoot first. */
@Controller('admin/providers/:id/bookings')
@Staff('platform_admin')
export class BookingsAdminController {
  constructor(private readonly bookings: BookingsService) {}

  @Get()
  @Responds({ page: AdminBookingResponse })
  list(
    @Param('id', IdParam(PROVIDER_NOT_FOUND)) providerId: string,
    @Query() query: PageQuery,
  ): Promise<Page<AdminBookingResponse>> {
    return this.bookings.adminList(providerId, query);
  }
}
