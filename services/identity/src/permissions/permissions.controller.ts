import { Controller, Get } from '@nestjs/common';
import type { MembershipRole } from '@tourly/contracts';
import { Caller, ProviderId, Responds, Roles } from '@tourly/platform';
import {
  AccountPermissionsResponse,
  CreatorStudioResponse,
  PublishingPermissionsResponse,
} from './permissions.dto';
import { PermissionsService } from './permissions.service';

@Controller('provider')
@Roles('admin', 'scan_technician', 'member', 'client_user')
export class PermissionsController {
  constructor(private readonly permissions: PermissionsService) {}

  @Get('permissions/account')
  @Responds(AccountPermissionsResponse)
  account(@Caller() caller: Caller): AccountPermissionsResponse {
    return this.permissions.account(caller.role as MembershipRole);
  }

  @Get('permissions/publishing')
  @Responds(PublishingPermissionsResponse)
  publishing(@ProviderId() providerId: string): Promise<PublishingPermissionsResponse> {
    return this.permissions.publishing(providerId);
  }

  @Get('features/creator_studio')
  @Responds(CreatorStudioResponse)
  creatorStudio(@ProviderId() providerId: string): Promise<CreatorStudioResponse> {
    return this.permissions.creatorStudio(providerId);
  }
}
