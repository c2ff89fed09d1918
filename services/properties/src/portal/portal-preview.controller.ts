import { Controller, Get, Param, Query } from '@nestjs/common';
import { IdParam, PageQuery, ProviderId, Responds, Roles, type Page } from '@tourly/platform';
import { CLIENT_NOT_FOUND } from '../clients/clients.dto';
import { DocumentResponse, DocumentsQuery, MediaItemResponse } from '../media/media.dto';
import { PortalClientResponse, PortalPropertyResponse } from './portal.dto';
import { PortalService } from './portal.service';

/**
 * "Preview portal" (issue 31): the provider's people read a client's portal exactly as its client users will (the
 * same reads, scoped to the provider and that client), on every plan: the free plan builds and previews the portal,
 * only inviting into it needs an upgrade. Another provider's client: 404.
 */
@Controller('provider/clients/:client_id/portal')
@Roles('admin', 'scan_technician', 'member')
export class PortalPreviewController {
  constructor(private readonly portal: PortalService) {}

  @Get('client')
  @Responds(PortalClientResponse)
  client(
    @ProviderId() providerId: string,
    @Param('client_id', IdParam(CLIENT_NOT_FOUND)) clientId: string,
  ): Promise<PortalClientResponse> {
    return this.portal.client({ providerId, clientId });
  }

  @Get('properties')
  @Responds({ page: PortalPropertyResponse })
  async properties(
    @ProviderId() providerId: string,
    @Param('client_id', IdParam(CLIENT_NOT_FOUND)) clientId: string,
    @Query() query: PageQuery,
  ): Promise<Page<PortalPropertyResponse>> {
    await this.portal.client({ providerId, clientId });
    return this.portal.properties({ providerId, clientId }, query);
  }

  @Get('properties/:id')
  @Responds(PortalPropertyResponse)
  property(
    @ProviderId() providerId: string,
    @Param('client_id', IdParam(CLIENT_NOT_FOUND)) clientId: string,
    @Param('id') id: string,
  ): Promise<PortalPropertyResponse> {
    return this.portal.property({ providerId, clientId }, id);
  }

  @Get('properties/:id/floorplans')
  @Responds([MediaItemResponse])
  floorplans(
    @ProviderId() providerId: string,
    @Param('client_id', IdParam(CLIENT_NOT_FOUND)) clientId: string,
    @Param('id') id: string,
  ): Promise<MediaItemResponse[]> {
    return this.portal.floorplans({ providerId, clientId }, id);
  }

  @Get('properties/:id/documents')
  @Responds({ page: DocumentResponse })
  documents(
    @ProviderId() providerId: string,
    @Param('client_id', IdParam(CLIENT_NOT_FOUND)) clientId: string,
    @Param('id') id: string,
    @Query() query: DocumentsQuery,
  ): Promise<Page<DocumentResponse>> {
    return this.portal.documents({ providerId, clientId }, id, query);
  }
}
