import { Injectable } from '@nestjs/common';
import {
  Database,
  queryAffected,
  queryOne,
  queryRows,
  sql,
  type Narrow,
  type Narrowed,
  type Queryable,
} from '@tourly/platform';
import type {
  IConnectMatterportQuery,
  IConnectionSummaryQuery,
  IConnectionSummaryResult,
  IDeleteExpiredAuthorizationsQuery,
  IDisconnectMatterportQuery,
  IEndSwitchPromptQuery,
  IFindConnectionQuery,
  IFindConnectionResult,
  ILockConnectionQuery,
  IMarkConnectionBrokenQuery,
  IOpenSwitchPromptQuery,
  ISetLockTimeoutQuery,
  IStartAuthorizationQuery,
  IStoreRenewedTokensQuery,
  ISwitchPromptQuery,
  IUseAuthorizationQuery,
  IUsePlatformAccountQuery,
  IUsesPlatformAccountQuery,
} from './matterport.repository.types';

type ConnectionStatus = 'connected' | 'broken';

/** What the schema keeps to a union with a CHECK. */
type Known = { status: ConnectionStatus };

/** A provider's Matterport connection; its tokens sealed (TokenCipher), never in clear. */
export type ConnectionRow = Narrowed<IFindConnectionResult, Known>;

/** A connection as the settings page shows it, no tokens (all null without one), and the platform account's flag. */
export type ConnectionSummaryRow = Narrowed<IConnectionSummaryResult, { status: ConnectionStatus | null }>;

export interface NewConnection {
  providerId: string;
  accountName: string | null;
  accessToken: Buffer;
  refreshToken: Buffer | null;
  accessExpiresAt: Date;
  scope: string | null;
  connectedBy: string;
}

export interface RenewedTokens {
  accessToken: Buffer;
  /** null: the endpoint issued none, the one held stays. */
  refreshToken: Buffer | null;
  accessExpiresAt: Date;
}

const startAuthorization = sql<IStartAuthorizationQuery>`
  INSERT INTO matterport_authorizations (state_hash, provider_id, user_id, code_verifier, expires_at)
  VALUES ($stateHash!, $providerId!, $userId!, $codeVerifier!, now() + make_interval(mins => $minutes!))`;

const useAuthorization = sql<IUseAuthorizationQuery>`
  UPDATE matterport_authorizations SET used_at = now()
   WHERE state_hash = $stateHash! AND user_id = $userId! AND provider_id = $providerId! AND used_at IS NULL
     AND expires_at > now()
   RETURNING code_verifier AS "codeVerifier"`;

const deleteExpiredAuthorizations = sql<IDeleteExpiredAuthorizationsQuery>`
  DELETE FROM matterport_authorizations WHERE expires_at <= now()`;

// Without a connection, its columns are null.
const connectionSummary = sql<Narrow<IConnectionSummaryQuery, { status: ConnectionStatus | null }>>`
  SELECT c.account_name AS "accountName", c.status AS "status?", c.broken_reason AS "brokenReason",
         c.connected_at AS "connectedAt?", p.matterport_platform_account AS "platformAccount"
    FROM providers p LEFT JOIN matterport_connections c ON c.provider_id = p.id
   WHERE p.id = $providerId!`;

const usesPlatformAccount = sql<IUsesPlatformAccountQuery>`
  SELECT matterport_platform_account AS "platformAccount" FROM providers WHERE id = $providerId!`;

const usePlatformAccount = sql<IUsePlatformAccountQuery>`
  UPDATE providers SET matterport_platform_account = true WHERE id = $providerId!`;

const openSwitchPrompt = sql<IOpenSwitchPromptQuery>`
  INSERT INTO matterport_switch_prompts (provider_id) VALUES ($providerId!) ON CONFLICT DO NOTHING`;

const findConnection = sql<Narrow<IFindConnectionQuery, Known>>`
  SELECT provider_id AS "providerId", account_name AS "accountName", access_token AS "accessToken",
         refresh_token AS "refreshToken", access_expires_at AS "accessExpiresAt", status,
         broken_reason AS "brokenReason", connected_at AS "connectedAt"
    FROM matterport_connections WHERE provider_id = $providerId!`;

const setLockTimeout = sql<ISetLockTimeoutQuery>`SELECT set_config('lock_timeout', $lockTimeout!, true)`;

const lockConnection = sql<Narrow<ILockConnectionQuery, Known>>`
  SELECT provider_id AS "providerId", account_name AS "accountName", access_token AS "accessToken",
         refresh_token AS "refreshToken", access_expires_at AS "accessExpiresAt", status,
         broken_reason AS "brokenReason", connected_at AS "connectedAt"
    FROM matterport_connections WHERE provider_id = $providerId! FOR UPDATE`;

const connectMatterport = sql<IConnectMatterportQuery>`
  INSERT INTO matterport_connections
         (provider_id, account_name, access_token, refresh_token, access_expires_at, scope, connected_by)
  VALUES ($providerId!, $accountName, $accessToken!, $refreshToken, $accessExpiresAt!, $scope, $connectedBy!)
  ON CONFLICT (provider_id) DO UPDATE SET
    account_name = excluded.account_name, access_token = excluded.access_token,
    refresh_token = excluded.refresh_token, access_expires_at = excluded.access_expires_at,
    scope = excluded.scope, connected_by = excluded.connected_by, connected_at = now(),
    status = 'connected', broken_reason = NULL, broken_at = NULL, refreshed_at = NULL`;

const storeRenewedTokens = sql<IStoreRenewedTokensQuery>`
  UPDATE matterport_connections
     SET access_token = $accessToken!, refresh_token = coalesce($refreshToken, refresh_token),
         access_expires_at = $accessExpiresAt!, refreshed_at = now()
   WHERE provider_id = $providerId!`;

const markConnectionBroken = sql<IMarkConnectionBrokenQuery>`
  UPDATE matterport_connections SET status = 'broken', broken_reason = $reason!, broken_at = now()
   WHERE provider_id = $providerId!`;

const disconnectMatterport = sql<IDisconnectMatterportQuery>`
  DELETE FROM matterport_connections WHERE provider_id = $providerId!`;

const switchPrompt = sql<ISwitchPromptQuery>`
  SELECT ended_at AS "endedAt" FROM matterport_switch_prompts WHERE provider_id = $providerId!`;

const endSwitchPrompt = sql<IEndSwitchPromptQuery>`
  UPDATE matterport_switch_prompts SET ended_at = now(), ended_by = $by!
   WHERE provider_id = $providerId! AND ended_at IS NULL`;

/**
 * The Matterport connection's tables: `matterport_connections` (one per provider), `matterport_authorizations`
 * (the attempts on their way through Matterport's page) and `matterport_switch_prompts`.
 */
@Injectable()
export class MatterportRepository {
  constructor(private readonly db: Database) {}

  async startAuthorization(authorization: {
    stateHash: Buffer;
    providerId: string;
    userId: string;
    codeVerifier: Buffer;
    minutes: number;
  }): Promise<void> {
    await queryRows(this.db.dataSource, startAuthorization, authorization);
  }

  /**
   * Spends the authorisation of a state, only for the user and provider that started it, unused and unexpired;
   * answers its sealed PKCE verifier, or undefined (unknown, another person's, spent or expired: nothing changes).
   */
  async useAuthorization(
    stateHash: Buffer,
    userId: string,
    providerId: string,
  ): Promise<{ codeVerifier: Buffer } | undefined> {
    return queryOne(this.db.dataSource, useAuthorization, { stateHash, userId, providerId });
  }

  /** Attempts past their expiry, used or not: their states open nothing any more. */
  deleteExpiredAuthorizations(): Promise<number> {
    return queryAffected(this.db.dataSource, deleteExpiredAuthorizations, undefined);
  }

  /** undefined only for a provider that does not exist. */
  summary(providerId: string): Promise<ConnectionSummaryRow | undefined> {
    return queryOne(this.db.dataSource, connectionSummary, { providerId });
  }

  /** Whether the provider reads the platform's own Matterport account while it has no connection (the demo's). */
  async usesPlatformAccount(providerId: string, tx: Queryable = this.db.dataSource): Promise<boolean> {
    const provider = await queryOne(tx, usesPlatformAccount, { providerId });
    return provider?.platformAccount ?? false;
  }

  /**
   * The demo provider of `npm start` reads the platform's own account, and is asked (like the providers from before
   * connections existed) to connect its own.
   */
  async usePlatformAccount(tx: Queryable, providerId: string): Promise<void> {
    await queryAffected(tx, usePlatformAccount, { providerId });
    await queryAffected(tx, openSwitchPrompt, { providerId });
  }

  connection(providerId: string): Promise<ConnectionRow | undefined> {
    return queryOne(this.db.dataSource, findConnection, { providerId });
  }

  /**
   * The connection, locked until the transaction ends: whoever else renews it waits, then reads what was stored. A
   * wait longer than `lockTimeout` (PostgreSQL's interval text, e.g. '10s') fails with lock_not_available.
   */
  async lockConnection(
    tx: Queryable,
    providerId: string,
    lockTimeout: string,
  ): Promise<ConnectionRow | undefined> {
    await queryRows(tx, setLockTimeout, { lockTimeout });
    return queryOne(tx, lockConnection, { providerId });
  }

  /** The provider's connection, replacing the one it had (a reconnection after a broken one, another account). */
  async connect(tx: Queryable, connection: NewConnection): Promise<void> {
    await queryRows(tx, connectMatterport, connection);
  }

  async storeRenewed(tx: Queryable, providerId: string, tokens: RenewedTokens): Promise<void> {
    await queryAffected(tx, storeRenewedTokens, { ...tokens, providerId });
  }

  async markBroken(tx: Queryable, providerId: string, reason: string): Promise<void> {
    await queryAffected(tx, markConnectionBroken, { providerId, reason });
  }

  /** Whether there was a connection to forget. */
  async disconnect(tx: Queryable, providerId: string): Promise<boolean> {
    return (await queryAffected(tx, disconnectMatterport, { providerId })) > 0;
  }

  switchPrompt(providerId: string): Promise<{ endedAt: Date | null } | undefined> {
    return queryOne(this.db.dataSource, switchPrompt, { providerId });
  }

  /** The prompt is over for the provider: it connected its own account, or dismissed the prompt. */
  async endSwitchPrompt(
    providerId: string,
    by: 'connected' | 'dismissed',
    tx: Queryable = this.db.dataSource,
  ): Promise<void> {
    await queryAffected(tx, endSwitchPrompt, { providerId, by });
  }
}
