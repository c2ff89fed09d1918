import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PROVIDER_PEOPLE, type ProviderPeople, type ProviderPeopleRequest } from '@tourly/contracts';
import { Database } from '@tourly/platform';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_IDS = 1000;

/** Request-reply for other services: which user ids are people of a provider (its team, not its clients). */
@Controller()
export class PeopleController {
  constructor(private readonly db: Database) {}

  @MessagePattern(PROVIDER_PEOPLE)
  async people(@Payload() request: ProviderPeopleRequest): Promise<ProviderPeople> {
    const providerId = typeof request?.providerId === 'string' ? request.providerId : '';
    const userIds = (Array.isArray(request?.userIds) ? request.userIds : [])
      .filter((id): id is string => typeof id === 'string' && UUID.test(id))
      .slice(0, MAX_IDS);
    if (!UUID.test(providerId) || userIds.length === 0) return { userIds: [] };
    const rows = (await this.db.dataSource.query(
      `SELECT m.user_id AS id FROM memberships m
        WHERE m.provider_id = $1 AND m.user_id = ANY($2::uuid[])
          AND m.role IN ('admin', 'scan_technician', 'member')`,
      [providerId, userIds],
    )) as Array<{ id: string }>;
    return { userIds: rows.map((row) => row.id) };
  }
}
