import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  MATTERPORT_ACCESS_TOKEN,
  type MatterportAccessToken,
  type MatterportAccessTokenRequest,
} from '@tourly/contracts';
import { MatterportService } from './matterport.service';

/** Request-reply for the services that call Matterport's Model API for a provider. */
@Controller()
export class MatterportListener {
  constructor(private readonly matterport: MatterportService) {}

  /** The provider's access token (renewed first when due); null unless connected. */
  @MessagePattern(MATTERPORT_ACCESS_TOKEN)
  accessToken(@Payload() request: MatterportAccessTokenRequest): Promise<MatterportAccessToken> {
    return this.matterport.accessToken(request);
  }
}
