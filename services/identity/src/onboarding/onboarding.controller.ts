import { Body, Controller, Get, Patch, Query } from '@nestjs/common';
import { Caller, Responds } from '@tourly/platform';
import {
  OnboardingInfoResponse,
  UpdateOnboarding,
  VisibilityQuery,
  VisibilityResponse,
} from './onboarding.dto';
import { OnboardingService } from './onboarding.service';

@Controller('provider/onboarding')
export class OnboardingController {
  constructor(private readonly onboarding: OnboardingService) {}

  @Get('check_visibility.json')
  @Responds(VisibilityResponse)
  async visibility(@Caller() caller: Caller, @Query() query: VisibilityQuery): Promise<VisibilityResponse> {
    return {
      check: query.check,
      visible: await this.onboarding.isVisible(caller.userId as string, query.check),
    };
  }

  @Get('info.json')
  @Responds(OnboardingInfoResponse)
  info(@Caller() caller: Caller): Promise<OnboardingInfoResponse> {
    return this.onboarding.info(caller.userId as string);
  }

  @Patch()
  @Responds(OnboardingInfoResponse)
  update(@Caller() caller: Caller, @Body() body: UpdateOnboarding): Promise<OnboardingInfoResponse> {
    return this.onboarding.record(caller.userId as string, body.onboarding);
  }
}
