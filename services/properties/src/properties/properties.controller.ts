import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { type Page, pageOf, ProviderId, Reads, Responds, Roles, TakesNoBody } from '@tourly/platform';
import { Matterport } from '../matterport/matterport';
import { PremiumToursService } from '../premium-tours/premium-tours.service';
import {
  CreateProperty,
  DeactivationPreviewQuery,
  DeactivationPreviewResponse,
  DeletedPropertyResponse,
  HeroImageResponse,
  MatterportSpaceResponse,
  PropertiesQuery,
  PropertyResponse,
  PublishedFeaturesResponse,
  PublishedPropertyResponse,
  PublishPreviewResponse,
  UpdateProperty,
  UpdatePublishedFeatures,
} from './properties.dto';
import { HeroImages } from './hero-image';
import { PropertiesService } from './properties.service';

/** Provider-side people manage properties (identity's account permissions); client users see shared ones elsewhere. */
@Controller('provider/properties')
@Roles('admin', 'scan_technician', 'member')
export class PropertiesController {
  constructor(
    private readonly properties: PropertiesService,
    private readonly premiumTours: PremiumToursService,
    private readonly matterport: Matterport,
    private readonly heroImages: HeroImages,
  ) {}

  @Get()
  @Responds({ page: PropertyResponse })
  list(@ProviderId() providerId: string, @Query() query: PropertiesQuery): Promise<Page<PropertyResponse>> {
    return this.properties.list(providerId, query);
  }

  @Get('matterport_spaces.json')
  @Responds({ page: MatterportSpaceResponse })
  async spaces(
    @ProviderId() providerId: string,
    @Query() query: PropertiesQuery,
  ): Promise<Page<MatterportSpaceResponse>> {
    // The provider's own account's models (none without one), its numbered pages as offsets into Matterport's list.
    const { total, models } = await this.matterport.models(providerId, {
      search: query.search,
      offset: String(query.offset),
      pageSize: query.pageSize,
    });
    return pageOf(models, total, query);
  }

  @Get('premium_tours/deactivation_preview')
  @Responds(DeactivationPreviewResponse)
  deactivationPreview(
    @ProviderId() providerId: string,
    @Query() query: DeactivationPreviewQuery,
  ): Promise<DeactivationPreviewResponse> {
    return this.premiumTours.deactivationPreview(providerId, query.limit);
  }

  @Post()
  @Responds(PropertyResponse)
  create(@ProviderId() providerId: string, @Body() body: CreateProperty): Promise<PropertyResponse> {
    return this.properties.create(providerId, body.createTourParams);
  }

  @Get(':id')
  @Responds(PropertyResponse)
  get(@ProviderId() providerId: string, @Param('id') id: string): Promise<PropertyResponse> {
    return this.properties.get(providerId, id);
  }

  @Get(':id/hero_image')
  @Responds(HeroImageResponse)
  heroImage(@ProviderId() providerId: string, @Param('id') id: string): Promise<HeroImageResponse> {
    return this.heroImages.of(providerId, id);
  }

  @Patch(':id')
  @Responds(PropertyResponse)
  update(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Body() body: UpdateProperty,
  ): Promise<PropertyResponse> {
    return this.properties.update(providerId, id, body.property);
  }

  @Delete(':id')
  @Responds(DeletedPropertyResponse)
  remove(@ProviderId() providerId: string, @Param('id') id: string): Promise<DeletedPropertyResponse> {
    return this.properties.remove(providerId, id);
  }

  @Get(':id/published_features')
  @Responds(PublishedFeaturesResponse)
  async publishedFeatures(
    @ProviderId() providerId: string,
    @Param('id') id: string,
  ): Promise<PublishedFeaturesResponse> {
    return (await this.properties.get(providerId, id)).publishedFeatures;
  }

  @Put(':id/published_features')
  @Responds(PublishedPropertyResponse)
  setPublishedFeatures(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Body() body: UpdatePublishedFeatures,
  ): Promise<PublishedPropertyResponse> {
    return this.properties.setPublishedFeatures(providerId, id, body.publishedFeatures, body);
  }

  @Post(':id/preview_publish')
  @Reads()
  @HttpCode(200)
  @Responds(PublishPreviewResponse)
  previewPublish(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Body() body: UpdatePublishedFeatures,
  ): Promise<PublishPreviewResponse> {
    return this.properties.previewPublish(providerId, id, body.publishedFeatures);
  }

  /** Ends the tour's premium place (and its payment, if paid on its own): it turns basic and is no longer shared. */
  @Post(':id/unpublish_immex_subscription')
  @TakesNoBody()
  @HttpCode(200)
  @Responds(PublishedPropertyResponse)
  unpublishPremium(
    @ProviderId() providerId: string,
    @Param('id') id: string,
  ): Promise<PublishedPropertyResponse> {
    return this.properties.setPublishedFeatures(providerId, id, { tour: false, premium: false });
  }
}
