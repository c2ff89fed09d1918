import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { pageOf, ProviderId, Roles, TakesNoBody } from '@tourly/platform';
import { Matterport } from '../matterport/matterport';
import { PremiumToursService } from '../premium-tours/premium-tours.service';
import {
  CreateProperty,
  DeactivationPreviewQuery,
  PropertiesQuery,
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
  list(@ProviderId() providerId: string, @Query() query: PropertiesQuery) {
    return this.properties.list(providerId, query);
  }

  @Get('matterport_spaces.json')
  async spaces(@Query() query: PropertiesQuery) {
    const { total, models } = await this.matterport.models({
      search: query.search,
      offset: query.offset,
      pageSize: query.pageSize,
    });
    return pageOf(models, total, query);
  }

  @Get('premium_tours/deactivation_preview')
  deactivationPreview(@ProviderId() providerId: string, @Query() query: DeactivationPreviewQuery) {
    return this.premiumTours.deactivationPreview(providerId, query.limit);
  }

  @Post()
  create(@ProviderId() providerId: string, @Body() body: CreateProperty) {
    return this.properties.create(providerId, body.createTourParams);
  }

  @Get(':id')
  get(@ProviderId() providerId: string, @Param('id') id: string) {
    return this.properties.get(providerId, id);
  }

  @Get(':id/hero_image')
  heroImage(@ProviderId() providerId: string, @Param('id') id: string) {
    return this.heroImages.of(providerId, id);
  }

  @Patch(':id')
  update(@ProviderId() providerId: string, @Param('id') id: string, @Body() body: UpdateProperty) {
    return this.properties.update(providerId, id, body.property);
  }

  @Delete(':id')
  remove(@ProviderId() providerId: string, @Param('id') id: string) {
    return this.properties.remove(providerId, id);
  }

  @Get(':id/published_features')
  async publishedFeatures(@ProviderId() providerId: string, @Param('id') id: string) {
    return (await this.properties.get(providerId, id)).publishedFeatures;
  }

  @Put(':id/published_features')
  setPublishedFeatures(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Body() body: UpdatePublishedFeatures,
  ) {
    return this.properties.setPublishedFeatures(providerId, id, body.publishedFeatures, body);
  }

  @Post(':id/preview_publish')
  @HttpCode(200)
  previewPublish(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Body() body: UpdatePublishedFeatures,
  ) {
    return this.properties.previewPublish(providerId, id, body.publishedFeatures);
  }

  /** Ends the tour's premium place (and its payment, if paid on its own): it turns basic and is no longer shared. */
  @Post(':id/unpublish_immex_subscription')
  @TakesNoBody()
  @HttpCode(200)
  unpublishPremium(@ProviderId() providerId: string, @Param('id') id: string) {
    return this.properties.setPublishedFeatures(providerId, id, { tour: false, premium: false });
  }
}
