import { mergeDocuments, prefixSchemas } from './api-docs.rules';

describe('prefixSchemas: a service’s schema names and references, prefixed with the service', () => {
  it.each<
    [
      string,
      Record<string, unknown>,
      Record<string, unknown>,
      Record<string, unknown>,
      Record<string, unknown>,
    ]
  >([
    ['nothing to rename', {}, {}, {}, {}],
    [
      'a schema and its reference',
      { '/plans': { get: { $ref: '#/components/schemas/PlanResponse' } } },
      { PlanResponse: { type: 'object' } },
      { '/plans': { get: { $ref: '#/components/schemas/billing.PlanResponse' } } },
      { 'billing.PlanResponse': { type: 'object' } },
    ],
    [
      'a reference between schemas',
      {},
      { A: { properties: { b: { $ref: '#/components/schemas/B' } } }, B: { type: 'string' } },
      {},
      {
        'billing.A': { properties: { b: { $ref: '#/components/schemas/billing.B' } } },
        'billing.B': { type: 'string' },
      },
    ],
  ])('%s', (_case, paths, schemas, prefixedPaths, prefixedSchemas) => {
    expect(prefixSchemas({ paths, components: { schemas } }, 'billing')).toEqual({
      paths: prefixedPaths,
      components: { schemas: prefixedSchemas },
    });
  });
});

describe('mergeDocuments', () => {
  it('merges the parts that answered and lists those that did not', () => {
    const merged = mergeDocuments('tourly API', [
      [
        'identity',
        {
          paths: { '/users/me': {} },
          components: { schemas: { PageQuery: {} } },
          'x-webhooks': { 'property.created': { post: {} } },
        },
      ],
      ['billing', { paths: { '/provider/billing/plans': {} }, components: { schemas: { PageQuery: {} } } }],
      ['orders', undefined],
    ]);
    expect(merged.paths).toEqual({ '/users/me': {}, '/provider/billing/plans': {} });
    expect(Object.keys(merged.components.schemas)).toEqual(['identity.PageQuery', 'billing.PageQuery']);
    expect(merged['x-unavailable-services']).toEqual(['orders']);
    expect(merged['x-webhooks']).toEqual({ 'property.created': { post: {} } });
    expect(merged.info.title).toBe('tourly API');
  });
});
