import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { Caller, TakesNoBody } from '@tourly/platform';
import type { FastifyRequest } from 'fastify';
import { sessionTokenFrom } from '../sessions/cookies';
import { AvailableProvidersQuery, ChangeCurrentProvider } from './access.dto';
import { AccessService } from './access.service';

@Controller('provider/access')
export class AccessController {
  constructor(private readonly access: AccessService) {}

  @Get('available_providers.json')
  available(@Caller() caller: Caller, @Query() query: AvailableProvidersQuery) {
    return this.access.availableProviders(caller, query);
  }

  @Post('change_current_provider.json')
  @HttpCode(200)
  change(@Caller() caller: Caller, @Body() body: ChangeCurrentProvider, @Req() request: FastifyRequest) {
    return this.access.changeCurrentProvider(
      caller,
      sessionTokenFrom(request.headers.cookie),
      body.providerId,
    );
  }

  @Post('change_to_default_provider.json')
  @TakesNoBody()
  @HttpCode(200)
  changeToDefault(@Caller() caller: Caller, @Req() request: FastifyRequest) {
    return this.access.changeToDefaultProvider(caller, sessionTokenFrom(request.headers.cookie));
  }
}
