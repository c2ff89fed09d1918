import { Body, Controller, Delete, HttpCode, Post, Req, Res } from '@nestjs/common';
import { Public, Responds } from '@tourly/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SignedInResponse } from '../accounts/accounts.dto';
import { SessionCookies, sessionTokenFrom } from './cookies';
import { SignInRequest } from './sessions.dto';
import { SessionsService } from './sessions.service';

@Controller()
export class SessionsController {
  constructor(
    private readonly sessions: SessionsService,
    private readonly cookies: SessionCookies,
  ) {}

  /** Sets the session cookie and answers who signed in, their role and current provider, and the CSRF token. */
  @Post('users/sign_in')
  @Public()
  @HttpCode(200)
  @Responds(SignedInResponse)
  async signIn(
    @Body() body: SignInRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SignedInResponse> {
    const signedIn = await this.sessions.signIn(
      body.user.email,
      body.user.password,
      request.ip,
      sessionTokenFrom(request.headers.cookie),
    );
    this.cookies.set(reply, signedIn.token);
    return { user: signedIn.user, currentProvider: signedIn.currentProvider, csrfToken: signedIn.csrfToken };
  }

  @Delete('users/sign_out')
  @Public()
  @Responds(null)
  async signOut(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<null> {
    await this.sessions.signOut(sessionTokenFrom(request.headers.cookie));
    this.cookies.clear(reply);
    return null;
  }
}
