import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { execute, GraphQLError, parse, validate, type DocumentNode, type ExecutionResult } from 'graphql';
import type { Vendor } from '../../vendor';
import { BUNDLE_PROCESSING_MS, MatterportBundles, type BundlesState } from './bundles';
import {
  modelsOfAccount,
  oauthAccountRef,
  tokenAccountRef,
  type AccountModel,
  type AccountRef,
  type StoredModel,
} from './models';
import { MatterportOAuth, type MatterportOAuthOptions, type OAuthState } from './oauth';
import { oauthControls, oauthRoutes } from './oauth-routes';
import { panoramaLocations, panoramaRoutes } from './panorama';
import { MODEL_API_RULES, MODEL_API_SCHEMA } from './schema';
import { showcaseRoutes } from './showcase';
import { notFound } from './signed-links';
import { showcaseSdkRoutes } from './showcase-sdk';
import { thumbnailJpeg } from './thumbnail';

export {
  DEMO_MODELS as MATTERPORT_DEMO_MODELS,
  matterportDemoModelId,
  PASSWORD_PROTECTED_MODEL_NAME as MATTERPORT_PASSWORD_PROTECTED_MODEL_NAME,
  type ModelAddress as MatterportModelAddress,
  type ModelState as MatterportModelState,
  type ModelVisibility as MatterportModelVisibility,
  type Floor as MatterportFloor,
  type Room as MatterportRoom,
  type ShowcaseSpace as MatterportShowcaseSpace,
  type Sweep as MatterportSweep,
  showcaseSpace as matterportShowcaseSpace,
  demoModelSpace as matterportDemoModelSpace,
  type AccountModel as MatterportAccountModel,
  type OAuthAccount as MatterportOAuthAccount,
  type OAuthAccountId as MatterportOAuthAccountId,
  accountModels as matterportAccountModels,
  OAUTH_ACCOUNTS as MATTERPORT_OAUTH_ACCOUNTS,
} from './models';
export {
  PANORAMA_RESOLUTIONS as MATTERPORT_PANORAMA_RESOLUTIONS,
  PANORAMA_URL_TTL_S as MATTERPORT_PANORAMA_URL_TTL_S,
  panoramaLabels as matterportPanoramaLabels,
  type PanoramaResolution as MatterportPanoramaResolution,
} from './panorama';
export {
  BUNDLE_ASSET_URL_TTL_S as MATTERPORT_BUNDLE_ASSET_URL_TTL_S,
  BUNDLE_IDS as MATTERPORT_BUNDLE_IDS,
  BUNDLE_PROCESSING_MS as MATTERPORT_BUNDLE_PROCESSING_MS,
  type BundleId as MatterportBundleId,
} from './bundles';
export {
  OAUTH_CLIENT_DEFAULTS as MATTERPORT_OAUTH_CLIENT_DEFAULTS,
  type MatterportOAuthOptions,
} from './oauth';

export interface MatterportVendorOptions {
  /** The registered OAuth client (id, secret, name); defaults in MATTERPORT_OAUTH_CLIENT_DEFAULTS. */
  oauth?: MatterportOAuthOptions;
  /**
   * The clock (ms since the epoch) codes, tokens and signed links expire by, and add-on orders are delivered by;
   * Date.now unless a test moves time itself.
   */
  now?: () => number;
  /**
   * How long an add-on order stays pending before it is delivered (ms; MATTERPORT_BUNDLE_PROCESSING_MS, a few
   * seconds, so a browser test sees the order change state); the controls change it until the next reset.
   */
  bundleProcessingMs?: number;
}

/** What the vendor saves across restarts: the OAuth grants and the add-on orders. */
interface MatterportState {
  oauth: OAuthState;
  bundles: BundlesState;
}

/** A model as the Model API answers it when every emulated field is selected. */
export interface MatterportModel extends StoredModel {
  image: { resizeUrl: string };
}

/** Default and largest `pageSize` of the `models` query. */
export const MATTERPORT_PAGE_SIZE = { default: 50, max: 100 } as const;

const PREFIX = '/matterport';

/**
 * Matterport's Model API (GraphQL at `POST /api/models/graph`): the `models` search (paged by
 * `offset`/`pageSize`, filtered by `query`) and the `model(id)` read with its rooms, parsed, validated and
 * executed by the `graphql` reference implementation against MODEL_API_SCHEMA. Two ways in: HTTP Basic with an
 * API token id and secret (each token id has its own account of thirteen demo models, one behind a password),
 * or an OAuth 2.0 bearer token of one of the OAUTH_ACCOUNTS, obtained with the authorization code flow and
 * PKCE at `/oauth/authorize` and `/oauth/token` (test controls under `/_oauth/`). Thumbnails are served at
 * `/thumbnails/<id>.jpg`, a stand-in of the Showcase embed page at `/show/`, and the Showcase SDK's client that
 * drives it at `/showcase-sdk/latest.js`. A model's `panoLocations` are its sweeps' panoramas (one sweep per room),
 * each `image(format: equirectangular, resolution: "512" | "2k")` a link to
 * `/panoramas/<model>/<sweep>/<resolution>.jpg` signed (HMAC-SHA256) to expire an hour after the request, and the
 * JPEG there (panorama.ts) a room painted in the segmentation engine's colours. A model's add-ons (`bundles`,
 * `bundle(id)`) are bought with the `unlockModelBundle` mutation and delivered after a delay (bundles.ts): a
 * schematic floor plan drawn from the model's rooms (floorplan.ts) as PNG, JPG and SVG, or a Matterpak, behind signed
 * links at `/bundles/<order>/<file>`; test controls under `/_emulator/bundles/`. The state is the OAuth codes and
 * tokens and the orders (signed links use constant keys, so they outlive a restart as the state does).
 */
export function createMatterportVendor(options: MatterportVendorOptions = {}): Vendor {
  const now = options.now ?? Date.now;
  const oauth = new MatterportOAuth(options.oauth ?? {}, now);
  const bundles = new MatterportBundles(options.bundleProcessingMs ?? BUNDLE_PROCESSING_MS, now);
  const routes: FastifyPluginAsync = async (app) => {
    // Errors raised by fastify itself (a malformed JSON body) in GraphQL's shape.
    app.setErrorHandler((error: FastifyError, _request, reply) => {
      void reply.code(error.statusCode ?? 500).send({ errors: [{ message: error.message }] });
    });

    app.post('/api/models/graph', async (request, reply) => {
      const bearer = bearerToken(request.headers.authorization);
      let account: AccountRef;
      if (bearer !== undefined) {
        const oauthAccount = oauth.accountOf(bearer);
        if (!oauthAccount) return invalidBearer(reply);
        account = oauthAccountRef(oauthAccount);
      } else {
        const tokenId = basicTokenId(request.headers.authorization);
        if (!tokenId) return unauthenticated(reply);
        account = tokenAccountRef(tokenId);
      }
      const models = modelsOfAccount(account);
      const body = graphQLBody(request.body);
      if (typeof body === 'string') return reply.code(400).send({ errors: [{ message: body }] });
      let document: DocumentNode;
      try {
        document = parse(body.query);
      } catch (error) {
        if (error instanceof GraphQLError) return reply.code(400).send({ errors: [error.toJSON()] });
        throw error;
      }
      const invalid = validate(MODEL_API_SCHEMA, document, MODEL_API_RULES);
      if (invalid.length > 0) return reply.code(400).send({ errors: invalid.map((error) => error.toJSON()) });

      const base = `${originOf(request)}${PREFIX}`;
      const present = (model: StoredModel): MatterportModel => ({
        ...model,
        image: { resizeUrl: `${base}/thumbnails/${model.id}.jpg` },
      });
      const modelOf = (id: string): AccountModel => {
        const model = models.find((candidate) => candidate.id === id);
        if (!model) throw notFound('Model');
        return model;
      };
      const rootValue = {
        models: (args: { query?: string | null; offset?: string | null; pageSize?: number | null }) => {
          const page = searchModels(models, args);
          return { ...page, results: page.results.map(present) };
        },
        model: ({ id }: { id: string }) => {
          const model = modelOf(id);
          // Resolved only when selected: each link is signed as it is asked for.
          return {
            ...present(model),
            panoLocations: () => panoramaLocations(model, base, now),
            bundles: () => bundles.bundlesOf(account, model, base),
            bundle: (args: { id: string }) => bundles.bundleOf(account, model, args.id, base),
          };
        },
        unlockModelBundle: (args: {
          id: string;
          bundleId: string;
          bundleOptions?: Array<{ key: string; value: string }> | null;
        }) => bundles.unlock(account, modelOf(args.id), args.bundleId, args.bundleOptions, base),
      };
      const result: ExecutionResult = await execute({
        schema: MODEL_API_SCHEMA,
        document,
        rootValue,
        variableValues: body.variables,
        operationName: body.operationName,
      });
      // Without `data` the request itself was refused (no operation to run, variables of the wrong type).
      return reply.code(result.data === undefined ? 400 : 200).send({
        ...(result.data === undefined ? {} : { data: result.data }),
        ...(result.errors ? { errors: result.errors.map((error) => error.toJSON()) } : {}),
      });
    });

    await app.register(oauthRoutes(oauth, PREFIX));
    await app.register(oauthControls(oauth));
    await app.register(showcaseRoutes);
    await app.register(showcaseSdkRoutes);
    await app.register(panoramaRoutes(now));
    await app.register(bundles.assetRoutes);
    await app.register(bundles.controls, { prefix: '/_emulator/bundles' });

    app.get<{ Params: { file: string } }>('/thumbnails/:file', async (request, reply) => {
      const id = /^([A-Za-z0-9]{1,64})\.jpg$/.exec(request.params.file)?.[1];
      if (!id) {
        return reply.code(404).send({ error: { message: `No thumbnail ${request.params.file}` } });
      }
      return reply
        .type('image/jpeg')
        .header('cache-control', 'public, max-age=86400')
        .send(await thumbnailJpeg(id));
    });
  };

  return {
    name: 'matterport',
    prefix: PREFIX,
    routes,
    reset: () => {
      oauth.reset();
      bundles.reset();
    },
    state: {
      save: (): MatterportState => ({ oauth: oauth.save(), bundles: bundles.save() }),
      load: (saved) => {
        // A state saved before the emulator sold add-ons is the OAuth state alone.
        if (isObject(saved) && 'bundles' in saved) {
          const { oauth: grants, bundles: orders } = saved as unknown as MatterportState;
          oauth.load(grants);
          bundles.load(orders);
        } else {
          oauth.load(saved as OAuthState);
        }
      },
    },
  };
}

function unauthenticated(reply: FastifyReply) {
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

/** An OAuth access token that is unknown, expired or revoked (RFC 6750 §3.1). */
function invalidBearer(reply: FastifyReply) {
  return reply
    .code(401)
    .header('www-authenticate', 'Bearer realm="Matterport API", error="invalid_token"')
    .send({ errors: [{ message: 'Unauthorized: the access token is invalid or has expired' }] });
}

/** The token of `Authorization: Bearer <token>` (RFC 6750 §2.1). */
function bearerToken(header: string | undefined): string | undefined {
  return /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i.exec(header ?? '')?.[1];
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
  args: { query?: string | null; offset?: string | null; pageSize?: number | null },
): { totalResults: number; nextOffset: string | null; results: StoredModel[] } {
  const offset = args.offset ? Number(args.offset) : 0;
  if (!Number.isInteger(offset) || offset < 0) {
    throw new GraphQLError(`Argument "offset" has an invalid value: ${JSON.stringify(args.offset)}.`);
  }
  const requested = args.pageSize ?? MATTERPORT_PAGE_SIZE.default;
  if (requested < 1) {
    throw new GraphQLError(`Argument "pageSize" has an invalid value: ${requested} (an Int from 1).`);
  }
  const pageSize = Math.min(requested, MATTERPORT_PAGE_SIZE.max);
  const words = (args.query ?? '')
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

/** The token id of `Authorization: Basic base64(tokenId:tokenSecret)`, when both parts are there. */
function basicTokenId(header: string | undefined): string | undefined {
  const encoded = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header ?? '')?.[1];
  if (!encoded) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0 || colon === decoded.length - 1) return undefined;
  return decoded.slice(0, colon);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}
