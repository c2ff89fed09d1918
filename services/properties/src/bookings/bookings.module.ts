import { Module } from '@nestjs/common';
import { Mailer } from '@tourly/platform';
import { Geocoder } from '../geocoding/geocoder';
import { PlansModule } from '../plans/plans.module';
import { PropertiesDataModule } from '../properties/properties-data.module';
import { VisitorLimits } from '../visitors/visitor-limits';
import { BookingPagesService } from './booking-pages.service';
import {
  BookingPageController,
  BookingsAdminController,
  PortalBookingsController,
  PortalBookingsPreviewController,
  ProviderBookingsController,
  PublicBookingController,
} from './bookings.controller';
import { BookingsListener } from './bookings.listener';
import { BookingsRepository } from './bookings.repository';
import { BookingsService } from './bookings.service';

/** Bookings (issue 31): the provider's booking page, the public form, and the bookings agents make. */
@Module({
  imports: [PropertiesDataModule, PlansModule],
  controllers: [
    BookingPageController,
    ProviderBookingsController,
    PublicBookingController,
    BookingsAdminController,
    PortalBookingsController,
    PortalBookingsPreviewController,
    BookingsListener,
  ],
  providers: [BookingPagesService, BookingsService, BookingsRepository, Geocoder, Mailer, VisitorLimits],
})
export class BookingsModule {}
