import request from 'supertest';
import { DataSource } from 'typeorm';
import { startTestService, type TestService } from '@tourly/platform/testing';
import { properties, type PropertiesConfig } from '@tourly/properties';

describe('properties service', () => {
  let service: TestService<PropertiesConfig>;

  beforeAll(async () => {
    service = await startTestService(properties);
  });
  afterAll(() => service.stop());

  it('owns its schema, with the platform tables migrated', async () => {
    const tables = await service.app
      .get(DataSource)
      .query(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'properties' ORDER BY table_name",
      );
    expect(tables.map((t: { table_name: string }) => t.table_name)).toEqual(
      expect.arrayContaining(['dead_letters', 'inbox', 'migrations', 'outbox']),
    );
  });

  it('is ready when its database and NATS answer', async () => {
    const response = await request(service.url).get('/readyz');
    expect(response.status).toBe(200);
    expect(response.body.info).toEqual({
      database: { status: 'up' },
      events: { status: 'up', transport: 'nats' },
    });
  });

  it('answers a path it does not serve with 404 in the error shape', async () => {
    const response = await request(service.url).get('/provider/anything');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ errors: { base: ['Cannot GET /provider/anything'] } });
  });
});
