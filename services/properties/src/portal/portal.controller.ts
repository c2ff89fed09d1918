import { Controller, Get, Param, Query } from '@nestjs/common';
import { ClientScope, PageQuery, Responds, Roles, type Page } from '@tourly/platform';
import { DocumentResponse, DocumentsQuery, MediaItemResponse } from '../media/media.dto';
import { PortalClientResponse, PortalPropertyResponse } from './portal.dto';
import { PortalService } from './portal.service';

/**
 * A client's portal (issue 31): a client user reads its client's properties, their shared tours and published
 * websites, floor plans and documents. Client users only; another client's ids: 404.
 */
@Controller('portal')
@Roles('client_user')
export class PortalController {
  constructor(private readonly portal: PortalService) {}

  @Get('client')
  @Responds(PortalClientResponse)
  client(@ClientScope() scope: ClientScope): Promise<PortalClientResponse> {
    return this.portal.client(scope);
  }

  @Get('properties')
  @Responds({ page: PortalPropertyResponse })
  properties(
    @ClientScope() scope: ClientScope,
    @Query() query: PageQuery,
  ): Promise<Page<PortalPropertyResponse>> {
    return this.portal.properties(scope, query);
  }

  @Get('properties/:id')
  @Responds(PortalPropertyResponse)
  property(@ClientScope() scope: ClientScope, @Param('id') id: string): Promise<PortalPropertyResponse> {
    return this.portal.property(scope, id);
  }

  @Get('properties/:id/floorplans')
  @Responds([MediaItemResponse])
  floorplans(@ClientScope() scope: ClientScope, @Param('id') id: string): Promise<MediaItemResponse[]> {
    return this.portal.floorplans(scope, id);
  }

  @Get('properties/:id/documents')
  @Responds({ page: DocumentResponse })
  documents(
    @ClientScope() scope: ClientScope,
    @Param('id') id: string,
    @Query() query: DocumentsQuery,
  ): Promise<Page<DocumentResponse>> {
    return this.portal.documents(scope, id, query);
  }
}
