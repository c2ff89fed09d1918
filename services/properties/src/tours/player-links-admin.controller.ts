import { Controller, Get, Param, Query } from '@nestjs/common';
import { IdParam, PageQuery, Responds, Staff, type Page } from '@tourly/platform';
import { PROVIDER_NOT_FOUND } from '../properties/property-scope';
import { AdminTourResponse, AdminToursQuery, PlayerLinkNamespaceResponse } from './player-links.dto';
import { PlayerLinksService, type AdminTourView } from './player-links.service';

/**
 * The back office (002 §7 Administrator): a provider's tours and player link namespaces. Properties does not keep
 * the list of providers: an unknown provider is one without tours, an empty page.
 */
@Controller('admin/providers/:id')
@Staff('platform_admin')
export class PlayerLinksAdminController {
  constructor(private readonly playerLinks: PlayerLinksService) {}

  @Get('tours')
  @Responds({ page: AdminTourResponse })
  tours(
    @Param('id', IdParam(PROVIDER_NOT_FOUND)) providerId: string,
    @Query() query: AdminToursQuery,
  ): Promise<Page<AdminTourView>> {
    return this.playerLinks.adminTours(providerId, query);
  }

  @Get('player_link_namespaces')
  @Responds({ page: PlayerLinkNamespaceResponse })
  namespaces(
    @Param('id', IdParam(PROVIDER_NOT_FOUND)) providerId: string,
    @Query() query: PageQuery,
  ): Promise<Page<PlayerLinkNamespaceResponse>> {
    return this.playerLinks.namespaces(providerId, query);
  }
}
