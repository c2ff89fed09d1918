import { Controller, Get, Query } from '@nestjs/common';
import { ProviderId, Responds, Roles } from '@tourly/platform';
import { MatterportModels } from './matterport-models.service';
import {
  MatterportInfoResponse,
  MatterportKeyQuery,
  MatterportModelsQuery,
  MatterportModelsResponse,
  MatterportRoomsResponse,
} from './matterport.dto';

/**
 * The provider's own Matterport account (002 §7): its models as Matterport pages them, one model's details, a
 * model's rooms. 409 with what to do when no account is connected (or the connection is broken); 404 for a model
 * the account does not have.
 */
@Controller('provider')
@Roles('admin', 'scan_technician', 'member')
export class MatterportController {
  constructor(private readonly matterport: MatterportModels) {}

  @Get('matterport_api/models')
  @Responds(MatterportModelsResponse)
  models(
    @ProviderId() providerId: string,
    @Query() query: MatterportModelsQuery,
  ): Promise<MatterportModelsResponse> {
    return this.matterport.models(providerId, query);
  }

  @Get('matterport_api/rooms.json')
  @Responds(MatterportRoomsResponse)
  rooms(
    @ProviderId() providerId: string,
    @Query() query: MatterportKeyQuery,
  ): Promise<MatterportRoomsResponse> {
    return this.matterport.rooms(providerId, query.matterportKey);
  }

  @Get('matterport_models/matterport_info.json')
  @Responds(MatterportInfoResponse)
  info(
    @ProviderId() providerId: string,
    @Query() query: MatterportKeyQuery,
  ): Promise<MatterportInfoResponse> {
    return this.matterport.info(providerId, query.matterportKey);
  }
}
