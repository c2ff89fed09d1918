import { Body, Controller, Get, Patch } from '@nestjs/common';
import { Caller, NotWhileImpersonating, Responds } from '@tourly/platform';
import { MeResponse, UpdateProfileRequest } from './profile.dto';
import { ProfileService } from './profile.service';

@Controller('users/me')
export class ProfileController {
  constructor(private readonly profile: ProfileService) {}

  /** The signed-in caller as the platform sees them (the web app's "who am I"), with their own details. */
  @Get()
  @Responds(MeResponse)
  me(@Caller() caller: Caller): Promise<MeResponse> {
    return this.profile.me(caller);
  }

  /**
   * The person's own names and phone number (visitors see the number on tours where they are an agent): not for
   * an admin impersonating them, who would change someone's personal details behind their back, nor an API key.
   */
  @Patch()
  @NotWhileImpersonating()
  @Responds(MeResponse)
  update(@Caller() caller: Caller, @Body() body: UpdateProfileRequest): Promise<MeResponse> {
    return this.profile.update(caller, body.user);
  }
}
