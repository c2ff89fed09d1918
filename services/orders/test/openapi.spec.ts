import request from 'supertest';
import { startTestService, type TestService } from '@tourly/platform/testing';
import { orders, OrdersConfig } from '@tourly/orders';

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

/**
 * Orders alone: every route it serves declares its answer (`@Responds` with a response class from its feature's
 * `x.dto.ts`), so the document shows it. No route is served yet; each feature that brings one is held to this.
 */
describe('orders OpenAPI document', () => {
  let service: TestService<OrdersConfig>;

  beforeAll(async () => {
    service = await startTestService(orders);
  });

  afterAll(() => service.stop());

  it('has a success answer with a body schema for every operation', async () => {
    const response = await request(service.url).get('/openapi.json');
    expect(response.status).toBe(200);
    const paths = response.body.paths as Record<string, Record<string, Operation>>;
    const undeclared = Object.entries(paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, operation]) => {
          const success = Object.entries(operation.responses).find(([status]) => status.startsWith('2'));
          return !success?.[1].content?.['application/json']?.schema;
        })
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(undeclared).toEqual([]);
  });
});
