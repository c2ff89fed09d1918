import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { Caller, Responds, TakesNoBody, type Page } from '@tourly/platform';
import type { FastifyRequest } from 'fastify';
import { ProviderRef } from '../accounts/accounts.dto';
import { sessionTokenFrom } from '../sessions/cookies';
import { AvailableProvidersQuery, ChangeCurrentProvider, CurrentProviderResponse } from './access.dto';
import { AccessService } from './access.service';

@Controller('provider/access')
export class AccessController {
  constructor(private readonly access: AccessService) {}

  @Get('available_providers.json')
  @Responds({ page: ProviderRef })
  available(@Caller() caller: Caller, @Query() query: AvailableProvidersQuery): Promise<Page<ProviderRef>> {
    return this.access.availableProviders(caller, query);
  }

  @Post('change_current_provider.json')
  @HttpCode(200)
  @Responds(CurrentProviderResponse)
  change(
    @Caller() caller: Caller,
    @Body() body: ChangeCurrentProvider,
    @Req() request: FastifyRequest,
  ): Promise<CurrentProviderResponse> {
    return this.access.changeCurrentProvider(
      caller,
      sessionTokenFrom(request.headers.cookie),
      body.providerId,
    );
  }

  @Post('change_to_default_provider.json')
  @TakesNoBody()
  @HttpCode(200)
  @Responds(CurrentProviderResponse)
  changeToDefault(
    @Caller() caller: Caller,
    @Req() request: FastifyRequest,
  ): Promise<CurrentProviderResponse> {
    return this.access.changeToDefaultProvider(caller, sessionTokenFrom(request.headers.cookie));
  }
}
