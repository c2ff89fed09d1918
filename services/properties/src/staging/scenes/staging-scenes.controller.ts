import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ProviderId, Responds, Roles } from '@tourly/platform';
import {
  CreatorStudioPropsResponse,
  SaveScene,
  StagingSceneQuery,
  StagingSceneResponse,
  UpdateSceneSettings,
} from './staging-scenes.dto';
import { StagingScenesService } from './staging-scenes.service';

/**
 * 001 §7 "Staging": a property's staging scene, saved to its draft (published with the tour's layers), its settings,
 * and what the staging editor needs to start. On the Creator and Pro plans (the creator studio).
 */
@Controller('provider/properties/:id/vt_staging')
@Roles('admin', 'scan_technician', 'member')
export class StagingScenesController {
  constructor(private readonly scenes: StagingScenesService) {}

  @Get()
  @Responds(StagingSceneResponse)
  get(
    @ProviderId() providerId: string,
    @Param('id') propertyId: string,
    @Query() query: StagingSceneQuery,
  ): Promise<StagingSceneResponse> {
    return this.scenes.scene(providerId, propertyId, query.sceneData === 'true');
  }

  @Post('scene')
  @HttpCode(200)
  @Responds(StagingSceneResponse)
  save(
    @ProviderId() providerId: string,
    @Param('id') propertyId: string,
    @Body() body: SaveScene,
  ): Promise<StagingSceneResponse> {
    return this.scenes.save(providerId, propertyId, body.scene.placements);
  }

  @Patch('settings')
  @Responds(StagingSceneResponse)
  settings(
    @ProviderId() providerId: string,
    @Param('id') propertyId: string,
    @Body() body: UpdateSceneSettings,
  ): Promise<StagingSceneResponse> {
    return this.scenes.updateSettings(providerId, propertyId, body.sceneSettings);
  }

  @Get('creator_studio_props')
  @Responds(CreatorStudioPropsResponse)
  creatorStudioProps(
    @ProviderId() providerId: string,
    @Param('id') propertyId: string,
  ): Promise<CreatorStudioPropsResponse> {
    return this.scenes.creatorStudioProps(providerId, propertyId);
  }
}
