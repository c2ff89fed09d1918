import { Controller, Delete, Get, Param, Post, Query, Req, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiProduces } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { contentDisposition, MultipartFile, ProviderId, Responds, Roles, type Page } from '@tourly/platform';
import { DocumentResponse, DocumentsQuery, IdsQuery, RemovedResponse } from './media.dto';
import { MediaService } from './media.service';

/** 001 §7 Documents: PDFs only (by content), paged newest first, and all of them as one zip. */
@Controller('provider/properties/:id/documents')
@Roles('admin', 'scan_technician', 'member')
export class DocumentsController {
  constructor(private readonly media: MediaService) {}

  @Get()
  @Responds({ page: DocumentResponse })
  list(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Query() query: DocumentsQuery,
  ): Promise<Page<DocumentResponse>> {
    return this.media.documents(providerId, id, query);
  }

  /** multipart `document[file]`: one PDF per request. */
  @Post()
  @MultipartFile('document[file]', 'One PDF (at most 100MB).')
  @Responds(DocumentResponse)
  add(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Req() request: FastifyRequest,
  ): Promise<DocumentResponse> {
    return this.media.addDocument(providerId, id, request.raw);
  }

  @Delete()
  @Responds(RemovedResponse)
  removeMany(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Query() query: IdsQuery,
  ): Promise<RemovedResponse> {
    return this.media.remove(providerId, id, 'document', query.ids, false);
  }

  /**
   * The documents as one zip, streamed: not JSON, so not a @Responds answer; the document says what it is (a
   * binary `application/zip` body), and test/openapi.spec.ts names this route among those that answer bytes.
   */
  @Get('download.zip')
  @ApiProduces('application/zip')
  @ApiOkResponse({
    description: 'A zip of the documents, `attachment; filename="<slug>-documents.zip"`',
    schema: { type: 'string', format: 'binary' },
  })
  async download(@ProviderId() providerId: string, @Param('id') id: string): Promise<StreamableFile> {
    const { filename, stream } = await this.media.documentsZip(providerId, id);
    return new StreamableFile(stream, {
      type: 'application/zip',
      disposition: contentDisposition('attachment', filename),
    });
  }

  @Delete(':documentId')
  @Responds(RemovedResponse)
  remove(
    @ProviderId() providerId: string,
    @Param('id') id: string,
    @Param('documentId') documentId: string,
  ): Promise<RemovedResponse> {
    return this.media.remove(providerId, id, 'document', [documentId], true);
  }
}
