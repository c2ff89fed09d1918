import request from 'supertest';
import { DataSource } from 'typeorm';
import { BACKEND_SERVICES } from '@tourly/contracts';
import type { DatabaseConfig } from '@tourly/platform';
import { startTestService, type TestService } from '@tourly/platform/testing';
import { BACKEND_DEFINITIONS } from '../infra/launcher/src/platform';

/** What every backend service is from its first day: a schema of its own, probes, the error shape. */
describe.each(BACKEND_SERVICES)('%s service', (name) => {
  let service: TestService<DatabaseConfig>;

  beforeAll(async () => {
    service = await startTestService(BACKEND_DEFINITIONS[name]);
  });
  afterAll(() => service.stop());

  it('owns its schema, with the platform tables migrated', async () => {
    const tables = await service.app
      .get(DataSource)
      .query('SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name', [
        name,
      ]);
    expect(tables.map((t: { table_name: string }) => t.table_name)).toEqual(
      expect.arrayContaining(['dead_letters', 'inbox', 'migrations', 'outbox']),
    );
  });

  it('is ready when its database and NATS answer and events leave its outbox', async () => {
    const response = await request(service.url).get('/readyz');
    expect(response.status).toBe(200);
    expect(response.body.info).toEqual({
      database: { status: 'up' },
      events: { status: 'up', transport: 'nats' },
      outbox: { status: 'up', oldest_unsent_seconds: expect.any(Number), parked: 0, max_lag_seconds: 300 },
    });
  });

  it('answers a path it does not serve with 404 in the error shape', async () => {
    const response = await request(service.url).get('/provider/anything');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ errors: { base: ['Cannot GET /provider/anything'] } });
  });
});
