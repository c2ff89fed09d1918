import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventEnvelope } from '@tourly/contracts';
import { EventContext, IdParam, pageOf, ProviderId, Roles, Staff, TakesNoBody } from '@tourly/platform';
import { PROPERTY_NOT_FOUND } from './property-scope';
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

/** The billing page's "premium tours" section (000 §4): which tours take the plan's places, and which are paid apart. */
@Controller('provider/billing/premium_tours')
@Roles('admin')
export class BillingPremiumToursController {
  constructor(private readonly properties: PropertiesService) {}

  @Get()
  list(@ProviderId() providerId: string, @Query() query: PropertiesQuery) {
    query.filters = { ...query.filters, tourType: 'premium' };
    return this.properties.list(providerId, query);
  }
}

/** The back office restores what a provider deleted by mistake. */
@Controller('admin/properties')
@Staff('platform_admin')
export class AdminPropertiesController {
  constructor(private readonly properties: PropertiesService) {}

  @Post(':id/restore')
  @TakesNoBody()
  @HttpCode(200)
  restore(@Param('id', IdParam(PROPERTY_NOT_FOUND)) id: string) {
    return this.properties.restore(id);
  }
}

/** What properties learns from billing. */
@Controller()
export class PlanEventsController {
  constructor(private readonly premiumTours: PremiumToursService) {}

  /**
   * The plan in force, and everything it decides (premium tours beyond its limit, publishing on the free plan), in
   * one transaction. `billing.subscription.downgraded.v1` is not consumed: it comes with this event, in the same
   * billing transaction, and acting on both, each on its own consumer in whichever order they arrive, made the
   * outcome depend on that order.
   */
  @EventPattern('billing.subscription.changed.v1')
  async onPlanChanged(
    @Payload() event: EventEnvelope<'billing.subscription.changed.v1'>,
    @Ctx() context: EventContext,
  ) {
    await this.premiumTours.applyPlanChange(
      event.data,
      { occurredAt: event.occurredAt, eventId: event.id },
      context.tx,
    );
  }

  @EventPattern('billing.immersive_extension.changed.v1')
  async onExtensionChanged(
    @Payload() event: EventEnvelope<'billing.immersive_extension.changed.v1'>,
    @Ctx() context: EventContext,
  ) {
    await this.premiumTours.applyExtensionChange(event.data, event.occurredAt, context.tx);
  }
}
