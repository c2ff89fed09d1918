import { Inject, Injectable } from '@nestjs/common';
import { SKETCHFAB_MESSAGES } from '@tourly/contracts';
import {
  ApiError,
  CONFIG,
  Database,
  hashSecret,
  LOGGER,
  needsRenewal,
  newSecret,
  TokenCipher,
  UnreadableToken,
  type Caller,
  type IssuedTokens,
  type Logger,
} from '@tourly/platform';
import type { PropertiesConfig } from '../config';
import { PropertyScope } from '../properties/property-scope';
import type { AccountExistsResponse, AuthUrlResponse, SketchfabCallbackQuery } from './sketchfab.dto';
import { Sketchfab } from './sketchfab.port';
import { SketchfabRepository, type SketchfabConnectionRow } from './sketchfab.repository';
import {
  AUTHORIZATION_MINUTES,
  redirectUriOf,
  returnLocation,
  sealedFor,
  vendorRefusal,
} from './sketchfab.rules';

type RenewOutcome = { token: string } | { refusal: string } | { unavailable: true };

/** The signed-in person of a provider on whose behalf a route runs. */
type ProviderPerson = Pick<Caller, 'userId' | 'providerId'>;

/**
 * Each provider's Sketchfab connection, built as identity builds Matterport's: the authorisation code grant (the state
 * bound to the person, the provider and the property the editor was open on), the tokens sealed with
 * SKETCHFAB_TOKEN_KEY, renewed under the connection's row lock when they expire (Sketchfab rotates refresh tokens, so
 * two renewals at once would break it), and marked broken when Sketchfab refuses to renew them.
 */
@Injectable()
export class SketchfabConnectionService {
  private readonly cipher: TokenCipher | null;

  constructor(
    private readonly db: Database,
    private readonly sketchfab: Sketchfab,
    private readonly connections: SketchfabRepository,
    private readonly properties: PropertyScope,
    @Inject(CONFIG) private readonly config: PropertiesConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.cipher = config.SKETCHFAB_TOKEN_KEY ? TokenCipher.fromBase64(config.SKETCHFAB_TOKEN_KEY) : null;
  }

  /** Sketchfab's authorisation page for a new attempt, its state bound to this person, provider and property. */
  async authUrl(caller: ProviderPerson, propertyId: string): Promise<AuthUrlResponse> {
    const { userId, providerId } = personOf(caller);
    await this.properties.of(this.db.dataSource, providerId, propertyId);
    this.configured();
    const state = newSecret();
    await this.connections.startAuthorization({
      stateHash: hashSecret(state),
      providerId,
      userId,
      propertyId,
      minutes: AUTHORIZATION_MINUTES,
    });
    return { url: this.sketchfab.authorizeUrl(redirectUriOf(this.config.APP_URL), state) };
  }

  /**
   * Sketchfab's answer to an attempt: the state must be one this person started for this provider, unused and
   * unexpired (it is spent now); then the code is exchanged and the tokens stored sealed. Answers where to send the
   * browser: the property's staging editor, connected or failed with the reason.
   */
  async callback(caller: ProviderPerson, query: SketchfabCallbackQuery): Promise<string> {
    const { userId, providerId } = personOf(caller);
    const attempt = query.state
      ? await this.connections.useAuthorization(hashSecret(query.state), userId, providerId)
      : undefined;
    if (!attempt) return returnLocation(null, { failed: SKETCHFAB_MESSAGES.stateRefused });
    const back = (outcome: { connected: true } | { failed: string }) =>
      returnLocation(attempt.propertyId, outcome);
    if (!this.cipher || !this.sketchfab.configured) return back({ failed: SKETCHFAB_MESSAGES.notConfigured });
    if (query.error || !query.code) return back({ failed: vendorRefusal(query.error ?? '') });
    const outcome = await this.sketchfab.exchangeCode(query.code, redirectUriOf(this.config.APP_URL));
    if (outcome.kind === 'unavailable') return back({ failed: SKETCHFAB_MESSAGES.unavailable });
    if (outcome.kind === 'refused') return back({ failed: SKETCHFAB_MESSAGES.codeRefused });
    const { tokens } = outcome;
    const account = await this.sketchfab.me(tokens.accessToken);
    const cipher = this.cipher;
    await this.db.transaction(async (tx) => {
      await this.connections.connect(tx, {
        providerId,
        accountName: account.kind === 'ok' ? account.value.displayName || null : null,
        ...this.sealed(cipher, providerId, tokens),
        scope: tokens.scope,
        connectedBy: userId,
      });
    });
    this.logger.info({ providerId, userId }, 'Sketchfab account connected');
    return back({ connected: true });
  }

  /** Whether the provider has a connection that works (connected, not refused at its last renewal). */
  async accountExists(providerId: string): Promise<AccountExistsResponse> {
    const row = await this.connections.connection(providerId);
    const exists = row?.status === 'connected';
    return { exists, accountName: exists ? row.accountName : null };
  }

  /**
   * The provider's access token, renewed first when due, or when Sketchfab refused `rejected` (the one the asker
   * used). 409 in words without a working connection; 503 when Sketchfab cannot be reached to renew it.
   */
  async accessToken(providerId: string, rejected: string | null = null): Promise<string> {
    this.configured();
    const row = await this.connections.connection(providerId);
    if (!row) throw ApiError.conflict(SKETCHFAB_MESSAGES.notConnected);
    if (row.status === 'broken') throw ApiError.conflict(SKETCHFAB_MESSAGES.broken);
    const current = this.opened(row, 'accessToken');
    if (!this.due(row, current, rejected)) return current;
    return this.renew(providerId, rejected);
  }

  /** Renews under the connection's row lock: whoever waited reads the renewed token instead of renewing again. */
  private async renew(providerId: string, rejected: string | null): Promise<string> {
    const outcome = await this.db.transaction(async (tx): Promise<RenewOutcome> => {
      const row = await this.connections.lockConnection(tx, providerId);
      if (!row) return { refusal: SKETCHFAB_MESSAGES.notConnected };
      if (row.status === 'broken') return { refusal: SKETCHFAB_MESSAGES.broken };
      const current = this.opened(row, 'accessToken');
      if (!this.due(row, current, rejected)) return { token: current };
      const renewed = row.refreshToken
        ? await this.sketchfab.renew(this.opened(row, 'refreshToken'))
        : ({ kind: 'refused', error: 'invalid_grant' } as const);
      if (renewed.kind === 'issued') {
        const { accessToken, refreshToken, accessExpiresAt } = this.sealed(
          this.cipher!,
          providerId,
          renewed.tokens,
        );
        await this.connections.storeRenewed(tx, providerId, { accessToken, refreshToken, accessExpiresAt });
        return { token: renewed.tokens.accessToken };
      }
      if (renewed.kind === 'refused' && renewed.error === 'invalid_grant') {
        // Spent, expired or revoked: only the provider can mend it, by connecting again.
        await this.connections.markBroken(tx, providerId);
        this.logger.info({ providerId }, 'Sketchfab refused to renew access');
        return { refusal: SKETCHFAB_MESSAGES.broken };
      }
      return { unavailable: true };
    });
    if ('token' in outcome) return outcome.token;
    if ('refusal' in outcome) throw ApiError.conflict(outcome.refusal);
    throw ApiError.unavailable(SKETCHFAB_MESSAGES.unavailable);
  }

  private sealed(cipher: TokenCipher, providerId: string, tokens: IssuedTokens) {
    return {
      accessToken: cipher.seal(tokens.accessToken, sealedFor.accessToken(providerId)),
      refreshToken: tokens.refreshToken
        ? cipher.seal(tokens.refreshToken, sealedFor.refreshToken(providerId))
        : null,
      accessExpiresAt: new Date(Date.now() + tokens.expiresInSeconds * 1000),
    };
  }

  private due(row: SketchfabConnectionRow, current: string, rejected: string | null): boolean {
    return needsRenewal(row.accessExpiresAt, new Date()) || current === rejected;
  }

  /** A stored token in clear. Unreadable (the key was changed): a 503 for the operators, the row left as it is. */
  private opened(row: SketchfabConnectionRow, which: 'accessToken' | 'refreshToken'): string {
    const sealed = row[which];
    try {
      if (!this.cipher || !sealed) throw new UnreadableToken();
      return this.cipher.open(sealed, sealedFor[which](row.providerId));
    } catch (error) {
      if (!(error instanceof UnreadableToken)) throw error;
      this.logger.error(
        { providerId: row.providerId },
        'Sketchfab tokens do not open with SKETCHFAB_TOKEN_KEY (was it changed?)',
      );
      throw ApiError.unavailable(SKETCHFAB_MESSAGES.unavailable);
    }
  }

  private configured(): void {
    if (!this.cipher || !this.sketchfab.configured) {
      throw ApiError.unavailable(SKETCHFAB_MESSAGES.notConfigured);
    }
  }
}

/** The guard has let only a provider's people in; a caller without a user or provider never gets here. */
function personOf(caller: ProviderPerson): { userId: string; providerId: string } {
  if (!caller.userId) throw ApiError.unauthorized();
  if (!caller.providerId) throw ApiError.forbidden('Choose a provider to work in first.');
  return { userId: caller.userId, providerId: caller.providerId };
}
