import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ProviderId, Responds, Roles } from '@tourly/platform';
import {
  UpdateWelcomeScreens,
  WelcomeScreensAnswer,
  type WelcomeSequenceScreenResponse,
} from './welcome-screens.dto';
import { WelcomeScreensService } from './welcome-screens.service';

type Answer = { welcomeScreens: WelcomeSequenceScreenResponse[] };

/** 002 §7: a property's welcome screens, the sequence shown before its tour starts, saved whole. */
@Controller('provider/properties/:id/welcome_screens')
@Roles('admin', 'scan_technician', 'member')
export class WelcomeScreensController {
  constructor(private readonly screens: WelcomeScreensService) {}

  @Get()
  @Responds(WelcomeScreensAnswer)
  async get(@ProviderId() providerId: string, @Param('id') propertyId: string): Promise<Answer> {
    return { welcomeScreens: await this.screens.get(providerId, propertyId) };
  }

  @Post()
  @HttpCode(200)
  @Responds(WelcomeScreensAnswer)
  async save(
    @ProviderId() providerId: string,
    @Param('id') propertyId: string,
    @Body() body: UpdateWelcomeScreens,
  ): Promise<Answer> {
    return { welcomeScreens: await this.screens.save(providerId, propertyId, body.welcomeScreens) };
  }
}
