import { Body, Controller, Post, Req, Res } from '@nestjs/common';
import { Caller, NotWhileImpersonating, Public, Responds } from '@tourly/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MessageResponse, SignedInResponse } from '../accounts/accounts.dto';
import { SessionCookies, sessionTokenFrom } from '../sessions/cookies';
import {
  ConfirmSignUpRequest,
  FinalizeRequest,
  FinalizeResponse,
  SetupProviderRequest,
  SetupProviderResponse,
  SignUpRequest,
  SurveyRequest,
  SurveyResponse,
} from './sign-up.dto';
import { SignUpService } from './sign-up.service';

@Controller()
export class SignUpController {
  constructor(
    private readonly signUps: SignUpService,
    private readonly cookies: SessionCookies,
  ) {}

  /**
   * Asks for an account: emails a code for a new email, a note to the owner of one that has an account, and
   * answers the same 201 either way (no session yet: the code brings it).
   */
  @Post('sign_up')
  @Public()
  @Responds(MessageResponse)
  signUp(@Body() body: SignUpRequest, @Req() request: FastifyRequest): Promise<MessageResponse> {
    return this.signUps.signUp(body.user, body.captchaResponse, request.ip, body.referralCode);
  }

  /** The emailed code creates the account and signs the person in (the session cookie), like a sign-in. */
  @Post('sign_up/confirm')
  @Public()
  @Responds(SignedInResponse)
  async confirm(
    @Body() body: ConfirmSignUpRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SignedInResponse> {
    const { opened, answer } = await this.signUps.confirm(
      body.user.email,
      body.user.code,
      sessionTokenFrom(request.headers.cookie),
    );
    this.cookies.set(reply, opened.token);
    return answer;
  }

  /** The person's own name: not for an admin impersonating them, nor an API key. */
  @Post('sign_up/finalize')
  @NotWhileImpersonating()
  @Responds(FinalizeResponse)
  finalize(@Caller() caller: Caller, @Body() body: FinalizeRequest): Promise<FinalizeResponse> {
    return this.signUps.finalize(caller, body.user);
  }

  /** A person signed in creates a business: not an admin impersonating one, nor an API key. */
  @Post('sign_up/setup_provider')
  @NotWhileImpersonating()
  @Responds(SetupProviderResponse)
  setupProvider(
    @Caller() caller: Caller,
    @Body() body: SetupProviderRequest,
    @Req() request: FastifyRequest,
  ): Promise<SetupProviderResponse> {
    return this.signUps.setupProvider(caller, sessionTokenFrom(request.headers.cookie), body.setupProvider);
  }

  @Post('provider/surveys')
  @Responds(SurveyResponse)
  survey(@Caller() caller: Caller, @Body() body: SurveyRequest): Promise<SurveyResponse> {
    return this.signUps.recordSurvey(caller, body.survey);
  }
}
