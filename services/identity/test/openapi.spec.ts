import request from 'supertest';
import {
  answerSchema,
  operationsOf,
  startTestService,
  undeclaredAnswers,
  type DocumentedOperation,
  type TestService,
} from '@tourly/platform/testing';
import { WEBHOOK_EVENT_TYPES } from '@tourly/contracts';
import { identity, IdentityConfig } from '@tourly/identity';

/** Identity alone: its document declares the answer of every route it serves. */
describe('identity OpenAPI document', () => {
  let service: TestService<IdentityConfig>;
  let document: Parameters<typeof undeclaredAnswers>[0];
  let operations: Array<[string, DocumentedOperation]>;

  beforeAll(async () => {
    service = await startTestService(identity);
    const response = await request(service.url).get('/openapi.json');
    expect(response.status).toBe(200);
    document = response.body;
    operations = operationsOf(document);
  });

  afterAll(() => service.stop());

  it('has a success answer with a body schema for every operation', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(undeclaredAnswers(document)).toEqual([]);
  });

  it('shows answers as the wire carries them: in {data}, snake_cased', () => {
    const signIn = operations.find(([name]) => name === 'POST /users/sign_in')?.[1];
    expect(answerSchema(signIn, '200')).toEqual({
      type: 'object',
      required: ['data'],
      properties: { data: { $ref: '#/components/schemas/SignedInResponse' } },
    });
    const token = operations.find(([name]) => name === 'POST /oauth/token')?.[1];
    expect(answerSchema(token, '200')).toEqual({
      $ref: '#/components/schemas/TokenResponse',
    });
  });

  it('publishes the webhook catalogue: each event type, its headers, body schema and example', () => {
    const webhooks = (document as { 'x-webhooks'?: Record<string, { post: Record<string, unknown> }> })[
      'x-webhooks'
    ];
    expect(Object.keys(webhooks ?? {})).toEqual([...WEBHOOK_EVENT_TYPES]);
    const post = webhooks!['order.finalised']!.post as {
      parameters: Array<{ name: string }>;
      requestBody: { content: { 'application/json': { schema: unknown; example: { data: object } } } };
    };
    expect(post.parameters.map((header) => header.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
    const body = post.requestBody.content['application/json'];
    expect(body.schema).toMatchObject({
      required: ['type', 'timestamp', 'data'],
      properties: {
        type: { enum: ['order.finalised'] },
        data: { required: expect.arrayContaining(['files']) },
      },
    });
    expect(body.example.data).toMatchObject({ kind: 'floorplan', credits: 5 });
  });
});
