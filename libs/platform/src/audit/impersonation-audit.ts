import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Observable } from 'rxjs';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { callerOf } from '../auth/caller';

/** An administrator acting as a provider: whose records change, and who changes them. */
export interface Impersonation {
  adminId: string;
  providerId: string;
}

/**
 * The setting each database connection carries while it works for an impersonating administrator's request: the
 * audit triggers (`ImpersonationAudit` migration) read it and record every row the request changes.
 */
export const IMPERSONATION_SETTING = 'tourly.impersonation';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const acting = new AsyncLocalStorage<Impersonation>();

/**
 * Runs each request that may change something, made by an administrator impersonating a provider, as that
 * impersonation: every connection it takes from the pool is tagged with it (`tagConnectionsWithImpersonation`).
 */
@Injectable()
export class ImpersonationAuditInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const caller = callerOf(request);
    if (!caller?.impersonatorId || !caller.providerId || SAFE_METHODS.has(request.method))
      return next.handle();
    const impersonation = { adminId: caller.impersonatorId, providerId: caller.providerId };
    return new Observable((subscriber) =>
      acting.run(impersonation, () => next.handle().subscribe(subscriber)),
    );
  }
}

type Connection = { query(sql: string, parameters: unknown[]): Promise<unknown>; impersonation?: string };

/**
 * Tags each connection as it leaves the pool with the impersonation of the request it serves, or with none: a
 * connection keeps the tag it was last given, so it is written only when it differs (once at the start of an
 * impersonated request's transaction or query, once more when the connection next serves anyone else). Transactions
 * and single queries alike go through here, whichever repository makes them.
 */
export function tagConnectionsWithImpersonation(dataSource: DataSource): void {
  const driver = dataSource.driver as PostgresDriver;
  const obtain = driver.obtainMasterConnection.bind(driver);
  driver.obtainMasterConnection = async () => {
    const impersonation = acting.getStore();
    const tag = impersonation
      ? JSON.stringify({ admin_id: impersonation.adminId, provider_id: impersonation.providerId })
      : 'null';
    const [connection, release] = (await obtain()) as [Connection, (error?: unknown) => void];
    if ((connection.impersonation ?? 'null') !== tag) {
      try {
        await connection.query('SELECT set_config($1, $2, false)', [
          IMPERSONATION_SETTING,
          tag === 'null' ? '' : tag,
        ]);
      } catch (error) {
        release(error);
        throw error;
      }
      connection.impersonation = tag;
    }
    return [connection, release];
  };
}
