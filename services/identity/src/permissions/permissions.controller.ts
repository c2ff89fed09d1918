import { Controller, Get } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventEnvelope, MembershipRole } from '@tourly/contracts';
import { Caller, EventContext, ProviderId, Roles } from '@tourly/platform';
import { PermissionsService } from './permissions.service';

@Controller('provider')
@Roles('admin', 'scan_technician', 'member', 'client_user')
export class PermissionsController {
  constructor(private readonly permissions: PermissionsService) {}

  @Get('permissions/account')
  account(@Caller() caller: Caller) {
    return this.permissions.account(caller.role as MembershipRole);
  }

  @Get('permissions/publishing')
  publishing(@ProviderId() providerId: string) {
    return this.permissions.publishing(providerId);
  }

  @Get('features/creator_studio')
  creatorStudio(@ProviderId() providerId: string) {
    return this.permissions.creatorStudio(providerId);
  }

  @EventPattern('billing.subscription.changed.v1')
  onSubscriptionChanged(
    @Payload() event: EventEnvelope<'billing.subscription.changed.v1'>,
    @Ctx() context: EventContext,
  ) {
    return this.permissions.applySubscriptionChange(event.data, event.occurredAt, context.tx);
  }
}
