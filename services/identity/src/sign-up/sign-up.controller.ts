import { Body, Controller, Inject, Post, Req, Res } from '@nestjs/common';
import { Caller, CONFIG, Public, type PlatformConfig } from '@tourly/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionCookie, sessionTokenFrom } from '../sessions/cookies';
import { SESSION_LIFETIME_SECONDS } from '../sessions/sessions.service';
import { FinalizeRequest, SetupProviderRequest, SignUpRequest, SurveyRequest } from './sign-up.dto';
import { SignUpService } from './sign-up.service';

@Controller()
export class SignUpController {
  private readonly secureCookies: boolean;

  constructor(
    private readonly signUps: SignUpService,
    @Inject(CONFIG) config: PlatformConfig,
  ) {
    this.secureCookies = config.NODE_ENV === 'production';
  }

  /** Creates the account and signs the person in (the session cookie), like a sign-in. */
  @Post('sign_up')
  @Public()
  async signUp(
    @Body() body: SignUpRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { opened, answer } = await this.signUps.signUp(
      body.user,
      body.captchaResponse,
      sessionTokenFrom(request.headers.cookie),
      request.ip,
    );
    void reply.header(
      'set-cookie',
      sessionCookie(opened.token, SESSION_LIFETIME_SECONDS, this.secureCookies),
    );
    return answer;
  }

  @Post('sign_up/finalize')
  finalize(@Caller() caller: Caller, @Body() body: FinalizeRequest) {
    return this.signUps.finalize(caller, body.user);
  }

  @Post('sign_up/setup_provider')
  setupProvider(
    @Caller() caller: Caller,
    @Body() body: SetupProviderRequest,
    @Req() request: FastifyRequest,
  ) {
    return this.signUps.setupProvider(caller, sessionTokenFrom(request.headers.cookie), body.setupProvider);
  }

  @Post('provider/surveys')
  survey(@Caller() caller: Caller, @Body() body: SurveyRequest) {
    return this.signUps.recordSurvey(caller, body.survey);
  }
}
