import { Controller, Delete, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Caller, IdParam, MultipartFile, ProviderId, Responds, Roles, type Page } from '@tourly/platform';
import {
  AssetResponse,
  CategoryResponse,
  MODEL_FIELD,
  MODEL_FIELD_HELP,
  ProviderAssetsQuery,
} from './staging-assets.dto';
import { STAGING_MESSAGES } from './staging-assets.rules';
import { StagingAssetsService } from './staging-assets.service';

/**
 * 002 §7 "Provider: staging and Sketchfab", the asset library: the platform's assets and the provider's own, its own
 * uploads, and deleting them (another provider's asset, or the platform's, is not found).
 */
@Controller('provider/vt_staging')
@Roles('admin', 'scan_technician', 'member')
export class StagingAssetsController {
  constructor(private readonly assets: StagingAssetsService) {}

  @Get('assets.json')
  @Responds({ page: AssetResponse })
  list(@ProviderId() providerId: string, @Query() query: ProviderAssetsQuery): Promise<Page<AssetResponse>> {
    return this.assets.providerLibrary(providerId, query);
  }

  /** multipart: `asset[file]` (the GLB) with `asset[name]`, `asset[category_id]` and an optional credit. */
  @Post('assets.json')
  @MultipartFile(MODEL_FIELD, MODEL_FIELD_HELP)
  @Responds(AssetResponse)
  create(
    @Caller() caller: Caller,
    @ProviderId() providerId: string,
    @Req() request: FastifyRequest,
  ): Promise<AssetResponse> {
    return this.assets.create(caller, providerId, request.raw);
  }

  @Delete('assets/:id.json')
  @HttpCode(204)
  @Responds(null)
  remove(
    @Caller() caller: Caller,
    @ProviderId() providerId: string,
    @Param('id', IdParam(STAGING_MESSAGES.assetNotFound)) id: string,
  ): Promise<void> {
    return this.assets.remove(caller, id, providerId);
  }

  @Get('asset/categories.json')
  @Responds([CategoryResponse])
  categories(): Promise<CategoryResponse[]> {
    return this.assets.categories();
  }
}
