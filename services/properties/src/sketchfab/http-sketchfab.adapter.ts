import { Inject, Injectable } from '@nestjs/common';
import { answerText, CONFIG, LOGGER, requestTokens, type Logger, type TokenOutcome } from '@tourly/platform';
import type { PropertiesConfig } from '../config';
import { WebPages } from '../tour-assets/web-pages';
import {
  Sketchfab,
  type Answer,
  type DownloadedFile,
  type DownloadLink,
  type DownloadLinks,
  type SketchfabModel,
  type SketchfabSearchPage,
} from './sketchfab.port';
import { API_TIMEOUT_MS, authorizeUrl, DOWNLOAD_TIMEOUT_MS, httpLink } from './sketchfab.rules';

const TOO_LARGE = 'too large';

/**
 * Sketchfab over its HTTP API: the OAuth server (`SKETCHFAB_OAUTH_*`), the Data API v3 (`SKETCHFAB_API_URL`, a
 * Bearer token where it needs one) and its download URLs, which point at another host (Sketchfab's storage) and are
 * read through the platform's SSRF guard (`WebPages`), as every URL a server-side read did not configure itself.
 */
@Injectable()
export class HttpSketchfab extends Sketchfab {
  readonly configured: boolean;

  constructor(
    @Inject(CONFIG) private readonly config: PropertiesConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly pages: WebPages,
  ) {
    super();
    this.configured = Boolean(config.SKETCHFAB_OAUTH_CLIENT_ID && config.SKETCHFAB_OAUTH_CLIENT_SECRET);
  }

  authorizeUrl(redirectUri: string, state: string): string {
    return authorizeUrl({
      authorizeUrl: this.config.SKETCHFAB_OAUTH_AUTHORIZE_URL,
      clientId: this.config.SKETCHFAB_OAUTH_CLIENT_ID,
      redirectUri,
      state,
    });
  }

  exchangeCode(code: string, redirectUri: string): Promise<TokenOutcome> {
    return this.token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
  }

  renew(refreshToken: string): Promise<TokenOutcome> {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  async me(accessToken: string): Promise<Answer<{ displayName: string }>> {
    const answer = await this.api('/v3/me', accessToken);
    if (answer.kind !== 'ok') return answer;
    const body = answer.value as Record<string, unknown>;
    const name = [body.displayName, body.username].find((value) => typeof value === 'string' && value);
    return { kind: 'ok', value: { displayName: String(name ?? '') } };
  }

  async model(uid: string): Promise<Answer<SketchfabModel>> {
    const answer = await this.api(`/v3/models/${encodeURIComponent(uid)}`);
    if (answer.kind !== 'ok') return answer;
    const model = modelOf(answer.value);
    if (!model) {
      this.logger.warn({ uid }, 'Sketchfab answered a model the import cannot read');
      return { kind: 'unavailable' };
    }
    return { kind: 'ok', value: model };
  }

  async search(query: string, cursor: string | null, count: number): Promise<Answer<SketchfabSearchPage>> {
    const params = new URLSearchParams({
      type: 'models',
      q: query,
      downloadable: 'true',
      count: String(count),
    });
    if (cursor) params.set('cursor', cursor);
    const answer = await this.api(`/v3/search?${params.toString()}`);
    if (answer.kind !== 'ok') return answer;
    const body = (answer.value ?? {}) as { results?: unknown; cursors?: { next?: unknown } };
    if (!Array.isArray(body.results)) {
      this.logger.warn({ query }, 'Sketchfab answered a search the import cannot read');
      return { kind: 'unavailable' };
    }
    const models = body.results.map(modelOf).filter((model): model is SketchfabModel => model !== null);
    return { kind: 'ok', value: { models, nextCursor: answerText(body.cursors?.next) } };
  }

  async downloadLinks(uid: string, accessToken: string): Promise<Answer<DownloadLinks>> {
    const answer = await this.api(`/v3/models/${encodeURIComponent(uid)}/download`, accessToken);
    if (answer.kind !== 'ok') return answer;
    const body = (answer.value ?? {}) as Record<string, unknown>;
    return { kind: 'ok', value: { glb: linkOf(body.glb), gltf: linkOf(body.gltf) } };
  }

  async download(link: DownloadLink, maxBytes: number): Promise<DownloadedFile> {
    const read = await this.pages.file(link.url, {
      maxBytes,
      tooLarge: TOO_LARGE,
      timeoutMs: DOWNLOAD_TIMEOUT_MS,
      // The API's own host is the operator's choice (the emulators' on this machine in development and tests).
      trustedOrigins: [this.config.SKETCHFAB_API_URL],
    });
    if ('file' in read) return { bytes: read.file.bytes };
    if (read.refusal === TOO_LARGE) return { refused: 'too_large' };
    this.logger.warn({ host: hostOf(link.url), refusal: read.refusal }, 'Sketchfab download not read');
    return { refused: 'unreadable' };
  }

  private async api(path: string, accessToken?: string): Promise<Answer<unknown>> {
    const base = this.config.SKETCHFAB_API_URL.replace(/\/+$/, '');
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        headers: {
          accept: 'application/json',
          ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
        },
        signal: AbortSignal.timeout(API_TIMEOUT_MS),
      });
    } catch (error) {
      this.logger.warn({ err: error, path }, 'Sketchfab API unreachable');
      return { kind: 'unavailable' };
    }
    if (response.status === 200) {
      const body: unknown = await response.json().catch(() => undefined);
      if (body === undefined) return { kind: 'unavailable' };
      return { kind: 'ok', value: body };
    }
    await response.body?.cancel().catch(() => undefined);
    if (response.status === 401) return { kind: 'unauthorized' };
    if (response.status === 403) return { kind: 'forbidden' };
    if (response.status === 404) return { kind: 'not_found' };
    this.logger.warn({ path, status: response.status }, 'Sketchfab API failed');
    return { kind: 'unavailable' };
  }

  private token(form: Record<string, string>): Promise<TokenOutcome> {
    return requestTokens(
      {
        vendor: 'Sketchfab',
        url: this.config.SKETCHFAB_OAUTH_TOKEN_URL,
        clientId: this.config.SKETCHFAB_OAUTH_CLIENT_ID,
        clientSecret: this.config.SKETCHFAB_OAUTH_CLIENT_SECRET,
        timeoutMs: API_TIMEOUT_MS,
      },
      form,
      this.logger,
    );
  }
}

/** `/v3/models/{uid}` read defensively; null when it lacks what an import needs (a uid, a name, an author). */
function modelOf(body: unknown): SketchfabModel | null {
  if (!body || typeof body !== 'object') return null;
  const model = body as Record<string, unknown>;
  const user = (model.user ?? {}) as Record<string, unknown>;
  const uid = answerText(model.uid);
  const name = answerText(model.name);
  const username = answerText(user.username);
  if (!uid || !name || !username) return null;
  const license =
    model.license && typeof model.license === 'object' ? (model.license as Record<string, unknown>) : null;
  const slug = answerText(license?.slug);
  const images = ((model.thumbnails as { images?: unknown } | undefined)?.images ?? []) as unknown[];
  const thumbnail = (Array.isArray(images) ? images : [])
    .map((image) => image as { url?: unknown; width?: unknown })
    .filter((image) => httpLink(image?.url) && typeof image.width === 'number' && image.width <= 720)
    .sort((a, b) => Number(b.width) - Number(a.width))[0];
  const tags = Array.isArray(model.tags) ? (model.tags as unknown[]) : [];
  return {
    uid,
    name,
    isDownloadable: model.isDownloadable === true,
    license: slug ? { slug, label: answerText(license?.label) ?? slug, url: httpLink(license?.url) } : null,
    author: {
      username,
      displayName: answerText(user.displayName) ?? username,
      profileUrl: httpLink(user.profileUrl),
    },
    thumbnailUrl: thumbnail ? httpLink(thumbnail.url) : null,
    tags: tags
      .map((tag) => answerText((tag as { name?: unknown })?.name ?? tag))
      .filter((tag): tag is string => tag !== null),
  };
}

function linkOf(value: unknown): DownloadLink | null {
  if (!value || typeof value !== 'object') return null;
  const entry = value as { url?: unknown; size?: unknown };
  const url = httpLink(entry.url);
  if (!url) return null;
  return { url, size: typeof entry.size === 'number' && entry.size >= 0 ? entry.size : null };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}
