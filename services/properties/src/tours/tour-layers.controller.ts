import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import type { TourLayers } from '@tourly/contracts';
import { ProviderId, Responds, Roles } from '@tourly/platform';
import {
  DraftResponse,
  OverlayItemModels,
  PreviewQuery,
  PublishLayers,
  UpdateDraft,
  UpdateMenu,
  UpdateWelcomeScreen,
  WelcomeScreenAnswer,
} from './tour-layers.dto';
import { TourLayersService, type DraftView, type TourPreview } from './tour-layers.service';
import { TourPreviewResponse } from './tour-view.dto';

/**
 * 001 §3, §7: a tour's layers. Every edit goes to the draft; visitors see the published layers, which publishing
 * replaces in one statement.
 */
@Controller('provider/virtual_tours')
@OverlayItemModels()
@Roles('admin', 'scan_technician', 'member')
export class TourLayersController {
  constructor(private readonly layers: TourLayersService) {}

  @Put('layers/publish')
  @Responds(DraftResponse)
  publish(@ProviderId() providerId: string, @Body() body: PublishLayers): Promise<DraftView> {
    return this.layers.publish(providerId, body.propertySlug, body.publish ?? true);
  }

  @Get(':id/draft')
  @Responds(DraftResponse)
  draft(@ProviderId() providerId: string, @Param('id') id: string): Promise<DraftView> {
    return this.layers.draft(providerId, id);
  }

  @Put(':id/draft')
  @Responds(DraftResponse)
  saveDraft(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Body() body: UpdateDraft,
  ): Promise<DraftView> {
    return this.layers.saveDraft(providerId, id, body.draft.state);
  }

  @Delete(':id/draft')
  @Responds(DraftResponse)
  dropDraft(@ProviderId() providerId: string, @Param('id') id: string): Promise<DraftView> {
    return this.layers.dropDraft(providerId, id);
  }

  @Put(':id/menu')
  @Responds(DraftResponse)
  menu(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Body() body: UpdateMenu,
  ): Promise<DraftView> {
    return this.layers.saveMenu(providerId, id, body.menu);
  }

  @Get(':id/overlay_welcome_screen')
  @Responds(WelcomeScreenAnswer)
  async welcomeScreen(
    @ProviderId() providerId: string,
    @Param('id') id: string,
  ): Promise<{ overlayWelcomeScreen: TourLayers['welcomeScreen'] }> {
    return { overlayWelcomeScreen: await this.layers.welcomeScreen(providerId, id) };
  }

  @Post(':id/overlay_welcome_screen')
  @HttpCode(200)
  @Responds(WelcomeScreenAnswer)
  async saveWelcomeScreen(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Body() body: UpdateWelcomeScreen,
  ): Promise<{ overlayWelcomeScreen: TourLayers['welcomeScreen'] }> {
    return {
      overlayWelcomeScreen: await this.layers.saveWelcomeScreen(providerId, id, body.overlayWelcomeScreen),
    };
  }

  @Get(':id/preview')
  @Responds(TourPreviewResponse)
  preview(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Query() query: PreviewQuery,
  ): Promise<TourPreview> {
    return this.layers.preview(providerId, id, query.state ?? 'draft');
  }
}
