import { Module } from '@nestjs/common';
import { AnalyticsModule } from './analytics/analytics.module';
import { AudioToursPublicModule } from './audio-tours/audio-tours-public.module';
import { AudioToursModule } from './audio-tours/audio-tours.module';
import { GuidedToursModule } from './guided-tours/guided-tours.module';
import { AvatarsModule } from './avatars/avatars.module';
import { BookingsModule } from './bookings/bookings.module';
import {
  ProviderClientsAdminController,
  ProviderClientsController,
  ProviderContactsController,
} from './clients/clients.controller';
import { ClientsListener } from './clients/clients.listener';
import { ClientsService } from './clients/clients.service';
import { CustomTagsModule } from './custom-tags/custom-tags.module';
import { Geocoder } from './geocoding/geocoder';
import { HostingToursModule } from './hosting/hosting-tours.module';
import { AutoPopulation } from './matterport/auto-population';
import { AutoPopulationListener } from './matterport/auto-population.listener';
import { AutoPopulationRepository } from './matterport/auto-population.repository';
import { Matterport } from './matterport/matterport';
import { MatterportPlansListener } from './matterport/matterport-plans.listener';
import { MatterportModels } from './matterport/matterport-models.service';
import { MatterportController } from './matterport/matterport.controller';
import { MediaModule } from './media/media.module';
import { PlansModule } from './plans/plans.module';
import { PlayerModule } from './player/player.module';
import { PortalModule } from './portal/portal.module';
import { PremiumToursModule } from './premium-tours/premium-tours.module';
import { LeadsModule } from './leads/leads.module';
import { HeroImages } from './properties/hero-image';
import { PropertiesDataModule } from './properties/properties-data.module';
import { AdminPropertiesController } from './properties/properties-admin.controller';
import { BillingPremiumToursController } from './properties/properties-billing.controller';
import { PropertiesController } from './properties/properties.controller';
import { PropertiesListener } from './properties/properties.listener';
import { PropertiesService } from './properties/properties.service';
import { SketchfabModule } from './sketchfab/sketchfab.module';
import { DigitalTwinModule } from './digital-twin/digital-twin.module';
import { SegmentationModule } from './segmentation/segmentation.module';
import { StagingImportsModule } from './staging/imports/staging-imports.module';
import { StagingScenesModule } from './staging/scenes/staging-scenes.module';
import { StagingModule } from './staging/staging.module';
import { TourAssetsModule } from './tour-assets/tour-assets.module';
import { ToursModule } from './tours/tours.module';
import { UploadsModule } from './uploads/uploads.module';
import { WebsiteModule } from './website/website.module';
import { WayfindingModule } from './wayfinding/wayfinding.module';
import { WelcomeScreensModule } from './welcome-screens/welcome-screens.module';

/**
 * The service: the properties feature itself (its controllers and service, which every other feature's module
 * below it serves) and the feature modules.
 */
@Module({
  imports: [
    PropertiesDataModule,
    PlansModule,
    PremiumToursModule,
    UploadsModule,
    MediaModule,
    WebsiteModule,
    TourAssetsModule,
    ToursModule,
    LeadsModule,
    PlayerModule,
    BookingsModule,
    PortalModule,
    AvatarsModule,
    HostingToursModule,
    AnalyticsModule,
    WayfindingModule,
    WelcomeScreensModule,
    CustomTagsModule,
    AudioToursModule,
    AudioToursPublicModule,
    GuidedToursModule,
    StagingModule,
    StagingScenesModule,
    StagingImportsModule,
    SketchfabModule,
    DigitalTwinModule,
    SegmentationModule,
  ],
  controllers: [
    PropertiesController,
    BillingPremiumToursController,
    AdminPropertiesController,
    ProviderClientsAdminController,
    ProviderClientsController,
    ProviderContactsController,
    ClientsListener,
    PropertiesListener,
    MatterportController,
    MatterportPlansListener,
    AutoPopulationListener,
  ],
  providers: [
    PropertiesService,
    ClientsService,
    Geocoder,
    Matterport,
    MatterportModels,
    HeroImages,
    AutoPopulation,
    AutoPopulationRepository,
  ],
})
export class PropertiesModule {}
