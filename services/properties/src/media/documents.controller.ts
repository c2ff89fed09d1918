import { Controller, Delete, Get, Param, Post, Query, Req, StreamableFile } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { MultipartFile, ProviderId, Roles } from '@tourly/platform';
import { contentDisposition } from '../storage/storage';
import { DocumentsQuery, IdsQuery } from './media.dto';
import { asDocument } from './media.rules';
import { MediaService } from './media.service';

/** 001 §7 Documents: PDFs only (by content), paged newest first, and all of them as one zip. */
@Controller('provider/properties/:id/documents')
@Roles('admin', 'scan_technician', 'member')
export class DocumentsController {
  constructor(private readonly media: MediaService) {}

  @Get()
  async list(@ProviderId() providerId: string, @Param('id') id: string, @Query() query: DocumentsQuery) {
    const page = await this.media.page(providerId, id, 'document', query);
    return { ...page, items: page.items.map(asDocument) };
  }

  /** multipart `document[file]`: one PDF per request. */
  @Post()
  @MultipartFile('document[file]', 'One PDF (at most 100MB).')
  async add(@ProviderId() providerId: string, @Param('id') id: string, @Req() request: FastifyRequest) {
    return asDocument(await this.media.addDocument(providerId, id, request.raw));
  }

  @Delete()
  removeMany(@ProviderId() providerId: string, @Param('id') id: string, @Query() query: IdsQuery) {
    return this.media.remove(providerId, id, 'document', query.ids, false);
  }

  @Get('download.zip')
  async download(@ProviderId() providerId: string, @Param('id') id: string) {
    const { filename, stream } = await this.media.documentsZip(providerId, id);
    return new StreamableFile(stream, {
      type: 'application/zip',
      disposition: contentDisposition('attachment', filename),
    });
  }

  @Delete(':documentId')
  remove(@ProviderId() providerId: string, @Param('id') id: string, @Param('documentId') documentId: string) {
    return this.media.remove(providerId, id, 'document', [documentId], true);
  }
}
