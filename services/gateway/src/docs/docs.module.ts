import { Module } from '@nestjs/common';
import { ApiDocsController } from './api-docs.controller';
import { ApiDocsService } from './api-docs.service';

/** `GET /api/docs`: every service's OpenAPI document merged into one. */
@Module({
  controllers: [ApiDocsController],
  providers: [ApiDocsService],
})
export class DocsModule {}
