import { CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { READ_ONLY_ROLES, type MembershipRole, type StaffRole } from '@tourly/contracts';
import { ApiError } from '../http/errors';
import { attachCaller } from './caller';
import { ANONYMOUS, INTERNAL_TOKEN_HEADER, InternalTokens } from './internal-token';

const PUBLIC = 'platform:public';
const ACCESS = 'platform:access';
const NOT_WHILE_IMPERSONATING = 'platform:not-while-impersonating';
const READS = 'platform:reads';
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const IMPERSONATION_FORBIDDEN = 'An administrator impersonating a provider cannot do this.';

interface AccessRule {
  roles?: readonly MembershipRole[];
  staff?: readonly StaffRole[];
}

/**
 * Reachable without the gateway's token: the public player, vendor webhooks with their own signature
 * checks, health probes. The caller is still read when a valid token is present.
 */
export const Public = () => SetMetadata(PUBLIC, true);

/** Only users with one of these roles in their current provider (or the staff roles given). */
export const Roles = (...roles: MembershipRole[]) => SetMetadata(ACCESS, { roles } satisfies AccessRule);

/**
 * What only the provider's own people may do, never an admin impersonating them: changing the password,
 * the API key, webhook secrets. `reason`: the 403's words (by default, that an impersonating admin cannot).
 */
export const NotWhileImpersonating = (reason: string = IMPERSONATION_FORBIDDEN) =>
  SetMetadata(NOT_WHILE_IMPERSONATING, reason);

/**
 * A route whose unsafe method changes nothing (a preview, a download): the read-only roles (`READ_ONLY_ROLES`, a
 * member) may call it like a GET.
 */
export const Reads = () => SetMetadata(READS, true);

/** Only platform staff with one of these back-office roles. */
export const Staff = (...staff: StaffRole[]) => SetMetadata(ACCESS, { staff } satisfies AccessRule);

/**
 * Every request must carry a valid internal token (the gateway mints one per caller) unless the route is
 * @Public(). Routes restricted by @Roles/@Staff refuse other callers with 403; anonymous callers get 401. A
 * read-only role (a member) gets 403 from such a route's unsafe methods unless it is declared a read (`@Reads()`).
 */
@Injectable()
export class InternalAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: InternalTokens,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const header = request.headers[INTERNAL_TOKEN_HEADER];
    const identity = this.tokens.verify(typeof header === 'string' ? header : undefined);
    const isPublic = this.reflector.getAllAndOverride<boolean>(PUBLIC, targets);

    if (!identity && !isPublic) throw ApiError.unauthorized();
    attachCaller(request, { ...(identity ?? ANONYMOUS), requestId: request.id });
    if (isPublic) return true;
    if (!identity?.userId) throw ApiError.unauthorized();

    const notWhileImpersonating = this.reflector.getAllAndOverride<string | undefined>(
      NOT_WHILE_IMPERSONATING,
      targets,
    );
    if (identity.impersonatorId && notWhileImpersonating) {
      throw ApiError.forbidden(notWhileImpersonating);
    }
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS, targets);
    if (!rule) return true;
    const allowedByRole = !!identity.role && !!identity.providerId && !!rule.roles?.includes(identity.role);
    const allowedByStaff = !!identity.staffRole && !!rule.staff?.includes(identity.staffRole);
    if (!allowedByRole && !allowedByStaff) throw ApiError.forbidden();
    // A read-only role reads: it changes nothing through a route its role opens (issue 31).
    if (
      !allowedByStaff &&
      READ_ONLY_ROLES.includes(identity.role as MembershipRole) &&
      !READ_METHODS.has(request.method) &&
      !this.reflector.getAllAndOverride<boolean>(READS, targets)
    ) {
      throw ApiError.forbidden();
    }
    return true;
  }
}
