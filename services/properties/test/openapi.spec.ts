import request from 'supertest';
import {
  answerSchema,
  operationsOf,
  startTestService,
  undeclaredAnswers,
  type DocumentedOperation,
  type TestService,
} from '@tourly/platform/testing';
import { properties, PropertiesConfig } from '@tourly/properties';

/**
 * Routes that answer bytes, not JSON: a @Responds answer cannot say that, so each declares its binary body
 * itself (`@ApiProduces` and `@ApiOkResponse({ schema: { type: 'string', format: 'binary' } })`).
 */
const BINARY: Record<string, string> = {
  'GET /provider/properties/{id}/documents/download.zip': 'application/zip',
};

/** Properties alone: its document declares the answer of every route it serves. */
describe('properties OpenAPI document', () => {
  let service: TestService<PropertiesConfig>;
  let document: Parameters<typeof undeclaredAnswers>[0];
  let operations: Array<[string, DocumentedOperation]>;

  beforeAll(async () => {
    service = await startTestService(properties);
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

  it.each(Object.entries(BINARY))('says %s answers %s bytes', (name, type) => {
    const operation = operations.find(([candidate]) => candidate === name)?.[1];
    expect(operation?.responses?.['200']?.content).toEqual({
      [type]: { schema: { type: 'string', format: 'binary' } },
    });
  });

  it('shows answers as the wire carries them: in {data}, snake_cased', () => {
    const property = operations.find(([name]) => name === 'GET /provider/properties/{id}')?.[1];
    expect(answerSchema(property, '200')).toEqual({
      type: 'object',
      required: ['data'],
      properties: { data: { $ref: '#/components/schemas/PropertyResponse' } },
    });
    const added = operations.find(([name]) => name === 'POST /provider/properties')?.[1];
    expect(answerSchema(added, '201')).toEqual({
      type: 'object',
      required: ['data'],
      properties: { data: { $ref: '#/components/schemas/PropertyResponse' } },
    });
  });
});
