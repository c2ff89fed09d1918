import { Body, Controller, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { ProviderId, Responds, Roles } from '@tourly/platform';
import {
  PlayerLinkResponse,
  UpdateBranding,
  UpdateLeadGate,
  UpdateMedia,
  UpdatePassword,
  UpdatePrimaryModel,
  UpdateSetup,
} from './player-links.dto';
import { PlayerLinksService, type PlayerLinkView } from './player-links.service';

/**
 * 001 §7 "Virtual tours and player links": a property's player link, made at its first read, and its settings;
 * each change answers the whole link.
 */
@Controller('provider')
@Roles('admin', 'scan_technician', 'member')
export class PlayerLinksController {
  constructor(private readonly playerLinks: PlayerLinksService) {}

  @Get('properties/:id/player_link')
  @Responds(PlayerLinkResponse)
  get(@ProviderId() providerId: string, @Param('id') propertyId: string): Promise<PlayerLinkView> {
    return this.playerLinks.get(providerId, propertyId);
  }

  @Post('player_links/:id/update_player_link_branding')
  @HttpCode(200)
  @Responds(PlayerLinkResponse)
  branding(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Body() body: UpdateBranding,
  ): Promise<PlayerLinkView> {
    return this.playerLinks.updateBranding(
      providerId,
      id,
      body.providerPropertiesUpdatePlayerLinkBrandingForm,
      body.providerClientHasChanged === '1',
    );
  }

  @Put('player_links/:id/update_media')
  @Responds(PlayerLinkResponse)
  media(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Body() body: UpdateMedia,
  ): Promise<PlayerLinkView> {
    return this.playerLinks.updateMedia(providerId, id, body.playerLinkMedia);
  }

  @Post('player_links/:id/update_primary_model')
  @HttpCode(200)
  @Responds(PlayerLinkResponse)
  primaryModel(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Body() body: UpdatePrimaryModel,
  ): Promise<PlayerLinkView> {
    return this.playerLinks.updatePrimaryModel(providerId, id, body.playerLink.modelSource);
  }

  @Post('player_links/:id/update_setup')
  @HttpCode(200)
  @Responds(PlayerLinkResponse)
  setup(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Body() body: UpdateSetup,
  ): Promise<PlayerLinkView> {
    return this.playerLinks.updateSetup(providerId, id, body.playerLinkSetup);
  }

  @Put('player_links/:id/update_lead_gate')
  @Responds(PlayerLinkResponse)
  leadGate(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Body() body: UpdateLeadGate,
  ): Promise<PlayerLinkView> {
    return this.playerLinks.updateLeadGate(providerId, id, body.playerLink.leadGateSweeps);
  }

  @Patch('properties/:id/update_player_link_password')
  @Responds(PlayerLinkResponse)
  password(
    @ProviderId() providerId: string,
    @Param('id') propertyId: string,
    @Body() body: UpdatePassword,
  ): Promise<PlayerLinkView> {
    return this.playerLinks.updatePassword(providerId, propertyId, body.playerLink);
  }
}
