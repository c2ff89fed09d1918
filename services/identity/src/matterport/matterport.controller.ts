import { Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { Caller, NotWhileImpersonating, ProviderId, Responds, Roles, TakesNoBody } from '@tourly/platform';
import { ConnectionResponse, SwitchPromptQuery, SwitchPromptResponse } from './matterport.dto';
import { MatterportService } from './matterport.service';

/**
 * The provider's Matterport connection as its admins see it on the settings page, and the prompt asking providers
 * that used the platform's account to connect their own (002 §7: `show_oauth_switch_prompt`,
 * `mark_oauth_prompt_seen`). Every provider-side person may read the connection (the model picker says why it is
 * empty); only admins change it or see the prompt.
 */
@Controller('provider/matterport_auth')
@Roles('admin')
export class MatterportController {
  constructor(private readonly matterport: MatterportService) {}

  @Get('connection')
  @Roles('admin', 'scan_technician', 'member')
  @Responds(ConnectionResponse)
  connection(@ProviderId() providerId: string): Promise<ConnectionResponse> {
    return this.matterport.connection(providerId);
  }

  /** Forgets the provider's tokens; answers the connection as it is now (not connected). */
  @Delete('connection')
  @Responds(ConnectionResponse)
  disconnect(@ProviderId() providerId: string): Promise<ConnectionResponse> {
    return this.matterport.disconnect(providerId);
  }

  @Get('show_oauth_switch_prompt')
  @Responds(SwitchPromptResponse)
  showSwitchPrompt(
    @Caller() caller: Caller,
    @Query() _query: SwitchPromptQuery,
  ): Promise<SwitchPromptResponse> {
    return this.matterport.switchPrompt(caller);
  }

  /** The provider dismissed the prompt: it is not shown again. Not for an impersonating administrator. */
  @Post('mark_oauth_prompt_seen')
  @NotWhileImpersonating()
  @TakesNoBody()
  @HttpCode(200)
  @Responds(SwitchPromptResponse)
  markSwitchPromptSeen(@ProviderId() providerId: string): Promise<SwitchPromptResponse> {
    return this.matterport.dismissSwitchPrompt(providerId);
  }
}
