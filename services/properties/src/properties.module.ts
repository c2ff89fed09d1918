import { Module } from '@nestjs/common';
import { Geocoder } from './geocoding/geocoder';
import { Matterport } from './matterport/matterport';
import { Plans } from './plans/plans';
import { ProviderPlansRepository } from './plans/provider-plans.repository';
import { PremiumTourPayments } from './premium-tours/premium-tour-payments';
import { PremiumToursService } from './premium-tours/premium-tours.service';
import {
  AdminPropertiesController,
  BillingPremiumToursController,
  PlanEventsController,
  PropertiesController,
} from './properties/properties.controller';
import { HeroImages } from './properties/hero-image';
import { PropertiesDataModule } from './properties/properties-data.module';
import { PropertiesService } from './properties/properties.service';
import { MediaModule } from './media/media.module';
import { UploadsModule } from './uploads/uploads.module';
import { WebsiteModule } from './website/website.module';

@Module({
  imports: [PropertiesDataModule, UploadsModule, MediaModule, WebsiteModule],
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
    ProviderPlansRepository,
    Geocoder,
    Matterport,
    HeroImages,
  ],
})
export class PropertiesModule {}
