import request from 'supertest';
import { startTestService, type TestService } from '@tourly/platform/testing';
import { gateway, type GatewayConfig } from '@tourly/gateway';

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

/**
 * The gateway's own document: its routes outside the services (the API document itself, health, metrics, pages
 * and the edge) are not operations of the public API, and whatever it serves there declares its answer.
 */
describe('gateway OpenAPI document', () => {
  let front: TestService<GatewayConfig>;

  beforeAll(async () => {
    const nowhere = 'http://127.0.0.1:9';
    front = await startTestService(gateway, {
      extra: { IDENTITY_URL: nowhere, BILLING_URL: nowhere, PROPERTIES_URL: nowhere, ORDERS_URL: nowhere },
    });
  });

  afterAll(() => front.stop());

  it('declares a success answer with a body schema for every operation of its own', async () => {
    const response = await request(front.url).get('/openapi.json');
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
    // `/api/docs` is the document itself, not one of its operations.
    expect(Object.keys(paths)).not.toContain('/api/docs');
  });
});
