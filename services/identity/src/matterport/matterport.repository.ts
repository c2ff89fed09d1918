import { Injectable } from '@nestjs/common';
import { Database, affected, one, rows, type Queryable } from '@tourly/platform';

/** A provider's Matterport connection; its tokens sealed (TokenCipher), never in clear. */
export interface ConnectionRow {
  providerId: string;
  accountName: string | null;
  accessToken: Buffer;
  refreshToken: Buffer | null;
  accessExpiresAt: Date;
  status: 'connected' | 'broken';
  brokenReason: string | null;
  connectedAt: Date;
}

/** A connection as the settings page shows it, no tokens (all null without one), and the platform account's flag. */
export type ConnectionSummaryRow = {
  [column in 'accountName' | 'status' | 'brokenReason' | 'connectedAt']: ConnectionRow[column] | null;
} & { platformAccount: boolean };

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

const CONNECTION_COLUMNS = `
  provider_id AS "providerId", account_name AS "accountName", access_token AS "accessToken",
  refresh_token AS "refreshToken", access_expires_at AS "accessExpiresAt", status, broken_reason AS "brokenReason",
  connected_at AS "connectedAt"`;

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
    await rows(
      this.db.dataSource,
      `INSERT INTO matterport_authorizations (state_hash, provider_id, user_id, code_verifier, expires_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(mins => $5))`,
      [
        authorization.stateHash,
        authorization.providerId,
        authorization.userId,
        authorization.codeVerifier,
        authorization.minutes,
      ],
    );
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
    return one<{ codeVerifier: Buffer }>(
      this.db.dataSource,
      `UPDATE matterport_authorizations SET used_at = now()
        WHERE state_hash = $1 AND user_id = $2 AND provider_id = $3 AND used_at IS NULL AND expires_at > now()
        RETURNING code_verifier AS "codeVerifier"`,
      [stateHash, userId, providerId],
    );
  }

  /** Attempts past their expiry, used or not: their states open nothing any more. */
  deleteExpiredAuthorizations(): Promise<number> {
    return affected(this.db.dataSource, 'DELETE FROM matterport_authorizations WHERE expires_at <= now()');
  }

  /** undefined only for a provider that does not exist. */
  summary(providerId: string): Promise<ConnectionSummaryRow | undefined> {
    return one<ConnectionSummaryRow>(
      this.db.dataSource,
      `SELECT c.account_name AS "accountName", c.status, c.broken_reason AS "brokenReason",
              c.connected_at AS "connectedAt", p.matterport_platform_account AS "platformAccount"
         FROM providers p LEFT JOIN matterport_connections c ON c.provider_id = p.id
        WHERE p.id = $1`,
      [providerId],
    );
  }

  /** Whether the provider reads the platform's own Matterport account while it has no connection (the demo's). */
  async usesPlatformAccount(providerId: string, tx: Queryable = this.db.dataSource): Promise<boolean> {
    const provider = await one<{ platformAccount: boolean }>(
      tx,
      'SELECT matterport_platform_account AS "platformAccount" FROM providers WHERE id = $1',
      [providerId],
    );
    return provider?.platformAccount ?? false;
  }

  /**
   * The demo provider of `npm start` reads the platform's own account, and is asked (like the providers from before
   * connections existed) to connect its own.
   */
  async usePlatformAccount(tx: Queryable, providerId: string): Promise<void> {
    await affected(tx, 'UPDATE providers SET matterport_platform_account = true WHERE id = $1', [providerId]);
    await affected(
      tx,
      'INSERT INTO matterport_switch_prompts (provider_id) VALUES ($1) ON CONFLICT DO NOTHING',
      [providerId],
    );
  }

  connection(providerId: string): Promise<ConnectionRow | undefined> {
    return one<ConnectionRow>(
      this.db.dataSource,
      `SELECT ${CONNECTION_COLUMNS} FROM matterport_connections WHERE provider_id = $1`,
      [providerId],
    );
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
    await rows(tx, "SELECT set_config('lock_timeout', $1, true)", [lockTimeout]);
    return one<ConnectionRow>(
      tx,
      `SELECT ${CONNECTION_COLUMNS} FROM matterport_connections WHERE provider_id = $1 FOR UPDATE`,
      [providerId],
    );
  }

  /** The provider's connection, replacing the one it had (a reconnection after a broken one, another account). */
  async connect(tx: Queryable, connection: NewConnection): Promise<void> {
    await rows(
      tx,
      `INSERT INTO matterport_connections
              (provider_id, account_name, access_token, refresh_token, access_expires_at, scope, connected_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (provider_id) DO UPDATE SET
         account_name = excluded.account_name, access_token = excluded.access_token,
         refresh_token = excluded.refresh_token, access_expires_at = excluded.access_expires_at,
         scope = excluded.scope, connected_by = excluded.connected_by, connected_at = now(),
         status = 'connected', broken_reason = NULL, broken_at = NULL, refreshed_at = NULL`,
      [
        connection.providerId,
        connection.accountName,
        connection.accessToken,
        connection.refreshToken,
        connection.accessExpiresAt,
        connection.scope,
        connection.connectedBy,
      ],
    );
  }

  async storeRenewed(tx: Queryable, providerId: string, tokens: RenewedTokens): Promise<void> {
    await affected(
      tx,
      `UPDATE matterport_connections
          SET access_token = $2, refresh_token = coalesce($3, refresh_token), access_expires_at = $4,
              refreshed_at = now()
        WHERE provider_id = $1`,
      [providerId, tokens.accessToken, tokens.refreshToken, tokens.accessExpiresAt],
    );
  }

  async markBroken(tx: Queryable, providerId: string, reason: string): Promise<void> {
    await affected(
      tx,
      `UPDATE matterport_connections SET status = 'broken', broken_reason = $2, broken_at = now()
        WHERE provider_id = $1`,
      [providerId, reason],
    );
  }

  /** Whether there was a connection to forget. */
  async disconnect(tx: Queryable, providerId: string): Promise<boolean> {
    return (
      (await affected(tx, 'DELETE FROM matterport_connections WHERE provider_id = $1', [providerId])) > 0
    );
  }

  switchPrompt(providerId: string): Promise<{ endedAt: Date | null } | undefined> {
    return one<{ endedAt: Date | null }>(
      this.db.dataSource,
      'SELECT ended_at AS "endedAt" FROM matterport_switch_prompts WHERE provider_id = $1',
      [providerId],
    );
  }

  /** The prompt is over for the provider: it connected its own account, or dismissed the prompt. */
  async endSwitchPrompt(
    providerId: string,
    by: 'connected' | 'dismissed',
    tx: Queryable = this.db.dataSource,
  ): Promise<void> {
    await affected(
      tx,
      `UPDATE matterport_switch_prompts SET ended_at = now(), ended_by = $2
        WHERE provider_id = $1 AND ended_at IS NULL`,
      [providerId, by],
    );
  }
}
