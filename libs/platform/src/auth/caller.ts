import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../http/errors';
import type { CallerIdentity } from './internal-token';

/** The verified caller of the current request, set by the InternalAuthGuard. */
export interface Caller extends CallerIdentity {
  requestId: string;
}

type RequestWithCaller = FastifyRequest & { caller?: Caller };

export function callerOf(request: FastifyRequest): Caller | undefined {
  return (request as RequestWithCaller).caller;
}

export function attachCaller(request: FastifyRequest, caller: Caller): void {
  (request as RequestWithCaller).caller = caller;
}

/** `list(@Caller() caller: Caller, ...)`: handlers take the caller as an argument, never from a global. */
export const Caller = createParamDecorator((_: unknown, context: ExecutionContext): Caller => {
  const caller = callerOf(context.switchToHttp().getRequest<FastifyRequest>());
  if (!caller) throw ApiError.unauthorized();
  return caller;
});

/**
 * The caller's current provider: the tenant every provider-owned query filters on. A caller without one
 * (an anonymous visitor, staff not impersonating) is refused, and so is a client user: it works in its client's
 * portal (`ClientScope`), never in the provider's workspace, whatever a route's roles say.
 */
export const ProviderId = createParamDecorator((_: unknown, context: ExecutionContext): string => {
  const caller = callerOf(context.switchToHttp().getRequest<FastifyRequest>());
  if (!caller?.userId) throw ApiError.unauthorized();
  if (caller.role === 'client_user') throw ApiError.forbidden();
  if (!caller.providerId) throw ApiError.forbidden('Choose a provider to work in first.');
  return caller.providerId;
});

/** What a client user's portal reads are scoped to: its provider and, within it, its client. */
export interface ClientScope {
  providerId: string;
  clientId: string;
}

/**
 * The caller's portal scope: a client user's provider and client, the pair every portal query filters on (another
 * client's rows, of the same provider or not, are not found). Anyone else is refused: a provider's people work in
 * the workspace, not in a client's portal.
 */
export const ClientScope = createParamDecorator((_: unknown, context: ExecutionContext): ClientScope => {
  const caller = callerOf(context.switchToHttp().getRequest<FastifyRequest>());
  if (!caller?.userId) throw ApiError.unauthorized();
  if (caller.role !== 'client_user' || !caller.providerId || !caller.clientId) throw ApiError.forbidden();
  return { providerId: caller.providerId, clientId: caller.clientId };
});
