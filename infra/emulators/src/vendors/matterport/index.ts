import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Vendor } from '../../vendor';
import {
  MODEL_STATES,
  MODEL_VISIBILITIES,
  ModelAccountError,
  ModelAccounts,
  type ModelAddress,
  type NewModel,
  type StoredModel,
} from './accounts';
import { execute, GraphQLFieldError, GraphQLRequestError, parseDocument, type Schema } from './graphql';
import { thumbnailJpeg } from './thumbnail';

export {
  DEMO_MODELS as MATTERPORT_DEMO_MODELS,
  matterportDemoModelId,
  type ModelAddress as MatterportModelAddress,
  type ModelState as MatterportModelState,
  type ModelVisibility as MatterportModelVisibility,
} from './accounts';

export interface MatterportVendorOptions {
  /**
   * The emulators' origin as the product's users reach it, for `image.resizeUrl`
   * (`<publicUrl>/matterport/thumbnails/<id>.jpg`); default: the origin each request was sent to.
   */
  publicUrl?: string;
}

/** A model as the Model API answers it when every emulated field is selected. */
export interface MatterportModel extends StoredModel {
  image: { resizeUrl: string };
}

/** Default and largest `pageSize` of the `models` query. */
export const MATTERPORT_PAGE_SIZE = { default: 50, max: 100 } as const;

const PREFIX = '/matterport';

/** The object types of the emulated part of the Model API's schema, for shaping answers by selection. */
const MODEL_FIELDS = {
  id: null,
  name: null,
  description: null,
  created: null,
  modified: null,
  state: null,
  visibility: null,
  image: 'ModelImage',
  address: 'Address',
};
const SCHEMA: Schema = {
  ModelSearchResultList: { totalResults: null, nextOffset: null, results: 'ModelSearchResult' },
  ModelSearchResult: MODEL_FIELDS,
  Model: MODEL_FIELDS,
  ModelImage: { resizeUrl: null },
  Address: { address1: null, city: null, state: null, postal: null, country: null },
};

const unsupported = (description: string) => `Unsupported query in the emulator: ${description}`;

/**
 * Matterport's Model API (GraphQL at `POST /api/models/graph`, HTTP Basic with an API token id and secret):
 * the `models` search (paged by `offset`/`pageSize`, filtered by `query`) and the `model(id)` read. Each
 * token id has its own account of models, seeded with twelve demo models on first use. Thumbnails are
 * served at `/thumbnails/<id>.jpg`; controls at `/_emulator/matterport/models` add and remove models.
 */
export function createMatterportVendor(options: MatterportVendorOptions = {}): Vendor {
  const accounts = new ModelAccounts();
  const publicUrl = options.publicUrl?.replace(/\/+$/, '');
  const present = (model: StoredModel, request: FastifyRequest): MatterportModel => ({
    ...model,
    address: model.address ? { ...model.address } : null,
    image: { resizeUrl: `${publicUrl ?? originOf(request)}${PREFIX}/thumbnails/${model.id}.jpg` },
  });

  const routes: FastifyPluginAsync = async (app) => {
    // Errors raised by fastify itself (a malformed JSON body) in GraphQL's shape.
    app.setErrorHandler((error: FastifyError, _request, reply) => {
      void reply.code(error.statusCode ?? 500).send({ errors: [{ message: error.message }] });
    });

    app.post('/api/models/graph', async (request, reply) => {
      const tokenId = basicTokenId(request.headers.authorization);
      if (!tokenId) {
        return reply
          .code(401)
          .header('www-authenticate', 'Basic realm="Matterport API"')
          .send({
            errors: [
              {
                message: 'Unauthorized: send an API token id and secret with HTTP Basic authentication',
                extensions: { code: 'request.unauthenticated' },
              },
            ],
          });
      }
      const body = graphQLBody(request.body);
      if (typeof body === 'string') return reply.code(400).send({ errors: [{ message: body }] });
      try {
        return execute({
          document: parseDocument(body.query),
          operationName: body.operationName,
          variables: body.variables,
          schema: SCHEMA,
          unsupported,
          roots: {
            models: {
              type: 'ModelSearchResultList',
              resolve: (args) => {
                onlyArguments('models', args, ['query', 'offset', 'pageSize', 'include', 'sortBy']);
                const page = searchModels(accounts.list(tokenId), args);
                return { ...page, results: page.results.map((model) => present(model, request)) };
              },
            },
            model: {
              type: 'Model',
              resolve: (args) => {
                onlyArguments('model', args, ['id']);
                if (typeof args.id !== 'string') {
                  throw new GraphQLRequestError('Argument "id" of required type "ID!" was not provided.');
                }
                const model = accounts.find(tokenId, args.id);
                if (!model) throw new GraphQLFieldError('Model not found', { code: 'not.found' });
                return present(model, request);
              },
            },
          },
        });
      } catch (error) {
        if (error instanceof GraphQLRequestError) return reply.code(400).send({ errors: [error.toBody()] });
        throw error;
      }
    });

    app.get<{ Params: { file: string } }>('/thumbnails/:file', async (request, reply) => {
      const id = /^([A-Za-z0-9]{1,64})\.jpg$/.exec(request.params.file)?.[1];
      if (!id) {
        return reply.code(404).send({ error: { message: `No thumbnail ${request.params.file}` } });
      }
      return reply
        .type('image/jpeg')
        .header('cache-control', 'public, max-age=86400')
        .send(thumbnailJpeg(id));
    });
  };

  const controls: FastifyPluginAsync = async (app) => {
    app.get<{ Querystring: { tokenId?: string } }>('/models', async (request, reply) => {
      const tokenId = request.query.tokenId?.trim();
      if (!tokenId) return badRequest(reply, 'tokenId is required');
      return { models: accounts.list(tokenId).map((model) => present(model, request)) };
    });

    app.post<{ Body: unknown }>('/models', async (request, reply) => {
      const input = newModel(request.body);
      if (typeof input === 'string') return badRequest(reply, input);
      try {
        const model = accounts.add(input.tokenId, input.model, new Date());
        return reply.code(201).send({ model: present(model, request) });
      } catch (error) {
        if (error instanceof ModelAccountError)
          return reply.code(error.status).send(errorBody(error.message));
        throw error;
      }
    });

    app.delete<{ Querystring: { tokenId?: string } }>('/models', async (request, reply) => {
      const tokenId = request.query.tokenId?.trim();
      if (!tokenId) return badRequest(reply, 'tokenId is required');
      return { deleted: accounts.clear(tokenId) };
    });

    app.delete<{ Params: { id: string }; Querystring: { tokenId?: string } }>(
      '/models/:id',
      async (request, reply) => {
        const tokenId = request.query.tokenId?.trim();
        if (!tokenId) return badRequest(reply, 'tokenId is required');
        try {
          accounts.remove(tokenId, request.params.id);
          return { deleted: 1 };
        } catch (error) {
          if (error instanceof ModelAccountError)
            return reply.code(error.status).send(errorBody(error.message));
          throw error;
        }
      },
    );
  };

  return { name: 'matterport', prefix: PREFIX, routes, controls, reset: () => accounts.reset() };
}

interface GraphQLBody {
  query: string;
  operationName?: string;
  variables?: Record<string, unknown>;
}

/** The request's `{query, variables, operationName}`, or the message refusing it. */
function graphQLBody(raw: unknown): GraphQLBody | string {
  let body = raw;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      return 'POST body sent invalid JSON.';
    }
  }
  if (!isObject(body) || typeof body.query !== 'string' || body.query.trim() === '') {
    return 'Must provide query string.';
  }
  let variables = body.variables;
  if (typeof variables === 'string' && variables.trim() !== '') {
    try {
      variables = JSON.parse(variables);
    } catch {
      return 'Variables are invalid JSON.';
    }
  }
  if (variables !== undefined && variables !== null && variables !== '' && !isObject(variables)) {
    return 'Variables must be provided as an Object where each property is a variable value.';
  }
  const operationName =
    typeof body.operationName === 'string' && body.operationName ? body.operationName : undefined;
  return { query: body.query, operationName, variables: isObject(variables) ? variables : undefined };
}

/**
 * One page of the account's models: `query` (`*` or empty for all) keeps those whose name or address holds
 * every word of it, case-insensitively; `offset` is where the page starts (the `nextOffset` of the previous
 * page), `pageSize` 1 or more (default 50, at most 100).
 */
function searchModels(
  models: StoredModel[],
  args: Record<string, unknown>,
): { totalResults: number; nextOffset: string | null; results: StoredModel[] } {
  const { query, offset: rawOffset, pageSize: rawPageSize } = args;
  if (query !== null && query !== undefined && typeof query !== 'string') {
    throw new GraphQLRequestError('Argument "query" has an invalid value: expected a String.');
  }
  const offset = rawOffset === null || rawOffset === undefined || rawOffset === '' ? 0 : Number(rawOffset);
  if (!Number.isInteger(offset) || offset < 0) {
    throw new GraphQLRequestError(`Argument "offset" has an invalid value: ${JSON.stringify(rawOffset)}.`);
  }
  const requested =
    rawPageSize === null || rawPageSize === undefined ? MATTERPORT_PAGE_SIZE.default : rawPageSize;
  if (typeof requested !== 'number' || !Number.isInteger(requested) || requested < 1) {
    throw new GraphQLRequestError(
      `Argument "pageSize" has an invalid value: ${JSON.stringify(rawPageSize)} (an Int from 1).`,
    );
  }
  const pageSize = Math.min(requested, MATTERPORT_PAGE_SIZE.max);
  const words = (query ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '' && word !== '*');
  const matching = models.filter((model) => {
    const text = [model.name, ...Object.values(model.address ?? {})].join(' ').toLowerCase();
    return words.every((word) => text.includes(word));
  });
  const results = matching.slice(offset, offset + pageSize);
  const end = offset + results.length;
  return { totalResults: matching.length, nextOffset: end < matching.length ? String(end) : null, results };
}

function onlyArguments(field: string, args: Record<string, unknown>, allowed: string[]): void {
  const unknown = Object.keys(args).find((name) => !allowed.includes(name));
  if (unknown) throw new GraphQLRequestError(unsupported(`the argument "${unknown}" of "${field}"`));
}

/** The token id of `Authorization: Basic base64(tokenId:tokenSecret)`, when both parts are there. */
function basicTokenId(header: string | undefined): string | undefined {
  const encoded = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header ?? '')?.[1];
  if (!encoded) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0 || colon === decoded.length - 1) return undefined;
  return decoded.slice(0, colon);
}

function newModel(body: unknown): { tokenId: string; model: NewModel } | string {
  if (!isObject(body))
    return 'Send a JSON object: {tokenId, name, id?, description?, state?, visibility?, address?}';
  const { tokenId, id, name, description, state, visibility, address, created, modified } = body;
  if (typeof tokenId !== 'string' || tokenId.trim() === '') return 'tokenId is required';
  if (typeof name !== 'string' || name.trim() === '') return 'name is required';
  if (id !== undefined && typeof id !== 'string') return 'id must be a string';
  if (description !== undefined && description !== null && typeof description !== 'string') {
    return 'description must be a string';
  }
  if (state !== undefined && !(MODEL_STATES as readonly unknown[]).includes(state)) {
    return `state must be one of ${MODEL_STATES.join(', ')}`;
  }
  if (visibility !== undefined && !(MODEL_VISIBILITIES as readonly unknown[]).includes(visibility)) {
    return `visibility must be one of ${MODEL_VISIBILITIES.join(', ')}`;
  }
  const addressFields = ['address1', 'city', 'state', 'postal', 'country'] as const;
  if (address !== undefined && address !== null) {
    if (!isObject(address)) return 'address must be an object';
    const wrong = addressFields.find(
      (field) => address[field] !== undefined && typeof address[field] !== 'string',
    );
    if (wrong) return `address.${wrong} must be a string`;
  }
  for (const [field, value] of [
    ['created', created],
    ['modified', modified],
  ] as const) {
    if (value !== undefined && (typeof value !== 'string' || Number.isNaN(Date.parse(value)))) {
      return `${field} must be an ISO 8601 date`;
    }
  }
  return {
    tokenId: tokenId.trim(),
    model: {
      id,
      name: name.trim(),
      description: description as string | null | undefined,
      state: state as NewModel['state'],
      visibility: visibility as NewModel['visibility'],
      address: address as Partial<ModelAddress> | null | undefined,
      created: created === undefined ? undefined : isoSeconds(created as string),
      modified: modified === undefined ? undefined : isoSeconds(modified as string),
    },
  };
}

function isoSeconds(value: string): string {
  return new Date(value).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

function badRequest(reply: FastifyReply, message: string) {
  return reply.code(400).send(errorBody(message));
}

function errorBody(message: string) {
  return { error: { message } };
}
