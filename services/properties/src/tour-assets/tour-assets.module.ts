import { Module } from '@nestjs/common';
import { CONFIG } from '@tourly/platform';
import { StorageModule } from '@tourly/platform/storage';
import type { PropertiesConfig } from '../config';
import { MediaModule } from '../media/media.module';
import { PlansModule } from '../plans/plans.module';
import { PlayerModule } from '../player/player.module';
import { UploadsModule } from '../uploads/uploads.module';
import { ImageProxyController } from './img-proxy.controller';
import { ImageProxyService } from './img-proxy.service';
import { LinkMetadataController } from './link-metadata.controller';
import { LocationImagesController } from './location-images.controller';
import { LocationImagesRepository } from './location-images.repository';
import { OverlayTemplatesController } from './overlay-templates.controller';
import { OverlayTemplatesRepository } from './overlay-templates.repository';
import { TourAssetsService } from './tour-assets.service';
import { PublicTourMetadataController } from './tour-metadata-public.controller';
import { TourLinksRepository } from './tour-links.repository';
import { INTERNET, NETWORK, WebPages, type Network } from './web-pages';

@Module({
  imports: [StorageModule, UploadsModule, MediaModule, PlansModule, PlayerModule],
  controllers: [
    OverlayTemplatesController,
    LocationImagesController,
    LinkMetadataController,
    PublicTourMetadataController,
    ImageProxyController,
  ],
  providers: [
    TourAssetsService,
    ImageProxyService,
    OverlayTemplatesRepository,
    LocationImagesRepository,
    TourLinksRepository,
    { provide: NETWORK, useValue: INTERNET },
    {
      provide: WebPages,
      inject: [NETWORK, CONFIG],
      useFactory: (network: Network, config: PropertiesConfig) =>
        new WebPages(network, {
          showcaseHost: new URL(config.MATTERPORT_SHOWCASE_URL).hostname,
          ownDomains: config.OWN_DOMAINS.split(',').map((domain) => domain.trim().toLowerCase()),
          appHost: new URL(config.APP_URL).hostname,
        }),
    },
  ],
  // The guarded reader of other hosts' files, for the Sketchfab import's downloads.
  exports: [WebPages],
})
export class TourAssetsModule {}
