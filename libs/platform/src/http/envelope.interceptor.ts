import {
  CallHandler,
  ExecutionContext,
  Injectable,
  NestInterceptor,
  SetMetadata,
  StreamableFile,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Observable, map } from 'rxjs';
import { toSnakeKeys } from './case';

export const RAW_RESPONSE = 'platform:raw-response';

/** The handler answers its own body (health probes, files, HTML, vendor callbacks): no `{data}` envelope. */
export const RawResponse = () => SetMetadata(RAW_RESPONSE, true);

/** Wraps every JSON answer as `{ "data": ... }` with snake_case keys. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const raw = this.reflector.getAllAndOverride<boolean>(RAW_RESPONSE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (raw) return next.handle();
    return next
      .handle()
      .pipe(
        map((result: unknown) =>
          result instanceof StreamableFile ? result : { data: toSnakeKeys(result ?? null) },
        ),
      );
  }
}
