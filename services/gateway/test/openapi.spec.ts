import request from 'supertest';
import { startTestService, undeclaredAnswers, type TestService } from '@tourly/platform/testing';
import { gateway, type GatewayConfig } from '@tourly/gateway';

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
    expect(undeclaredAnswers(response.body)).toEqual([]);
    // `/api/docs` is the document itself, not one of its operations.
    expect(Object.keys(response.body.paths)).not.toContain('/api/docs');
  });
});
