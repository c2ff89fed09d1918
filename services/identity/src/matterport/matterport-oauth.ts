import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, LOGGER, type Logger } from '@tourly/platform';
import type { IdentityConfig } from '../config';
import { issuedTokens, type IssuedTokens } from './matterport.rules';

/** Matterport's token endpoint normally answers in well under a second; renewals wait on it under a lock. */
const TIMEOUT_MS = 8000;

/**
 * What the token endpoint answered: tokens; a refusal in RFC 6749's words (§5.2: `invalid_grant` for a code or
 * refresh token that is not good, `invalid_client` for the platform's own credentials); or no usable answer (the
 * network, a timeout, a 5xx, a body that is not a token answer), which is worth trying again later.
 */
export type TokenOutcome =
  | { kind: 'issued'; tokens: IssuedTokens }
  | { kind: 'refused'; error: string; description: string | null }
  | { kind: 'unavailable'; detail: string };

/** The Matterport OAuth port: the token endpoint (RFC 6749 §4.1.3 with the PKCE verifier, and §6), or the emulator. */
@Injectable()
export class MatterportOAuth {
  constructor(
    @Inject(CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  exchangeCode(code: string, codeVerifier: string, redirectUri: string): Promise<TokenOutcome> {
    return this.token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: codeVerifier,
    });
  }

  renew(refreshToken: string): Promise<TokenOutcome> {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  private async token(form: Record<string, string>): Promise<TokenOutcome> {
    // The client authenticates with HTTP Basic, its id and secret form-encoded first (RFC 6749 §2.3.1).
    const credentials = Buffer.from(
      `${encodeURIComponent(this.config.MATTERPORT_OAUTH_CLIENT_ID ?? '')}:${encodeURIComponent(
        this.config.MATTERPORT_OAUTH_CLIENT_SECRET ?? '',
      )}`,
    ).toString('base64');
    let status: number;
    let body: unknown;
    try {
      const response = await fetch(this.config.MATTERPORT_OAUTH_TOKEN_URL, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          authorization: `Basic ${credentials}`,
        },
        body: new URLSearchParams(form),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      status = response.status;
      body = await response.json().catch(() => null);
    } catch (error) {
      this.logger.warn({ err: error, grant: form.grant_type }, 'Matterport token endpoint unreachable');
      return { kind: 'unavailable', detail: error instanceof Error ? error.message : String(error) };
    }
    if (status === 200) {
      const tokens = issuedTokens(body);
      if (tokens) return { kind: 'issued', tokens };
      this.logger.warn({ grant: form.grant_type }, 'Matterport token endpoint answered no token');
      return { kind: 'unavailable', detail: 'no token in the answer' };
    }
    const refusal = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    if (status >= 400 && status < 500 && typeof refusal.error === 'string') {
      const description = typeof refusal.error_description === 'string' ? refusal.error_description : null;
      this.logger.info(
        { grant: form.grant_type, status, error: refusal.error, description },
        'Matterport refused a token request',
      );
      return { kind: 'refused', error: refusal.error, description };
    }
    this.logger.warn({ grant: form.grant_type, status }, 'Matterport token endpoint failed');
    return { kind: 'unavailable', detail: `HTTP ${status}` };
  }
}
