import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { IDENTITY_MESSAGES, signInPageFor } from '@tourly/contracts';
import {
  ApiError,
  Broadcasts,
  InternalTokens,
  RpcClient,
  toErrorResponse,
  type Logger,
} from '@tourly/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CredentialResolver, type ResolvedCaller } from '../auth/credentials';
import type { GatewayConfig } from '../config';
import { WebApp, isNavigation, isPlayerPage, wantsPage } from '../web/web-app';
import { CanonicalOrigin } from './canonical-origin';
import { isCrossSite } from './cross-site';
import { RouteTable } from './route-table';
import { HostProviders } from './hosts';
import { SharedAnswers } from './shared-answers';
import { CredentialRateLimit, TOO_MANY_ATTEMPTS } from './rate-limits';
import { BASE_SECURITY_HEADERS, HSTS } from './security-headers';
import { TokenCache } from './token-cache';
import { UpstreamProxy } from './upstream-proxy';
import { upstreamUrls } from './upstreams';

const DEFAULT_WEB_DIST = path.resolve(__dirname, '../../../../web/dist');

/**
 * The gateway's public edge, registered on Fastify beside Nest's own routes (health, metrics, /api/docs):
 * the caller is resolved, page requests get the web app, owned paths go to their service as streams with
 * the caller's internal token, anything else is a 404.
 */
export async function installEdge(
  app: NestFastifyApplication,
  config: GatewayConfig,
  logger: Logger,
): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();
  const web = WebApp.load(config.WEB_DIST ?? DEFAULT_WEB_DIST, {
    captcha: config.CAPTCHA_SITE_KEY
      ? { siteKey: config.CAPTCHA_SITE_KEY, scriptUrl: config.CAPTCHA_SCRIPT_URL }
      : undefined,
    stripe: config.STRIPE_PUBLISHABLE_KEY
      ? { publishableKey: config.STRIPE_PUBLISHABLE_KEY, scriptUrl: config.STRIPE_JS_URL }
      : undefined,
    imageOrigins: config.IMAGE_ORIGINS?.split(',').map((origin) => origin.trim()),
    showcaseUrl: config.MATTERPORT_SHOWCASE_URL,
    showcaseSdkUrl: config.MATTERPORT_SDK_URL,
    appUrl: config.APP_URL,
  });
  const routes = new RouteTable();
  const tokens = new TokenCache(app.get(InternalTokens));
  const credentials = new CredentialResolver(app.get(RpcClient), app.get(Broadcasts));
  const sessionChanges = await credentials.listen();
  fastify.addHook('onClose', () => sessionChanges.stop());
  const rateLimit = new CredentialRateLimit(app.get(RpcClient), config.CREDENTIAL_RATE_LIMIT);
  const hosts = new HostProviders(app.get(RpcClient), config.APP_URL, logger);
  const sharedAnswers = new SharedAnswers();
  const canonical = new CanonicalOrigin(config.APP_URL);
  const ownHeaders =
    config.NODE_ENV === 'production' ? { ...BASE_SECURITY_HEADERS, ...HSTS } : BASE_SECURITY_HEADERS;
  const proxy = new UpstreamProxy({
    upstreams: upstreamUrls(config),
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    responseHeaders: ownHeaders,
    logger,
  });
  fastify.addHook('onClose', () => proxy.close());
  fastify.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('x-content-type-options')) void reply.headers(ownHeaders);
  });

  if (web.assetsDir) {
    await app.register(fastifyStatic, {
      root: web.assetsDir,
      prefix: '/assets/',
      decorateReply: false,
      immutable: true,
      maxAge: '365d',
    });
  }

  const edge = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?', 1)[0];
    if (isCrossSite(request)) {
      return reply.status(403).send({ errors: { base: [IDENTITY_MESSAGES.crossSiteRefused] } });
    }
    const page = wantsPage(request.method, pathname, request.headers.accept);
    // The app's pages opened under another name of APP_URL's server go to APP_URL, before any session is made here.
    if (page && !isPlayerPage(pathname)) {
      const canonicalUrl = canonical.redirectFor(request);
      if (canonicalUrl) return reply.redirect(canonicalUrl, 302);
    }
    let resolved: ResolvedCaller;
    try {
      const retryAfter = await rateLimit.check(request.method, pathname, request.ip);
      if (retryAfter !== null) {
        return reply
          .status(429)
          .header('retry-after', String(retryAfter))
          .send({ errors: { base: [TOO_MANY_ATTEMPTS] } });
      }
      resolved = await credentials.resolve(request);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return reply.status(error.getStatus()).send({ errors: error.errors });
    }
    const { caller, csrfToken } = resolved;
    if (page) {
      return web.sendPage(reply, pathname, { role: caller.role, staffRole: caller.staffRole, csrfToken });
    }
    if (!credentials.passesCsrf(request, pathname, resolved)) {
      return reply.status(403).send({ errors: { base: [IDENTITY_MESSAGES.csrfRejected] } });
    }
    const owner = routes.ownerOf(pathname);
    const answered = owner === 'identity' ? credentials.forgetAfterChange(request, resolved) : undefined;
    // A browser sent here (a vendor's callback, a file's link) that needs a session it has not: sign in, and back.
    const signInPage = isNavigation(request) ? signInPageFor(request.url) : undefined;
    // Properties serves tours by host (a provider's own host shows its tours only): it is told whose host it is.
    // Its answers marked `public, s-maxage` (the player's JSON) are kept briefly and answered from memory.
    if (owner === 'properties') {
      const kept = sharedAnswers.lookup(request);
      if (kept) return sharedAnswers.send(request, reply, kept);
      const hostProviderId = await hosts.providerOf(request.headers.host);
      return proxy.forward(request, reply, owner, tokens.tokenFor(caller), {
        hostProviderId,
        keep: (headers, body) => sharedAnswers.keep(request, headers, body),
        signInPage,
      });
    }
    if (owner) return proxy.forward(request, reply, owner, tokens.tokenFor(caller), { signInPage, answered });
    return reply.status(404).send({ errors: { base: [`Cannot ${request.method} ${pathname}`] } });
  };

  // Bodies are not parsed here: they stream to the owning service untouched.
  await app.register(async (scope: FastifyInstance) => {
    // Outside Nest's routes, so its exception filter does not see these: the same mapping, here.
    scope.setErrorHandler((error, request, reply) => {
      const { status, body } = toErrorResponse(error, request.id);
      if (status >= 500) logger.error({ reqId: request.id, err: error }, 'unhandled error');
      return reply.status(status).send(body);
    });
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    scope.all('/*', edge);
  });
}
