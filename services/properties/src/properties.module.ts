import { Module } from '@nestjs/common';
import { Geocoder } from './geocoding/geocoder';
import { Matterport } from './matterport/matterport';
import { Plans } from './plans/plans';
import { PremiumTourPayments } from './premium-tours/premium-tour-payments';
import { PremiumToursService } from './premium-tours/premium-tours.service';
import {
  AdminPropertiesController,
  BillingPremiumToursController,
  PlanEventsController,
  PropertiesController,
} from './properties/properties.controller';
import { HeroImages } from './properties/hero-image';
import { PropertiesService } from './properties/properties.service';
import { MediaModule } from './media/media.module';
import { UploadsModule } from './uploads/uploads.module';
import { WebsiteModule } from './website/website.module';

@Module({
  imports: [UploadsModule, MediaModule, WebsiteModule],
  controllers: [
    PropertiesController,
    BillingPremiumToursController,
    AdminPropertiesController,
    PlanEventsController,
  ],
  providers: [
    PropertiesService,
    PremiumToursService,
    PremiumTourPayments,
    Plans,
    Geocoder,
    Matterport,
    HeroImages,
  ],
})
export class PropertiesModule {}
