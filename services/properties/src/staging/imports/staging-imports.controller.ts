import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { Caller, IdParam, PageQuery, Responds, Staff, type Page } from '@tourly/platform';
import { BULK_UPLOAD_HELP, BulkUpload, ImportResponse, ImportWithRowsResponse } from './staging-imports.dto';
import { IMPORT_MESSAGES } from './staging-imports.rules';
import { StagingImportsService } from './staging-imports.service';

/**
 * 002 §7 Administrator, staging assets' bulk upload (`csv.url`), and its progress: the imports and each one's rows
 * (not shown in the spec; the console follows an import on them).
 */
@Controller('admin/vt_staging')
@Staff('platform_admin')
export class StagingImportsController {
  constructor(private readonly imports: StagingImportsService) {}

  /** 202: the file is read and its rows checked; the models are downloaded in the background. */
  @Post('assets/bulk_upload')
  @HttpCode(202)
  @ApiOperation({ description: BULK_UPLOAD_HELP })
  @Responds(ImportWithRowsResponse)
  upload(@Caller() caller: Caller, @Body() body: BulkUpload): Promise<ImportWithRowsResponse> {
    return this.imports.upload(caller, body.csv.url);
  }

  @Get('asset/imports.json')
  @Responds({ page: ImportResponse })
  list(@Query() query: PageQuery): Promise<Page<ImportResponse>> {
    return this.imports.list(query);
  }

  @Get('asset/imports/:id.json')
  @Responds(ImportWithRowsResponse)
  one(@Param('id', IdParam(IMPORT_MESSAGES.importNotFound)) id: string): Promise<ImportWithRowsResponse> {
    return this.imports.one(id);
  }
}
