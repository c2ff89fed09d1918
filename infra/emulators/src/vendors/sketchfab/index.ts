import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Vendor } from '../../vendor';
import { thumbnailJpeg } from '../matterport/thumbnail';
import { ARCHIVE_FORMATS, buildArchives, type Archive, type ArchiveFormat } from './archives';
import {
  CATALOGUE,
  catalogueModel,
  sketchfabUid,
  viewerUrl,
  type CatalogueModel,
  type LicenseSlug,
  type SketchfabUser,
} from './catalogue';
import { SketchfabOAuth, type SketchfabOAuthOptions, type SketchfabOAuthState } from './oauth';
import { oauthControls, oauthRoutes } from './oauth-routes';

export {
  CATALOGUE as SKETCHFAB_CATALOGUE,
  LICENSES as SKETCHFAB_LICENSES,
  LICENSE_SLUGS as SKETCHFAB_LICENSE_SLUGS,
  OAUTH_ACCOUNTS as SKETCHFAB_OAUTH_ACCOUNTS,
  sketchfabUid,
  type CatalogueModel as SketchfabCatalogueModel,
  type License as SketchfabLicense,
  type LicenseSlug as SketchfabLicenseSlug,
  type OAuthAccountId as SketchfabOAuthAccountId,
  type SketchfabUser,
} from './catalogue';
export { buildArchives as sketchfabArchives } from './archives';
export {
  SKETCHFAB_CALLBACK_PATH,
  SKETCHFAB_OAUTH_CLIENT_DEFAULTS,
  SKETCHFAB_TOKEN_DEFAULTS,
  type SketchfabOAuthClient,
  type SketchfabOAuthOptions,
} from './oauth';

export interface SketchfabVendorOptions {
  /** The registered OAuth applications and token lifetimes. */
  oauth?: SketchfabOAuthOptions;
  /** Seconds a download URL stays good; default 300, as Sketchfab's signed archive URLs. */
  downloadUrlTtlS?: number;
  /** The clock (ms since the epoch) codes, tokens and download URLs expire by; Date.now unless a test moves time. */
  now?: () => number;
}

/** Sketchfab's page size: `count` defaults to 24 and cannot go beyond it. */
export const SKETCHFAB_PAGE_SIZE = 24;
export const SKETCHFAB_DOWNLOAD_URL_TTL_S = 300;

/** The sizes Sketchfab renders a model's thumbnail at (16:9), largest first. */
const THUMBNAIL_SIZES = [
  { width: 1024, height: 576 },
  { width: 720, height: 405 },
  { width: 256, height: 144 },
] as const;

const PREFIX = '/sketchfab';
const NOT_AUTHENTICATED = 'Authentication credentials were not provided.';
const NOT_FOUND = 'Not found.';
const FORBIDDEN = 'You do not have permission to perform this action.';

interface SketchfabState {
  oauth: SketchfabOAuthState;
  /** Signs the archive URLs, so a URL handed out before a restart still works until it expires. */
  signingKey: string;
}

/**
 * Sketchfab: its OAuth 2.0 server (`/oauth2/authorize/`, `/oauth2/token/`, as on sketchfab.com) and the part of
 * the Data API v3 the platform calls (as on api.sketchfab.com: `/v3/me`, `/v3/search`, `/v3/models`,
 * `/v3/models/{uid}`, `/v3/models/{uid}/download`), over a seeded catalogue of furniture. Downloads are real:
 * a GLB and a glTF zip per model, built by glTF-Transform, behind signed URLs that expire, served at `/archives/`
 * as Sketchfab's S3 serves them. Codes, tokens and the URL signing key are the state.
 */
export function createSketchfabVendor(options: SketchfabVendorOptions = {}): Vendor {
  const now = options.now ?? Date.now;
  const oauth = new SketchfabOAuth(options.oauth ?? {}, now);
  const urlTtlS = options.downloadUrlTtlS ?? SKETCHFAB_DOWNLOAD_URL_TTL_S;
  let signingKey = randomBytes(32).toString('base64url');
  // Built on first use and kept: the same model always gives the same bytes, so this is a cache, not state.
  const archives = new Map<string, Promise<Record<ArchiveFormat, Archive>>>();
  const archivesOf = (model: CatalogueModel) => {
    let built = archives.get(model.uid);
    if (!built) {
      built = buildArchives(model);
      archives.set(model.uid, built);
    }
    return built;
  };
  const signature = (uid: string, format: string, expires: number) =>
    createHmac('sha256', signingKey).update(`${uid}/${format}/${expires}`).digest('base64url');

  const routes: FastifyPluginAsync = async (app) => {
    app.setErrorHandler((error: FastifyError, _request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
      void reply.code(status).send({ detail: error.message });
    });
    app.setNotFoundHandler((_request, reply) => void reply.code(404).send({ detail: NOT_FOUND }));

    await app.register(oauthRoutes(oauth, PREFIX));
    await app.register(oauthControls(oauth));

    app.get('/v3/me', async (request, reply) => {
      const caller = authenticate(request, reply);
      if (!caller) return reply;
      return presentMe(caller.user, originOf(request));
    });

    app.get('/v3/search', async (request, reply) => {
      const type = queryOf(request).type;
      if (type !== 'models') {
        return reply
          .code(400)
          .send({ type: [`"${type ?? ''}" is not a valid choice; this search covers models.`] });
      }
      return searchPage(request, reply, 'offset');
    });

    app.get('/v3/models', async (request, reply) => searchPage(request, reply, 'cursor'));

    app.get<{ Params: { uid: string } }>('/v3/models/:uid', async (request, reply) => {
      const model = catalogueModel(request.params.uid);
      if (!model) return reply.code(404).send({ detail: NOT_FOUND });
      return presentModel(model, originOf(request));
    });

    app.get<{ Params: { uid: string } }>('/v3/models/:uid/download', async (request, reply) => {
      // As Django REST framework does: the caller is authenticated before the model is looked up.
      const caller = authenticate(request, reply);
      if (!caller) return reply;
      const model = catalogueModel(request.params.uid);
      if (!model) return reply.code(404).send({ detail: NOT_FOUND });
      if (!model.isDownloadable || !caller.scope.includes('read')) {
        return reply.code(403).send({ detail: FORBIDDEN });
      }
      const files = await archivesOf(model);
      const expires = Math.floor(now() / 1000) + urlTtlS;
      const entry = (format: ArchiveFormat) => ({
        url:
          `${originOf(request)}${PREFIX}/archives/${model.uid}/${format}/${files[format].fileName}` +
          `?Expires=${expires}&Signature=${signature(model.uid, format, expires)}`,
        size: files[format].bytes.byteLength,
        expires: urlTtlS,
      });
      return { gltf: entry('gltf'), glb: entry('glb'), usdz: entry('usdz') };
    });

    app.get<{ Params: { uid: string; format: string; file: string } }>(
      '/archives/:uid/:format/:file',
      async (request, reply) => {
        const { uid, format, file } = request.params;
        const model = catalogueModel(uid);
        const known =
          model && model.isDownloadable && (ARCHIVE_FORMATS as readonly string[]).includes(format);
        const files = known ? await archivesOf(model) : undefined;
        const archive = files?.[format as ArchiveFormat];
        if (!archive || archive.fileName !== file) {
          return storageError(reply, 404, 'NoSuchKey', 'The specified key does not exist.');
        }
        const { Expires: expiresText, Signature: given } = queryOf(request);
        if (!expiresText || !given) {
          return storageError(
            reply,
            403,
            'AccessDenied',
            'Query-string authentication requires the Signature and Expires parameters',
          );
        }
        const expires = Number(expiresText);
        const expected = Number.isInteger(expires) ? signature(uid, format, expires) : '';
        if (expected.length !== given.length || !timingSafeEqual(Buffer.from(expected), Buffer.from(given))) {
          return storageError(
            reply,
            403,
            'SignatureDoesNotMatch',
            'The request signature we calculated does not match the signature you provided.',
          );
        }
        if (expires * 1000 <= now()) return storageError(reply, 403, 'AccessDenied', 'Request has expired');
        return reply
          .type(archive.contentType)
          .header('content-disposition', `attachment; filename="${archive.fileName}"`)
          .send(Buffer.from(archive.bytes));
      },
    );

    app.get<{ Params: { uid: string; file: string } }>('/thumbnails/:uid/:file', async (request, reply) => {
      const size = /^(\d+)x(\d+)\.jpeg$/.exec(request.params.file);
      const known = THUMBNAIL_SIZES.find(
        ({ width, height }) => size && width === Number(size[1]) && height === Number(size[2]),
      );
      if (!catalogueModel(request.params.uid) || !known) return reply.code(404).send({ detail: NOT_FOUND });
      return reply
        .type('image/jpeg')
        .header('cache-control', 'public, max-age=86400')
        .send(await thumbnailJpeg(request.params.uid, known));
    });
  };

  /** The caller behind `Authorization: Bearer <token>`, or undefined after answering 401 as Sketchfab does. */
  function authenticate(
    request: FastifyRequest,
    reply: FastifyReply,
  ): { user: SketchfabUser; scope: string[] } | undefined {
    const header = request.headers.authorization;
    const token = /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i.exec(header ?? '')?.[1];
    const caller = token === undefined ? undefined : oauth.callerOf(token);
    if (caller) return caller;
    void reply
      .code(401)
      .header(
        'www-authenticate',
        header === undefined ? 'Bearer realm="api"' : 'Bearer realm="api",error="invalid_token"',
      )
      .send({ detail: NOT_AUTHENTICATED });
    return undefined;
  }

  /**
   * One page of the catalogue, newest first, filtered as Sketchfab filters: `q` (every word in the name,
   * description, tags or author), `downloadable`, `license`, `categories`; `count` (1-24, default 24) and
   * `cursor`: an offset for `/v3/search`, Django REST framework's opaque cursor (`base64("o=<offset>")`) for
   * `/v3/models`. `next` and `previous` are the same request at the neighbouring pages.
   */
  function searchPage(request: FastifyRequest, reply: FastifyReply, cursorKind: 'offset' | 'cursor') {
    const query = queryOf(request);
    const offset = decodeCursor(query.cursor, cursorKind);
    if (offset === undefined) return reply.code(404).send({ detail: 'Invalid cursor' });
    const requested = Number(query.count);
    const count =
      Number.isInteger(requested) && requested > 0
        ? Math.min(requested, SKETCHFAB_PAGE_SIZE)
        : SKETCHFAB_PAGE_SIZE;
    const matching = CATALOGUE.filter((model) => matches(model, query));
    const results = matching.slice(offset, offset + count);
    const nextOffset = offset + count < matching.length ? offset + count : undefined;
    const previousOffset = offset > 0 ? Math.max(0, offset - count) : undefined;
    const origin = originOf(request);
    const pageUrl = (at: number | undefined) => {
      if (at === undefined) return null;
      const params = new URLSearchParams(rawQuery(request));
      params.set('cursor', encodeCursor(at, cursorKind));
      return `${origin}${request.url.split('?', 1)[0]}?${params.toString()}`;
    };
    return {
      cursors: {
        next: nextOffset === undefined ? null : encodeCursor(nextOffset, cursorKind),
        previous: previousOffset === undefined ? null : encodeCursor(previousOffset, cursorKind),
      },
      next: pageUrl(nextOffset),
      previous: pageUrl(previousOffset),
      results: results.map((model) => presentModel(model, origin)),
    };
  }

  return {
    name: 'sketchfab',
    prefix: PREFIX,
    routes,
    reset: () => oauth.reset(),
    state: {
      save: (): SketchfabState => ({ oauth: oauth.save(), signingKey }),
      load: (saved) => {
        const state = saved as SketchfabState;
        oauth.load(state.oauth);
        signingKey = state.signingKey;
      },
    },
  };
}

function matches(model: CatalogueModel, query: Partial<Record<string, string>>): boolean {
  const words = (query.q ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '');
  const text = [model.name, model.description, ...model.tags, model.author.username, model.author.displayName]
    .join(' ')
    .toLowerCase();
  if (!words.every((word) => text.includes(word))) return false;
  // Django REST framework's boolean filter: true/false (or 1/0); anything else filters nothing.
  const downloadable = { true: true, '1': true, false: false, '0': false }[query.downloadable ?? ''];
  if (downloadable !== undefined && model.isDownloadable !== downloadable) return false;
  if (query.license && !query.license.split(',').includes(model.license.slug as LicenseSlug)) return false;
  if (query.categories && !query.categories.split(',').includes(model.category.slug)) return false;
  return true;
}

function decodeCursor(cursor: string | undefined, kind: 'offset' | 'cursor'): number | undefined {
  if (cursor === undefined || cursor === '') return 0;
  const text =
    kind === 'offset' ? cursor : /^o=(\d+)$/.exec(Buffer.from(cursor, 'base64').toString('latin1'))?.[1];
  if (text === undefined || !/^\d{1,9}$/.test(text)) return undefined;
  return Number(text);
}

function encodeCursor(offset: number, kind: 'offset' | 'cursor'): string {
  return kind === 'offset' ? String(offset) : Buffer.from(`o=${offset}`).toString('base64');
}

function presentUser(user: SketchfabUser, origin: string) {
  return {
    uid: user.uid,
    username: user.username,
    displayName: user.displayName,
    profileUrl: `https://sketchfab.com/${user.username}`,
    account: user.account,
    uri: `${origin}${PREFIX}/v3/users/${user.uid}`,
  };
}

function presentMe(user: SketchfabUser, origin: string) {
  return {
    ...presentUser(user, origin),
    email: `${user.username}@example.com`,
    modelCount: 0,
    collectionCount: 0,
    likeCount: 0,
    isLimited: false,
  };
}

function presentModel(model: CatalogueModel, origin: string) {
  const boxes = model.shape.length;
  return {
    uid: model.uid,
    uri: `${origin}${PREFIX}/v3/models/${model.uid}`,
    name: model.name,
    description: model.description,
    viewerUrl: viewerUrl(model),
    embedUrl: `https://sketchfab.com/models/${model.uid}/embed`,
    isDownloadable: model.isDownloadable,
    isAgeRestricted: false,
    license: {
      uid: model.license.uid,
      slug: model.license.slug,
      label: model.license.label,
      fullName: model.license.fullName,
      requirements: model.license.requirements,
      url: model.license.url,
    },
    user: presentUser(model.author, origin),
    thumbnails: {
      images: THUMBNAIL_SIZES.map(({ width, height }) => ({
        uid: sketchfabUid(`thumbnail:${model.uid}:${width}`),
        url: `${origin}${PREFIX}/thumbnails/${model.uid}/${width}x${height}.jpeg`,
        width,
        height,
      })),
    },
    tags: model.tags.map((name) => ({ name, slug: name.replace(/\s+/g, '-') })),
    categories: [{ name: model.category.name, slug: model.category.slug }],
    faceCount: boxes * 12,
    vertexCount: boxes * 24,
    animationCount: 0,
    viewCount: model.viewCount,
    likeCount: model.likeCount,
    commentCount: 0,
    publishedAt: model.publishedAt,
    createdAt: model.publishedAt,
    staffpickedAt: null,
  };
}

/** An error of the storage the archives are served from, in S3's XML, as Sketchfab's signed URLs answer. */
function storageError(reply: FastifyReply, status: 403 | 404, code: string, message: string) {
  return reply
    .code(status)
    .type('application/xml')
    .send(
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`,
    );
}

/** The query string's parameters, the last one winning when one is repeated (as Django's `QueryDict.get`). */
function queryOf(request: FastifyRequest): Partial<Record<string, string>> {
  return Object.fromEntries(new URLSearchParams(rawQuery(request)));
}

function rawQuery(request: FastifyRequest): string {
  const start = request.url.indexOf('?');
  return start < 0 ? '' : request.url.slice(start + 1);
}

function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}
