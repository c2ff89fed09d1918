import { Body, Controller, Get, Patch, Query } from '@nestjs/common';
import { Caller } from '@tourly/platform';
import { UpdateOnboarding, VisibilityQuery } from './onboarding.dto';
import { OnboardingService } from './onboarding.service';

@Controller('provider/onboarding')
export class OnboardingController {
  constructor(private readonly onboarding: OnboardingService) {}

  @Get('check_visibility.json')
  async visibility(@Caller() caller: Caller, @Query() query: VisibilityQuery) {
    return {
      check: query.check,
      visible: await this.onboarding.isVisible(caller.userId as string, query.check),
    };
  }

  @Get('info.json')
  info(@Caller() caller: Caller) {
    return this.onboarding.info(caller.userId as string);
  }

  @Patch()
  update(@Caller() caller: Caller, @Body() body: UpdateOnboarding) {
    return this.onboarding.record(caller.userId as string, body.onboarding);
  }
}
