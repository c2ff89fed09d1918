import {
  createVendors,
  MATTERPORT_DEMO_MODELS,
  matterportDemoModelId,
  startEmulators,
  type MatterportModel,
  type RunningEmulators,
} from '@tourly/emulators';

const ALL_FIELDS = `id name description created modified state visibility
  image { resizeUrl } address { address1 city state postal country }`;

const LIST_MODELS = `query listModels($query: String, $offset: String, $pageSize: Int) {
  models(query: $query, offset: $offset, pageSize: $pageSize) {
    totalResults
    nextOffset
    results { ${ALL_FIELDS} }
  }
}`;

const GET_MODEL = `query getModel($id: ID!) { model(id: $id) { ${ALL_FIELDS} } }`;

interface ModelList {
  totalResults: number;
  nextOffset: string | null;
  results: MatterportModel[];
}

interface GraphQLResponse<T> {
  status: number;
  body: { data?: T; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };
}

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

describe('matterport emulator (Model API over GraphQL)', () => {
  let emulators: RunningEmulators;

  beforeAll(async () => {
    emulators = await startEmulators({ port: 0 });
  });
  afterAll(() => emulators.close());
  beforeEach(async () => {
    await fetch(`${emulators.url}/_emulator/reset`, { method: 'POST' });
  });

  async function graph<T>(
    body: object,
    authorization: string | null = basic('token-a', 'secret-a'),
  ): Promise<GraphQLResponse<T>> {
    const response = await fetch(`${emulators.url}/matterport/api/models/graph`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as GraphQLResponse<T>['body'] };
  }

  async function listModels(variables: object = {}, token = 'token-a'): Promise<ModelList> {
    const { status, body } = await graph<{ models: ModelList }>(
      { query: LIST_MODELS, variables },
      basic(token, 'secret'),
    );
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    return body.data!.models;
  }

  async function addModel(fields: object): Promise<Response> {
    return fetch(`${emulators.url}/_emulator/matterport/models`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(fields),
    });
  }

  describe('authentication', () => {
    it.each([
      ['no Authorization header', null],
      ['a bearer token', 'Bearer abc'],
      ['a token id without a secret', basic('token-a', '')],
      ['no token id', basic('', 'secret')],
      ['garbage', 'Basic !!!'],
    ])('answers 401 with a GraphQL error body for %s', async (_case, authorization) => {
      const { status, body } = await graph({ query: LIST_MODELS }, authorization);

      expect(status).toBe(401);
      expect(body).toEqual({
        errors: [
          {
            message: expect.stringContaining('HTTP Basic'),
            extensions: { code: 'request.unauthenticated' },
          },
        ],
      });
    });
  });

  describe('models', () => {
    it('lists the twelve demo models of a new account, newest first, every field shaped', async () => {
      const list = await listModels();

      expect(list.totalResults).toBe(12);
      expect(list.nextOffset).toBeNull();
      const expectedIds = MATTERPORT_DEMO_MODELS.map((_model, index) =>
        matterportDemoModelId('token-a', index),
      );
      expect(list.results.map((model) => model.id)).toEqual([...expectedIds].reverse());
      for (const model of list.results) {
        expect(model.id).toMatch(/^[A-Za-z0-9]{11}$/);
        expect(model.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
        expect(Date.parse(model.modified)).toBeGreaterThan(Date.parse(model.created));
        expect(['active', 'inactive', 'processing', 'failed']).toContain(model.state);
        expect(['private', 'unlisted', 'public']).toContain(model.visibility);
      }
      expect(new Set(list.results.map((model) => model.state))).toEqual(
        new Set(['active', 'inactive', 'processing', 'failed']),
      );
      const oldest = list.results.at(-1)!;
      expect(oldest).toEqual({
        id: matterportDemoModelId('token-a', 0),
        name: '12 Harbour View, Sydney',
        description: 'Three-bedroom apartment with harbour views.',
        created: '2024-01-15T09:30:00Z',
        modified: '2024-01-16T09:30:00Z',
        state: 'active',
        visibility: 'public',
        image: { resizeUrl: `${emulators.url}/matterport/thumbnails/${oldest.id}.jpg` },
        address: { address1: '12 Harbour View', city: 'Sydney', state: 'NSW', postal: '2000', country: 'AU' },
      });
    });

    it('derives the demo ids from the token id, the same on every run', () => {
      expect(matterportDemoModelId('token-a', 0)).toBe(matterportDemoModelId('token-a', 0));
      expect(matterportDemoModelId('token-a', 0)).not.toBe(matterportDemoModelId('token-b', 0));
      expect(new Set(MATTERPORT_DEMO_MODELS.map((_m, i) => matterportDemoModelId('t', i))).size).toBe(12);
    });

    it('pages with offset and pageSize, handing out nextOffset until the last page', async () => {
      const all = await listModels();
      const first = await listModels({ pageSize: 5 });
      const second = await listModels({ pageSize: 5, offset: first.nextOffset });
      const third = await listModels({ pageSize: 5, offset: second.nextOffset });

      expect([first, second, third].map((page) => page.totalResults)).toEqual([12, 12, 12]);
      expect([first.nextOffset, second.nextOffset, third.nextOffset]).toEqual(['5', '10', null]);
      expect([...first.results, ...second.results, ...third.results]).toEqual(all.results);
      expect(third.results).toHaveLength(2);
      expect((await listModels({ offset: '40' })).results).toEqual([]);
    });

    it('takes the arguments inline as well as in variables', async () => {
      const { body } = await graph<{ models: ModelList }>({
        query: '{ models(pageSize: 2, offset: "1", query: "*") { totalResults nextOffset results { id } } }',
      });

      expect(body.data!.models).toEqual({
        totalResults: 12,
        nextOffset: '3',
        results: [{ id: matterportDemoModelId('token-a', 10) }, { id: matterportDemoModelId('token-a', 9) }],
      });
    });

    it('pages 50 models by default and at most 100', async () => {
      for (let index = 0; index < 100; index += 1) {
        expect((await addModel({ tokenId: 'token-a', name: `Extra ${index}` })).status).toBe(201);
      }

      const byDefault = await listModels();
      expect(byDefault.totalResults).toBe(112);
      expect(byDefault.results).toHaveLength(50);
      expect(byDefault.nextOffset).toBe('50');
      const largest = await listModels({ pageSize: 1000 });
      expect(largest.results).toHaveLength(100);
      expect(largest.nextOffset).toBe('100');
    });

    it.each([
      ['sydney', ['12 Harbour View, Sydney']],
      ['NSW', ['4 Ocean Parade, Bondi Beach', '12 Harbour View, Sydney']],
      ['harbour SYDNEY', ['12 Harbour View, Sydney']],
      ['gb', ['9 Marine Parade, Brighton', '45 Park Lane, London']],
      ['10435', ['Kastanienallee 30, Berlin']],
      ['mars', []],
      ['*', MATTERPORT_DEMO_MODELS.map((model) => model.name).reverse()],
      ['', MATTERPORT_DEMO_MODELS.map((model) => model.name).reverse()],
    ])('searches names and addresses for %j', async (query, names) => {
      const list = await listModels({ query });

      expect(list.results.map((model) => model.name)).toEqual(names);
      expect(list.totalResults).toBe(names.length);
    });

    it('refuses a page size below 1 and an offset that is not one it handed out', async () => {
      const small = await graph({ query: LIST_MODELS, variables: { pageSize: 0 } });
      expect(small.status).toBe(400);
      expect(small.body.errors![0]!.message).toMatch(/pageSize/);
      const offset = await graph({ query: LIST_MODELS, variables: { offset: 'abc' } });
      expect(offset.status).toBe(400);
      expect(offset.body.errors![0]!.message).toMatch(/offset/);
    });
  });

  describe('model', () => {
    it('reads one model by id', async () => {
      const id = matterportDemoModelId('token-a', 4);
      const { status, body } = await graph<{ model: MatterportModel }>({
        query: GET_MODEL,
        variables: { id },
        operationName: 'getModel',
      });

      expect(status).toBe(200);
      expect(body).toEqual({
        data: {
          model: {
            id,
            name: '23 Ponsonby Road, Auckland',
            description: 'Villa with a garden studio.',
            created: expect.any(String),
            modified: expect.any(String),
            state: 'active',
            visibility: 'public',
            image: { resizeUrl: `${emulators.url}/matterport/thumbnails/${id}.jpg` },
            address: {
              address1: '23 Ponsonby Road',
              city: 'Auckland',
              state: 'Auckland',
              postal: '1011',
              country: 'NZ',
            },
          },
        },
      });
    });

    it('answers exactly the selected fields, with aliases, fragments and __typename', async () => {
      const id = matterportDemoModelId('token-a', 0);
      const { body } = await graph({
        query: `query Whatever($id: ID!, $withImage: Boolean = false) {
          space: model(id: $id) {
            __typename
            ...Basics
            image @include(if: $withImage) { resizeUrl }
            where: address { city }
          }
        }
        fragment Basics on Model { id title: name }`,
        variables: { id },
      });

      expect(body).toEqual({
        data: {
          space: { __typename: 'Model', id, title: '12 Harbour View, Sydney', where: { city: 'Sydney' } },
        },
      });
    });

    it('answers null with a not.found error for an unknown id', async () => {
      const { status, body } = await graph({ query: GET_MODEL, variables: { id: 'AAAAAAAAAAA' } });

      expect(status).toBe(200);
      expect(body).toEqual({
        data: { model: null },
        errors: [
          {
            message: 'Model not found',
            locations: [{ line: 1, column: 28 }],
            path: ['model'],
            extensions: { code: 'not.found' },
          },
        ],
      });
    });

    it('keeps each token to its own account', async () => {
      const ofA = matterportDemoModelId('token-a', 0);
      const ofB = matterportDemoModelId('token-b', 0);

      expect(ofA).not.toBe(ofB);
      const crossed = await graph<{ model: null }>({ query: GET_MODEL, variables: { id: ofB } });
      expect(crossed.body.data).toEqual({ model: null });
      expect(crossed.body.errors![0]!.extensions).toEqual({ code: 'not.found' });

      const added = await addModel({ tokenId: 'token-b', id: 'BbBbBbBbBb1', name: 'Only for B' });
      expect(added.status).toBe(201);
      expect((await listModels({}, 'token-a')).totalResults).toBe(12);
      const ofTokenB = await listModels({}, 'token-b');
      expect(ofTokenB.totalResults).toBe(13);
      expect(ofTokenB.results[0]).toMatchObject({ id: 'BbBbBbBbBb1', name: 'Only for B' });
      expect(ofTokenB.results.map((model) => model.id)).toContain(ofB);
    });
  });

  describe('unsupported and malformed requests', () => {
    it.each([
      ['another query field', '{ user { id } }', 'the field "user" on the query type'],
      ['a mutation', 'mutation { patchModel(id: "x", patch: {}) { id } }', 'mutation patchModel'],
      [
        'a field the emulator does not model',
        '{ model(id: "x") { id publication { url } } }',
        'the field "publication" on type "Model"',
      ],
      ['an argument it does not know', '{ models(folder: "x") { totalResults } }', 'the argument "folder"'],
    ])('refuses %s with 400', async (_case, query, detail) => {
      const { status, body } = await graph({ query });

      expect(status).toBe(400);
      expect(body.data).toBeUndefined();
      expect(body.errors).toHaveLength(1);
      expect(body.errors![0]!.message).toMatch(/^Unsupported query in the emulator: /);
      expect(body.errors![0]!.message).toContain(detail);
    });

    it('refuses a missing query, a syntax error and a scalar asked for subfields', async () => {
      expect(await graph({ variables: {} })).toEqual({
        status: 400,
        body: { errors: [{ message: 'Must provide query string.' }] },
      });
      const broken = await graph({ query: '{ models(pageSize: 5 { totalResults } }' });
      expect(broken.status).toBe(400);
      expect(broken.body.errors![0]!.message).toMatch(/^Syntax Error/);
      const scalar = await graph({ query: '{ models { totalResults { x } } }' });
      expect(scalar.status).toBe(400);
      const object = await graph({ query: '{ models { results } }' });
      expect(object.status).toBe(400);
      expect(object.body.errors![0]!.message).toMatch(/must have a selection of subfields/);
    });

    it('picks the operation by operationName in a document with several', async () => {
      const query = `query A { models(pageSize: 1) { totalResults } } query B { model(id: "x") { id } }`;

      expect((await graph({ query, operationName: 'A' })).body).toEqual({
        data: { models: { totalResults: 12 } },
      });
      expect((await graph({ query })).status).toBe(400);
    });
  });

  describe('controls and thumbnails', () => {
    it('adds a model with its fields, listed first as the newest, and validates it', async () => {
      const response = await addModel({
        tokenId: 'token-a',
        id: 'NewModel123',
        name: '1 Test Street, Springfield',
        description: 'Added by a test',
        state: 'processing',
        visibility: 'unlisted',
        address: { address1: '1 Test Street', city: 'Springfield', country: 'US' },
      });

      expect(response.status).toBe(201);
      const { model } = (await response.json()) as { model: MatterportModel };
      expect(model).toMatchObject({
        id: 'NewModel123',
        state: 'processing',
        visibility: 'unlisted',
        address: { address1: '1 Test Street', city: 'Springfield', state: null, postal: null, country: 'US' },
        image: { resizeUrl: `${emulators.url}/matterport/thumbnails/NewModel123.jpg` },
      });
      expect((await listModels({ pageSize: 1 })).results).toEqual([model]);
      expect((await listModels({ query: 'springfield' })).totalResults).toBe(1);

      expect((await addModel({ tokenId: 'token-a', id: 'NewModel123', name: 'again' })).status).toBe(409);
      expect((await addModel({ tokenId: 'token-a', id: 'short', name: 'x' })).status).toBe(400);
      expect((await addModel({ tokenId: 'token-a' })).status).toBe(400);
      expect((await addModel({ name: 'x' })).status).toBe(400);
      expect((await addModel({ tokenId: 'token-a', name: 'x', state: 'archived' })).status).toBe(400);
    });

    it('lists, removes and empties an account, and reset brings the demo models back', async () => {
      const listed = await fetch(`${emulators.url}/_emulator/matterport/models?tokenId=token-c`);
      expect(((await listed.json()) as { models: unknown[] }).models).toHaveLength(12);

      const id = matterportDemoModelId('token-c', 3);
      const removed = await fetch(`${emulators.url}/_emulator/matterport/models/${id}?tokenId=token-c`, {
        method: 'DELETE',
      });
      expect(await removed.json()).toEqual({ deleted: 1 });
      expect((await listModels({}, 'token-c')).totalResults).toBe(11);

      const emptied = await fetch(`${emulators.url}/_emulator/matterport/models?tokenId=token-c`, {
        method: 'DELETE',
      });
      expect(await emptied.json()).toEqual({ deleted: 11 });
      expect(await listModels({}, 'token-c')).toEqual({ totalResults: 0, nextOffset: null, results: [] });

      await fetch(`${emulators.url}/_emulator/reset`, { method: 'POST' });
      expect((await listModels({}, 'token-c')).totalResults).toBe(12);
    });

    it('serves every thumbnail as a small JPEG', async () => {
      const [model] = (await listModels({ pageSize: 1 })).results;
      const response = await fetch(model!.image.resizeUrl);

      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.length).toBeLessThan(2048);
      expect([...bytes.subarray(0, 2)]).toEqual([0xff, 0xd8]);
      expect([...bytes.subarray(-2)]).toEqual([0xff, 0xd9]);
      const frame = bytes.indexOf(Buffer.from([0xff, 0xc0]));
      expect(bytes.readUInt16BE(frame + 5)).toBe(120);
      expect(bytes.readUInt16BE(frame + 7)).toBe(160);
      expect((await fetch(`${emulators.url}/matterport/thumbnails/x.png`)).status).toBe(404);
    });

    it('builds thumbnail URLs on the public URL when given one', async () => {
      const behindProxy = await startEmulators({
        port: 0,
        vendors: createVendors({ matterport: { publicUrl: 'http://localhost:4010/' } }),
      });
      try {
        const response = await fetch(`${behindProxy.url}/matterport/api/models/graph`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: basic('token-a', 's') },
          body: JSON.stringify({ query: '{ models(pageSize: 1) { results { id image { resizeUrl } } } }' }),
        });
        const { data } = (await response.json()) as { data: { models: ModelList } };
        const [first] = data.models.results;
        expect(first!.image.resizeUrl).toBe(`http://localhost:4010/matterport/thumbnails/${first!.id}.jpg`);
      } finally {
        await behindProxy.close();
      }
    });
  });
});
