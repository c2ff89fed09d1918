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
  IConnectSketchfabQuery,
  IFindImportQuery,
  IFindConnectionQuery,
  IFindConnectionResult,
  ILockConnectionQuery,
  IMarkBrokenQuery,
  IRecordImportQuery,
  IStartAuthorizationQuery,
  IStoreRenewedTokensQuery,
  IUseAuthorizationQuery,
} from './sketchfab.repository.types';

type ConnectionStatus = 'connected' | 'broken';

/** A provider's Sketchfab connection; its tokens sealed (TokenCipher), never in clear. */
export type SketchfabConnectionRow = Narrowed<IFindConnectionResult, { status: ConnectionStatus }>;

export interface NewSketchfabConnection {
  providerId: string;
  accountName: string | null;
  accessToken: Buffer;
  refreshToken: Buffer | null;
  accessExpiresAt: Date;
  scope: string | null;
  connectedBy: string;
}

const startAuthorization = sql<IStartAuthorizationQuery>`
  INSERT INTO sketchfab_authorizations (state_hash, provider_id, user_id, property_id, expires_at)
  VALUES ($stateHash!, $providerId!, $userId!, $propertyId!, now() + make_interval(mins => $minutes!))`;

const useAuthorization = sql<IUseAuthorizationQuery>`
  UPDATE sketchfab_authorizations SET used_at = now()
   WHERE state_hash = $stateHash! AND user_id = $userId! AND provider_id = $providerId! AND used_at IS NULL
     AND expires_at > now()
   RETURNING property_id AS "propertyId"`;

const findConnection = sql<Narrow<IFindConnectionQuery, { status: ConnectionStatus }>>`
  SELECT provider_id AS "providerId", account_name AS "accountName", access_token AS "accessToken",
         refresh_token AS "refreshToken", access_expires_at AS "accessExpiresAt", status,
         connected_at AS "connectedAt"
    FROM sketchfab_connections WHERE provider_id = $providerId!`;

const lockConnection = sql<Narrow<ILockConnectionQuery, { status: ConnectionStatus }>>`
  SELECT provider_id AS "providerId", account_name AS "accountName", access_token AS "accessToken",
         refresh_token AS "refreshToken", access_expires_at AS "accessExpiresAt", status,
         connected_at AS "connectedAt"
    FROM sketchfab_connections WHERE provider_id = $providerId! FOR UPDATE`;

const connectSketchfab = sql<IConnectSketchfabQuery>`
  INSERT INTO sketchfab_connections
         (provider_id, account_name, access_token, refresh_token, access_expires_at, scope, connected_by)
  VALUES ($providerId!, $accountName, $accessToken!, $refreshToken, $accessExpiresAt!, $scope, $connectedBy!)
  ON CONFLICT (provider_id) DO UPDATE SET
    account_name = excluded.account_name, access_token = excluded.access_token,
    refresh_token = excluded.refresh_token, access_expires_at = excluded.access_expires_at,
    scope = excluded.scope, connected_by = excluded.connected_by, connected_at = now(),
    status = 'connected', refreshed_at = NULL`;

const storeRenewedTokens = sql<IStoreRenewedTokensQuery>`
  UPDATE sketchfab_connections
     SET access_token = $accessToken!, refresh_token = coalesce($refreshToken, refresh_token),
         access_expires_at = $accessExpiresAt!, refreshed_at = now()
   WHERE provider_id = $providerId!`;

const markBroken = sql<IMarkBrokenQuery>`
  UPDATE sketchfab_connections SET status = 'broken' WHERE provider_id = $providerId!`;

// An archived asset (deleted while a published scene places it) is out of the library: the import is not answered.
const findImport = sql<IFindImportQuery>`
  SELECT i.asset_id AS "assetId"
    FROM sketchfab_imports i JOIN staging_assets a ON a.id = i.asset_id
   WHERE i.provider_id = $providerId! AND i.model_uid = $uid! AND a.archived_at IS NULL`;

// An import of a model whose asset was archived moves to the new asset (the archived one stays where scenes place
// it); one whose asset is in the library keeps it (a concurrent import made it).
const recordImport = sql<IRecordImportQuery>`
  INSERT INTO sketchfab_imports (provider_id, model_uid, asset_id) VALUES ($providerId!, $uid!, $assetId!)
  ON CONFLICT (provider_id, model_uid) DO UPDATE SET asset_id = excluded.asset_id, created_at = now()
   WHERE EXISTS (SELECT 1 FROM staging_assets a
                  WHERE a.id = sketchfab_imports.asset_id AND a.archived_at IS NOT NULL)
  RETURNING asset_id AS "assetId"`;

/**
 * The Sketchfab tables: `sketchfab_connections` (one per provider), `sketchfab_authorizations` (attempts on their
 * way through Sketchfab's page) and `sketchfab_imports` (which model each imported asset came from).
 */
@Injectable()
export class SketchfabRepository {
  constructor(private readonly db: Database) {}

  async startAuthorization(authorization: {
    stateHash: Buffer;
    providerId: string;
    userId: string;
    propertyId: string;
    minutes: number;
  }): Promise<void> {
    await queryRows(this.db.dataSource, startAuthorization, authorization);
  }

  /**
   * Spends the authorisation of a state, only for the person and provider that started it, unused and unexpired;
   * answers the property it was started for, or undefined (nothing changes then).
   */
  useAuthorization(
    stateHash: Buffer,
    userId: string,
    providerId: string,
  ): Promise<{ propertyId: string } | undefined> {
    return queryOne(this.db.dataSource, useAuthorization, { stateHash, userId, providerId });
  }

  connection(providerId: string): Promise<SketchfabConnectionRow | undefined> {
    return queryOne(this.db.dataSource, findConnection, { providerId });
  }

  /** The connection, locked until the transaction ends: a second renewal waits, then reads the renewed tokens. */
  lockConnection(tx: Queryable, providerId: string): Promise<SketchfabConnectionRow | undefined> {
    return queryOne(tx, lockConnection, { providerId });
  }

  async connect(tx: Queryable, connection: NewSketchfabConnection): Promise<void> {
    await queryRows(tx, connectSketchfab, connection);
  }

  async storeRenewed(
    tx: Queryable,
    providerId: string,
    tokens: { accessToken: Buffer; refreshToken: Buffer | null; accessExpiresAt: Date },
  ): Promise<void> {
    await queryAffected(tx, storeRenewedTokens, { ...tokens, providerId });
  }

  async markBroken(tx: Queryable, providerId: string): Promise<void> {
    await queryAffected(tx, markBroken, { providerId });
  }

  /** The provider's asset in the library made of the model; undefined when none is (never imported, or archived). */
  async importedAsset(providerId: string, uid: string): Promise<string | undefined> {
    return (await queryOne(this.db.dataSource, findImport, { providerId, uid }))?.assetId;
  }

  /**
   * Whether this import was recorded now, or took over from an archived asset's (false: the provider imported the
   * model meanwhile, and that asset is in the library).
   */
  async recordImport(tx: Queryable, providerId: string, uid: string, assetId: string): Promise<boolean> {
    return (await queryOne(tx, recordImport, { providerId, uid, assetId })) !== undefined;
  }
}
