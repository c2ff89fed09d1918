import request from 'supertest';
import {
  answerSchema,
  operationsOf,
  startTestService,
  undeclaredAnswers,
  type DocumentedOperation,
  type TestService,
} from '@tourly/platform/testing';
import { billing, BillingConfig } from '@tourly/billing';
import { startEmulators } from '@tourly/emulators';

/** Billing alone: its document declares the answer of every route it serves. */
describe('billing OpenAPI document', () => {
  let emulators: Awaited<ReturnType<typeof startEmulators>>;
  let service: TestService<BillingConfig>;
  let document: Parameters<typeof undeclaredAnswers>[0];
  let operations: Array<[string, DocumentedOperation]>;

  beforeAll(async () => {
    // The Stripe emulator, so the catalogue's sync at start talks to it rather than to Stripe.
    emulators = await startEmulators({ port: 0 });
    service = await startTestService(billing, { extra: { STRIPE_API_URL: emulators.url } });
    const response = await request(service.url).get('/openapi.json');
    expect(response.status).toBe(200);
    document = response.body;
    operations = operationsOf(document);
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
    expect(answerSchema(current, '200')).toEqual({
      type: 'object',
      required: ['data'],
      properties: {
        data: { allOf: [{ $ref: '#/components/schemas/SubscriptionResponse' }], nullable: true },
      },
    });
  });

  it('shows answers as the wire carries them: in {data}, paged where the route pages', () => {
    const plans = operations.find(([name]) => name === 'GET /provider/billing/plans')?.[1];
    expect(answerSchema(plans, '200')).toEqual({
      type: 'object',
      required: ['data'],
      properties: { data: { type: 'array', items: { $ref: '#/components/schemas/PlanResponse' } } },
    });
    const extensions = operations.find(
      ([name]) => name === 'GET /provider/billing/immersive_extensions',
    )?.[1];
    const schema = answerSchema(extensions, '200') as {
      properties: { data: { properties: { items: unknown } } };
    };
    expect(schema.properties.data.properties.items).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/ImmersiveExtensionResponse' },
    });
  });
});
