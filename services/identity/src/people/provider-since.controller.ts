import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PROVIDER_SINCE, type ProviderSince, type ProviderSinceRequest } from '@tourly/contracts';
import { Database } from '@tourly/platform';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Request-reply for other services: when a provider's account was opened (billing's legacy plan check). */
@Controller()
export class ProviderSinceController {
  constructor(private readonly db: Database) {}

  @MessagePattern(PROVIDER_SINCE)
  async since(@Payload() request: ProviderSinceRequest): Promise<ProviderSince> {
    const providerId = typeof request?.providerId === 'string' ? request.providerId : '';
    if (!UUID.test(providerId)) return { createdAt: null };
    const [row] = (await this.db.dataSource.query(
      'SELECT created_at AS "createdAt" FROM providers WHERE id = $1',
      [providerId],
    )) as Array<{ createdAt: Date }>;
    return { createdAt: row ? row.createdAt.toISOString() : null };
  }
}
