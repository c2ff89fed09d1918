import { Controller, Get, Post, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { MultipartFile, ProviderId, Responds, Roles } from '@tourly/platform';
import {
  PresignedUploadResponse,
  PresignQuery,
  TemporaryUploadQuery,
  TemporaryUploadResponse,
} from './uploads.dto';
import { UploadsService } from './uploads.service';

/** 001 §7 "Settings and uploads": files sent ahead of the media that will use them. */
@Controller()
@Roles('admin', 'scan_technician', 'member')
export class UploadsController {
  constructor(private readonly uploads: UploadsService) {}

  /** multipart `temporary_upload[file]` -> 201 `{id, file: {url, content_type, filename, size, ...}}`. */
  @Post('provider/temporary_uploads.json')
  @MultipartFile('temporary_upload[file]', 'The file, streamed to storage (at most 100MB).')
  @Responds(TemporaryUploadResponse)
  create(
    @ProviderId() providerId: string,
    @Req() request: FastifyRequest,
    @Query() query: TemporaryUploadQuery,
  ): Promise<TemporaryUploadResponse> {
    return this.uploads.createTemporary(providerId, request.raw, query.accept);
  }

  /** A presigned PUT straight to storage (this type, this size), and the temporary upload's id to attach once it is sent. */
  @Get('s3/params')
  @Responds(PresignedUploadResponse)
  presign(@ProviderId() providerId: string, @Query() query: PresignQuery): Promise<PresignedUploadResponse> {
    return this.uploads.presign(providerId, query.filename, query.type, query.size);
  }
}
