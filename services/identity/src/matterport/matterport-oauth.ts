import { Inject, Injectable } from '@nestjs/common';
import {
  CONFIG,
  LOGGER,
  requestTokens,
  type IssuedTokens,
  type Logger,
  type TokenEndpoint,
  type TokenOutcome,
} from '@tourly/platform';
import type { IdentityConfig } from '../config';
import { accountNameOf } from './matterport.rules';

/** Matterport's token endpoint normally answers in well under a second; renewals wait on it under a lock. */
const TIMEOUT_MS = 8000;

/** Tokens as Matterport issues them: RFC 6749's, and the account's name when it tells it. */
export type MatterportTokens = IssuedTokens & { accountName: string | null };

/** What Matterport's token endpoint answered (the platform's `TokenOutcome`), its tokens with the account's name. */
export type MatterportTokenOutcome =
  { kind: 'issued'; tokens: MatterportTokens } | Exclude<TokenOutcome, { kind: 'issued' }>;

/** The Matterport OAuth port: the token endpoint (RFC 6749 §4.1.3 with the PKCE verifier, and §6), or the emulator. */
@Injectable()
export class MatterportOAuth {
  constructor(
    @Inject(CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  exchangeCode(code: string, codeVerifier: string, redirectUri: string): Promise<MatterportTokenOutcome> {
    return this.token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: codeVerifier,
    });
  }

  renew(refreshToken: string): Promise<MatterportTokenOutcome> {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  private async token(form: Record<string, string>): Promise<MatterportTokenOutcome> {
    const endpoint: TokenEndpoint = {
      vendor: 'Matterport',
      url: this.config.MATTERPORT_OAUTH_TOKEN_URL,
      clientId: this.config.MATTERPORT_OAUTH_CLIENT_ID ?? '',
      clientSecret: this.config.MATTERPORT_OAUTH_CLIENT_SECRET ?? '',
      timeoutMs: TIMEOUT_MS,
    };
    const outcome = await requestTokens(endpoint, form, this.logger);
    if (outcome.kind !== 'issued') return outcome;
    return { kind: 'issued', tokens: { ...outcome.tokens, accountName: accountNameOf(outcome.answer) } };
  }
}
