import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  MATTERPORT_MESSAGES,
  type MatterportAccessToken,
  type MatterportAccessTokenRequest,
} from '@tourly/contracts';
import {
  ApiError,
  CONFIG,
  Database,
  EventBus,
  hashSecret,
  LOGGER,
  needsRenewal,
  newSecret,
  TokenCipher,
  UnreadableToken,
  type Caller,
  type Logger,
} from '@tourly/platform';
import type { IdentityConfig } from '../config';
import { MatterportOAuth } from './matterport-oauth';
import type {
  AuthUrlResponse,
  CallbackQuery,
  ConnectionResponse,
  SwitchPromptResponse,
} from './matterport.dto';
import { MatterportRepository, type ConnectionRow } from './matterport.repository';
import {
  accessTokenQuestion,
  AUTHORIZATION_MINUTES,
  authorizeUrl,
  connectionStatus,
  pkceChallenge,
  redirectUriOf,
  sealedFor,
  settingsLocation,
  showsSwitchPrompt,
  vendorRefusal,
} from './matterport.rules';

const NOT_CONNECTED: MatterportAccessToken = { status: 'not_connected', accessToken: null };
const BROKEN: MatterportAccessToken = { status: 'broken', accessToken: null };
const PLATFORM: MatterportAccessToken = { status: 'platform', accessToken: null };
/** PostgreSQL's lock_not_available: the renewal waited longer than RENEWAL_LOCK_TIMEOUT for another one. */
const LOCK_NOT_AVAILABLE = '55P03';
/** Under MATTERPORT_ACCESS_TOKEN_TIMEOUT_MS: a renewal waiting behind a stuck one gives up before its asker does. */
const RENEWAL_LOCK_TIMEOUT = '10s';

/** The signed-in provider admin on whose behalf a route runs. */
type ProviderAdmin = Pick<Caller, 'userId' | 'providerId' | 'impersonatorId'>;

/**
 * Each provider's own Matterport connection: connecting through Matterport's OAuth (authorisation code with PKCE),
 * the tokens kept encrypted, renewed before they expire (once, under the connection's lock), marked broken when
 * Matterport refuses to renew them; and the prompt that asks providers from before to connect their own account.
 */
@Injectable()
export class MatterportService {
  private readonly cipher: TokenCipher | null;
  /** Renewals in progress in this replica, by provider: concurrent askers here share one (and one connection). */
  private readonly renewals = new Map<string, Promise<MatterportAccessToken>>();

  constructor(
    private readonly db: Database,
    private readonly events: EventBus,
    private readonly matterport: MatterportRepository,
    private readonly oauth: MatterportOAuth,
    @Inject(CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.cipher = config.MATTERPORT_TOKEN_KEY ? TokenCipher.fromBase64(config.MATTERPORT_TOKEN_KEY) : null;
  }

  /** Matterport's authorisation page for a new attempt, its state bound to this person and provider. */
  async authUrl(caller: ProviderAdmin): Promise<AuthUrlResponse> {
    const { cipher, clientId } = this.configured();
    const { userId, providerId } = this.adminOf(caller);
    const state = newSecret();
    const codeVerifier = newSecret(48);
    await this.matterport.startAuthorization({
      stateHash: hashSecret(state),
      providerId,
      userId,
      codeVerifier: cipher.seal(codeVerifier, sealedFor.codeVerifier(providerId, userId)),
      minutes: AUTHORIZATION_MINUTES,
    });
    return {
      url: authorizeUrl({
        authorizeUrl: this.config.MATTERPORT_OAUTH_AUTHORIZE_URL,
        clientId,
        redirectUri: redirectUriOf(this.config.APP_URL),
        state,
        codeChallenge: pkceChallenge(codeVerifier),
      }),
    };
  }

  /**
   * Matterport's answer to an attempt: the state must be one this person started for this provider, unused and
   * unexpired (it is spent now); then the code is exchanged with the PKCE verifier and the tokens stored sealed.
   * Answers where to send the browser: the settings page, connected or failed with the reason.
   */
  async callback(caller: ProviderAdmin, query: CallbackQuery): Promise<string> {
    if (!this.cipher || !this.config.MATTERPORT_OAUTH_CLIENT_ID) {
      return settingsLocation({ failed: MATTERPORT_MESSAGES.notConfigured });
    }
    const cipher = this.cipher;
    const { userId, providerId } = this.adminOf(caller);
    const authorization = query.state
      ? await this.matterport.useAuthorization(hashSecret(query.state), userId, providerId)
      : undefined;
    if (!authorization) return settingsLocation({ failed: MATTERPORT_MESSAGES.stateRefused });
    if (query.error || !query.code) {
      this.logger.info(
        { providerId, error: query.error ?? 'no code', description: query.errorDescription },
        'Matterport authorisation not given',
      );
      return settingsLocation({ failed: vendorRefusal(query.error ?? '') });
    }
    let codeVerifier: string;
    try {
      codeVerifier = cipher.open(authorization.codeVerifier, sealedFor.codeVerifier(providerId, userId));
    } catch (error) {
      // Sealed with a key that has since been replaced: the attempt cannot finish; a new one will.
      if (!(error instanceof UnreadableToken)) throw error;
      return settingsLocation({ failed: MATTERPORT_MESSAGES.stateRefused });
    }
    const outcome = await this.oauth.exchangeCode(
      query.code,
      codeVerifier,
      redirectUriOf(this.config.APP_URL),
    );
    if (outcome.kind === 'unavailable') return settingsLocation({ failed: MATTERPORT_MESSAGES.unavailable });
    if (outcome.kind === 'refused') return settingsLocation({ failed: MATTERPORT_MESSAGES.codeRefused });
    const { tokens } = outcome;
    await this.db.transaction(async (tx) => {
      await this.matterport.connect(tx, {
        providerId,
        accountName: tokens.accountName,
        accessToken: cipher.seal(tokens.accessToken, sealedFor.accessToken(providerId)),
        refreshToken: tokens.refreshToken
          ? cipher.seal(tokens.refreshToken, sealedFor.refreshToken(providerId))
          : null,
        accessExpiresAt: new Date(Date.now() + tokens.expiresInSeconds * 1000),
        scope: tokens.scope,
        connectedBy: userId,
      });
      await this.matterport.endSwitchPrompt(providerId, 'connected', tx);
      await this.events.publish(
        'identity.matterport.connection_changed.v1',
        { providerId, status: 'connected' },
        tx,
      );
    });
    this.logger.info({ providerId, userId }, 'Matterport account connected');
    return settingsLocation({ connected: true });
  }

  async connection(providerId: string): Promise<ConnectionResponse> {
    const row = await this.matterport.summary(providerId);
    return {
      status: connectionStatus(row),
      accountName: row?.accountName ?? null,
      connectedAt: row?.connectedAt ?? null,
      brokenReason: row?.brokenReason ?? null,
    };
  }

  /** Forgets the provider's tokens (whatever state they were in); the answer is the connection as it is now. */
  async disconnect(providerId: string): Promise<ConnectionResponse> {
    await this.db.transaction(async (tx) => {
      if (!(await this.matterport.disconnect(tx, providerId))) return;
      const status = (await this.matterport.usesPlatformAccount(providerId, tx))
        ? 'platform'
        : 'not_connected';
      await this.events.publish('identity.matterport.connection_changed.v1', { providerId, status }, tx);
    });
    this.logger.info({ providerId }, 'Matterport account disconnected');
    return this.connection(providerId);
  }

  async switchPrompt(caller: ProviderAdmin): Promise<SwitchPromptResponse> {
    const { providerId } = this.adminOf(caller);
    const prompt = await this.matterport.switchPrompt(providerId);
    return { show: showsSwitchPrompt(prompt, caller.impersonatorId !== null) };
  }

  async dismissSwitchPrompt(providerId: string): Promise<SwitchPromptResponse> {
    await this.matterport.endSwitchPrompt(providerId, 'dismissed');
    return { show: false };
  }

  /**
   * Request-reply: the provider's access token, renewed first when due (or when the asker's was refused). 503 when
   * Matterport cannot be reached to renew it (the connection stays connected).
   */
  async accessToken(request: MatterportAccessTokenRequest): Promise<MatterportAccessToken> {
    const question = accessTokenQuestion(request);
    if (!question) return NOT_CONNECTED;
    const { providerId, rejectedAccessToken } = question;
    const row = await this.matterport.connection(providerId);
    if (!row) return (await this.matterport.usesPlatformAccount(providerId)) ? PLATFORM : NOT_CONNECTED;
    if (row.status === 'broken') return BROKEN;
    const current = this.opened(row, 'accessToken');
    if (!this.due(row, current, rejectedAccessToken)) return { status: 'connected', accessToken: current };
    const running = this.renewals.get(providerId);
    if (running) return running;
    const renewal = this.renew(providerId, rejectedAccessToken).finally(() =>
      this.renewals.delete(providerId),
    );
    this.renewals.set(providerId, renewal);
    return renewal;
  }

  /**
   * Renews the provider's tokens under its connection's row lock, so that across every replica one renewal runs at
   * a time; whoever waited reads the renewed token instead of renewing again. Matterport rotates refresh tokens:
   * renewing twice with one would fail the second time, so this is what keeps a connection from breaking itself.
   */
  private async renew(
    providerId: string,
    rejectedAccessToken: string | null,
  ): Promise<MatterportAccessToken> {
    try {
      return await this.db.transaction(async (tx) => {
        const row = await this.matterport.lockConnection(tx, providerId, RENEWAL_LOCK_TIMEOUT);
        if (!row) return NOT_CONNECTED;
        if (row.status === 'broken') return BROKEN;
        const current = this.opened(row, 'accessToken');
        if (!this.due(row, current, rejectedAccessToken))
          return { status: 'connected', accessToken: current };
        if (!row.refreshToken) return this.broken(tx, providerId);
        const outcome = await this.oauth.renew(this.opened(row, 'refreshToken'));
        if (outcome.kind === 'issued') {
          const { tokens } = outcome;
          const cipher = this.cipher!;
          await this.matterport.storeRenewed(tx, providerId, {
            accessToken: cipher.seal(tokens.accessToken, sealedFor.accessToken(providerId)),
            refreshToken: tokens.refreshToken
              ? cipher.seal(tokens.refreshToken, sealedFor.refreshToken(providerId))
              : null,
            accessExpiresAt: new Date(Date.now() + tokens.expiresInSeconds * 1000),
          });
          return { status: 'connected', accessToken: tokens.accessToken };
        }
        if (outcome.kind === 'refused' && outcome.error === 'invalid_grant') {
          // The refresh token is spent, expired or revoked (the account owner withdrew the access): only the
          // provider can fix it, by connecting again.
          this.logger.info({ providerId, description: outcome.description }, 'Matterport refused to renew');
          return this.broken(tx, providerId);
        }
        if (outcome.kind === 'refused') {
          // Not the provider's doing (the platform's client credentials, a request Matterport does not take): the
          // connection stays, and the operators are told.
          this.logger.error(
            { providerId, error: outcome.error },
            'Matterport refused the platform’s renewal',
          );
        }
        throw ApiError.unavailable(MATTERPORT_MESSAGES.unavailable);
      });
    } catch (error) {
      const code = (error as { driverError?: { code?: string } }).driverError?.code;
      if (code === LOCK_NOT_AVAILABLE) throw ApiError.unavailable(MATTERPORT_MESSAGES.unavailable);
      throw error;
    }
  }

  /** Only the provider can mend it, by connecting again: the settings page and its banner say so. */
  private async broken(tx: EntityManager, providerId: string): Promise<MatterportAccessToken> {
    await this.matterport.markBroken(tx, providerId, MATTERPORT_MESSAGES.refreshRefused);
    await this.events.publish(
      'identity.matterport.connection_changed.v1',
      { providerId, status: 'broken' },
      tx,
    );
    return BROKEN;
  }

  /** Renewed when it expires within the minute, or when the asker's copy (still the stored one) was refused. */
  private due(row: ConnectionRow, current: string, rejectedAccessToken: string | null): boolean {
    return needsRenewal(row.accessExpiresAt, new Date()) || current === rejectedAccessToken;
  }

  /** A stored token in clear. Unreadable (the key was changed): a 503 for the operators, the row left as it is. */
  private opened(row: ConnectionRow, which: 'accessToken' | 'refreshToken'): string {
    const sealed = row[which];
    if (!this.cipher || !sealed) {
      this.logger.error(
        { providerId: row.providerId },
        'Matterport tokens stored but MATTERPORT_TOKEN_KEY unset',
      );
      throw ApiError.unavailable(MATTERPORT_MESSAGES.unavailable);
    }
    try {
      return this.cipher.open(sealed, sealedFor[which](row.providerId));
    } catch (error) {
      if (!(error instanceof UnreadableToken)) throw error;
      this.logger.error(
        { providerId: row.providerId },
        'Matterport tokens do not open with MATTERPORT_TOKEN_KEY (was it changed?)',
      );
      throw ApiError.unavailable(MATTERPORT_MESSAGES.unavailable);
    }
  }

  private configured(): { cipher: TokenCipher; clientId: string } {
    const clientId = this.config.MATTERPORT_OAUTH_CLIENT_ID;
    if (!this.cipher || !clientId) throw ApiError.unavailable(MATTERPORT_MESSAGES.notConfigured);
    return { cipher: this.cipher, clientId };
  }

  /** The guard has let only a provider's admin in; a caller without a user or provider never gets here. */
  private adminOf(caller: ProviderAdmin): { userId: string; providerId: string } {
    if (!caller.userId) throw ApiError.unauthorized();
    if (!caller.providerId) throw ApiError.forbidden('Choose a provider to work in first.');
    return { userId: caller.userId, providerId: caller.providerId };
  }
}
