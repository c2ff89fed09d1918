import {
  MATTERPORT_DEMO_MODELS,
  MATTERPORT_PAGE_SIZE,
  MATTERPORT_PASSWORD_PROTECTED_MODEL_NAME,
  matterportDemoModelId,
  startEmulators,
  type MatterportModel,
  type RunningEmulators,
} from '@tourly/emulators';

const ALL_FIELDS = `id name state visibility created image { resizeUrl } address { address1 city state postal country }`;

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
  body: {
    data?: T | null;
    errors?: Array<{ message: string; path?: string[]; extensions?: Record<string, unknown> }>;
  };
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

  describe('authentication', () => {
    it.each([
      ['no Authorization header', null],
      // An OAuth bearer token is another way in (matterport-oauth.spec.ts); the scheme without one is not.
      ['the Bearer scheme without a token', 'Bearer'],
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
    it('lists the thirteen demo models of a new account, newest first, every field shaped', async () => {
      const list = await listModels();

      expect(list.totalResults).toBe(13);
      expect(list.nextOffset).toBeNull();
      const expectedIds = MATTERPORT_DEMO_MODELS.map((_model, index) =>
        matterportDemoModelId('token-a', index),
      );
      expect(list.results.map((model) => model.id)).toEqual([...expectedIds].reverse());
      for (const model of list.results) {
        expect(model.id).toMatch(/^[A-Za-z0-9]{11}$/);
        expect(model.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      }
      expect(new Set(list.results.map((model) => model.state))).toEqual(
        new Set(['active', 'inactive', 'processing', 'failed']),
      );
      expect(new Set(list.results.map((model) => model.visibility))).toEqual(
        new Set(['private', 'unlisted', 'public', 'password']),
      );
      const oldest = list.results.at(-1)!;
      expect(oldest).toEqual({
        id: matterportDemoModelId('token-a', 0),
        name: '12 Harbour View, Sydney',
        state: 'active',
        visibility: 'public',
        created: '2024-01-15T09:30:00Z',
        image: { resizeUrl: `${emulators.url}/matterport/thumbnails/${oldest.id}.jpg` },
        address: { address1: '12 Harbour View', city: 'Sydney', state: 'NSW', postal: '2000', country: 'AU' },
      });
    });

    it('derives the demo ids from the token id, the same on every run', () => {
      expect(matterportDemoModelId('token-a', 0)).toBe(matterportDemoModelId('token-a', 0));
      expect(matterportDemoModelId('token-a', 0)).not.toBe(matterportDemoModelId('token-b', 0));
      expect(new Set(MATTERPORT_DEMO_MODELS.map((_m, i) => matterportDemoModelId('t', i))).size).toBe(13);
    });

    it('pages with offset and pageSize, handing out nextOffset until the last page', async () => {
      const all = await listModels();
      const first = await listModels({ pageSize: 5 });
      const second = await listModels({ pageSize: 5, offset: first.nextOffset });
      const third = await listModels({ pageSize: 5, offset: second.nextOffset });

      expect([first, second, third].map((page) => page.totalResults)).toEqual([13, 13, 13]);
      expect([first.nextOffset, second.nextOffset, third.nextOffset]).toEqual(['5', '10', null]);
      expect([...first.results, ...second.results, ...third.results]).toEqual(all.results);
      expect(third.results).toHaveLength(3);
      expect((await listModels({ offset: '40' })).results).toEqual([]);
    });

    it('takes the arguments inline as well as in variables', async () => {
      const { body } = await graph<{ models: ModelList }>({
        query: '{ models(pageSize: 2, offset: "1", query: "*") { totalResults nextOffset results { id } } }',
      });

      expect(body.data!.models).toEqual({
        totalResults: 13,
        nextOffset: '3',
        results: [{ id: matterportDemoModelId('token-a', 11) }, { id: matterportDemoModelId('token-a', 10) }],
      });
    });

    it('pages 50 models by default and at most 100', async () => {
      expect(MATTERPORT_PAGE_SIZE).toEqual({ default: 50, max: 100 });
      expect((await listModels({ pageSize: 1000 })).results).toHaveLength(13);
    });

    it.each([
      ['sydney', ['12 Harbour View, Sydney']],
      ['NSW', ['4 Ocean Parade, Bondi Beach', '12 Harbour View, Sydney']],
      ['harbour SYDNEY', ['12 Harbour View, Sydney']],
      ['gb', ['9 Marine Parade, Brighton', '45 Park Lane, London']],
      ['10435', ['Kastanienallee 30, Berlin']],
      ['mars', []],
      ['*', MATTERPORT_DEMO_MODELS.map(([name]) => name).reverse()],
      ['', MATTERPORT_DEMO_MODELS.map(([name]) => name).reverse()],
    ])('searches names and addresses for %j', async (query, names) => {
      const list = await listModels({ query });

      expect(list.results.map((model) => model.name)).toEqual(names);
      expect(list.totalResults).toBe(names.length);
    });

    it('answers a page size below 1 and an offset it did not hand out with an error on models', async () => {
      for (const [variables, argument] of [
        [{ pageSize: 0 }, 'pageSize'],
        [{ offset: 'abc' }, 'offset'],
      ] as const) {
        const { status, body } = await graph({ query: LIST_MODELS, variables });
        expect(status).toBe(200);
        expect(body.data).toBeNull();
        expect(body.errors).toEqual([
          expect.objectContaining({ message: expect.stringContaining(argument), path: ['models'] }),
        ]);
      }
    });

    it('refuses variables of the wrong type before running anything', async () => {
      const { status, body } = await graph({ query: LIST_MODELS, variables: { pageSize: 'ten' } });

      expect(status).toBe(400);
      expect(body.data).toBeUndefined();
      expect(body.errors![0]!.message).toMatch(/^Variable "\$pageSize" got invalid value "ten"/);
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
            state: 'active',
            visibility: 'public',
            created: expect.any(String),
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

    it('serves exactly one model behind a password, the newest', async () => {
      const list = await listModels();
      const behindPassword = list.results.filter((model) => model.visibility === 'password');

      expect(behindPassword.map((model) => [model.id, model.name])).toEqual([
        [matterportDemoModelId('token-a', 12), MATTERPORT_PASSWORD_PROTECTED_MODEL_NAME],
      ]);
      const { body } = await graph<{ model: MatterportModel }>({
        query: GET_MODEL,
        variables: { id: matterportDemoModelId('token-a', 12) },
      });
      expect(body.data!.model).toMatchObject({
        name: 'Harbour Loft (password-protected)',
        visibility: 'password',
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

      expect((await listModels({}, 'token-b')).results.map((model) => model.id)).toContain(ofB);
    });
  });

  describe('unsupported and malformed requests', () => {
    it.each([
      ['another query field', '{ user { id } }', 'Cannot query field "user" on type "Query".'],
      [
        'a mutation the emulator does not sell',
        'mutation { patchModel(id: "x", patch: {}) { id } }',
        'Cannot query field "patchModel" on type "Mutation".',
      ],
      [
        'a field outside the emulated part of the schema',
        '{ model(id: "x") { id mattertags { label } } }',
        'Cannot query field "mattertags" on type "Model".',
      ],
      [
        'an argument it does not know',
        '{ models(folder: "x") { totalResults } }',
        'Unknown argument "folder" on field "Query.models".',
      ],
      ['a missing required argument', '{ model { id } }', /argument "id" of type "ID!" is required/],
    ])('refuses %s with 400 and the GraphQL validation error', async (_case, query, message) => {
      const { status, body } = await graph({ query });

      expect(status).toBe(400);
      expect(body.data).toBeUndefined();
      expect(body.errors).toEqual([
        expect.objectContaining({
          message: typeof message === 'string' ? message : expect.stringMatching(message),
        }),
      ]);
      expect(body.errors![0]).toHaveProperty('locations');
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
        data: { models: { totalResults: 13 } },
      });
      expect((await graph({ query })).status).toBe(400);
    });
  });

  describe('thumbnails', () => {
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
  });

  describe('Showcase embed stand-in', () => {
    it('shows the model with the embed parameters it was given, framable, with a play button unless play=1', async () => {
      const response = await fetch(`${emulators.url}/matterport/show/?m=SxQL3iGyoDo&qs=1&help=2&ss=3&sr=-.5`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('x-frame-options')).toBeNull();
      const html = await response.text();
      expect(html).toContain('data-model="SxQL3iGyoDo"');
      expect(html).toContain('data-parameters="qs=1&#38;help=2&#38;ss=3&#38;sr=-.5"');
      expect(html).toContain('thumbnails/SxQL3iGyoDo.jpg');
      expect(html).toContain('aria-label="Explore the 3D space"');

      const autoplay = await (await fetch(`${emulators.url}/matterport/show/?m=SxQL3iGyoDo&play=1`)).text();
      expect(autoplay).not.toContain('aria-label="Explore the 3D space"');
    });

    it.each(['', '?m=', '?m=ab', '?m=%3Cscript%3E'])(
      'answers "space not found" for %j, as Showcase does',
      async (query) => {
        const response = await fetch(`${emulators.url}/matterport/show/${query}`);
        expect(response.status).toBe(404);
        const html = await response.text();
        expect(html).toContain('This space is not available');
        expect(html).not.toContain('<script>');
      },
    );
  });
});
