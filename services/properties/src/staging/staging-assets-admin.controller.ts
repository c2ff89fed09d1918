import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Caller, IdParam, MultipartFile, Responds, Staff, type Page } from '@tourly/platform';
import {
  AssetLogResponse,
  AssetLogsQuery,
  AssetResponse,
  AssetsQuery,
  CategoryResponse,
  MODEL_FIELD,
  MODEL_FIELD_HELP,
  UpdateAsset,
} from './staging-assets.dto';
import { STAGING_MESSAGES } from './staging-assets.rules';
import { StagingAssetsService } from './staging-assets.service';

/**
 * 002 §7 Administrator, staging assets: the platform's library curated (every provider's uploads seen too), and the
 * log of who did what to which asset.
 */
@Controller('admin/vt_staging')
@Staff('platform_admin')
export class StagingAssetsAdminController {
  constructor(private readonly assets: StagingAssetsService) {}

  @Get('assets.json')
  @Responds({ page: AssetResponse })
  list(@Query() query: AssetsQuery): Promise<Page<AssetResponse>> {
    return this.assets.allAssets(query);
  }

  @Get('asset/categories.json')
  @Responds([CategoryResponse])
  categories(): Promise<CategoryResponse[]> {
    return this.assets.categories();
  }

  /** multipart, as the provider's upload: a new asset of the platform's library. */
  @Post('assets')
  @MultipartFile(MODEL_FIELD, MODEL_FIELD_HELP)
  @Responds(AssetResponse)
  create(@Caller() caller: Caller, @Req() request: FastifyRequest): Promise<AssetResponse> {
    return this.assets.create(caller, null, request.raw);
  }

  @Patch('assets/:id')
  @Responds(AssetResponse)
  update(
    @Caller() caller: Caller,
    @Param('id', IdParam(STAGING_MESSAGES.assetNotFound)) id: string,
    @Body() body: UpdateAsset,
  ): Promise<AssetResponse> {
    return this.assets.update(caller, id, body.asset);
  }

  @Delete('assets/:id')
  @HttpCode(204)
  @Responds(null)
  remove(
    @Caller() caller: Caller,
    @Param('id', IdParam(STAGING_MESSAGES.assetNotFound)) id: string,
  ): Promise<void> {
    return this.assets.remove(caller, id);
  }

  @Get('asset/logs.json')
  @Responds({ page: AssetLogResponse })
  logs(@Query() query: AssetLogsQuery): Promise<Page<AssetLogResponse>> {
    return this.assets.logs(query);
  }
}
