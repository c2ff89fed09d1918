import request from 'supertest';
import { startTestService, undeclaredAnswers, type TestService } from '@tourly/platform/testing';
import { billing, BillingConfig } from '@tourly/billing';
import { startEmulators } from '@tourly/emulators';

interface Operation {
  operationId: string;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

/** Billing alone: its document declares the answer of every route it serves. */
describe('billing OpenAPI document', () => {
  let emulators: Awaited<ReturnType<typeof startEmulators>>;
  let service: TestService<BillingConfig>;
  let document: Parameters<typeof undeclaredAnswers>[0];
  let operations: Array<[string, Operation]>;

  beforeAll(async () => {
    // The Stripe emulator, so the catalogue's sync at start talks to it rather than to Stripe.
    emulators = await startEmulators({ port: 0 });
    service = await startTestService(billing, { extra: { STRIPE_API_URL: emulators.url } });
    const response = await request(service.url).get('/openapi.json');
    expect(response.status).toBe(200);
    document = response.body;
    const paths = response.body.paths as Record<string, Record<string, Operation>>;
    operations = Object.entries(paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]): [string, Operation] => [
        `${method.toUpperCase()} ${path}`,
        operation,
      ]),
    );
  });

  afterAll(async () => {
    await service?.stop();
    await emulators?.close();
  });

  it('has a success answer with a body schema for every operation', () => {
    expect(operations.length).toBeGreaterThan(20);
    expect(undeclaredAnswers(document)).toEqual([]);
  });

  it('shows an answer that may be null as nullable: no subscription yet on a legacy plan', () => {
    const current = operations.find(
      ([name]) => name === 'GET /provider/billing/service_plan_subscription',
    )?.[1];
    expect(current?.responses['200'].content?.['application/json'].schema).toEqual({
      type: 'object',
      required: ['data'],
      properties: {
        data: { allOf: [{ $ref: '#/components/schemas/SubscriptionResponse' }], nullable: true },
      },
    });
  });

  it('shows answers as the wire carries them: in {data}, paged where the route pages', () => {
    const plans = operations.find(([name]) => name === 'GET /provider/billing/plans')?.[1];
    expect(plans?.responses['200'].content?.['application/json'].schema).toEqual({
      type: 'object',
      required: ['data'],
      properties: { data: { type: 'array', items: { $ref: '#/components/schemas/PlanResponse' } } },
    });
    const extensions = operations.find(
      ([name]) => name === 'GET /provider/billing/immersive_extensions',
    )?.[1];
    const schema = extensions?.responses['200'].content?.['application/json'].schema as {
      properties: { data: { properties: { items: unknown } } };
    };
    expect(schema.properties.data.properties.items).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/ImmersiveExtensionResponse' },
    });
  });
});
