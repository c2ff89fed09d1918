import { Controller, Get } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public, RawResponse } from '@tourly/platform';
import type { MergedDocument } from './api-docs.rules';
import { ApiDocsService } from './api-docs.service';

/** The public API's document: it is not a route of itself, so it stays out of the document it serves. */
@ApiExcludeController()
@Controller('api/docs')
@Public()
@RawResponse()
export class ApiDocsController {
  constructor(private readonly docs: ApiDocsService) {}

  @Get()
  document(): Promise<MergedDocument> {
    return this.docs.document();
  }
}
