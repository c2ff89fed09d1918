import type { FastifyError, FastifyPluginAsync } from 'fastify';
import {
  answerRefusal,
  FORM,
  htmlPage,
  isForm,
  pageErrorHandler,
  redirect,
  tokenErrorHandler,
} from '../oauth-helpers';
import { consentPage, refusalPage } from './authorize-page';
import { isOAuthAccountId, OAUTH_ACCOUNTS, type OAuthAccountId } from './models';
import type { MatterportOAuth } from './oauth';

/**
 * Matterport's OAuth endpoints, relative to the vendor's prefix: the authorize page (`GET`, and `POST` for the
 * person's choice) and the token endpoint. The bodies are read raw here, so a repeated parameter is seen
 * (RFC 6749 §3.1) and a body of another type is refused the OAuth way rather than by fastify.
 */
export function oauthRoutes(oauth: MatterportOAuth, prefix: string): FastifyPluginAsync {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

    app.get('/oauth/authorize', { errorHandler: pageErrorHandler(refusalPage) }, async (request, reply) => {
      const query = request.url.indexOf('?');
      const params = new URLSearchParams(query < 0 ? '' : request.url.slice(query + 1));
      const check = oauth.checkAuthorization(params);
      if (check.kind !== 'valid') return answerRefusal(reply, check, refusalPage);
      return htmlPage(reply).send(
        consentPage({
          action: `${prefix}/oauth/authorize`,
          clientName: oauth.client.clientName,
          scope: check.request.scope,
          accounts: OAUTH_ACCOUNTS,
          params,
        }),
      );
    });

    app.post('/oauth/authorize', { errorHandler: pageErrorHandler(refusalPage) }, async (request, reply) => {
      if (!isForm(request)) {
        return htmlPage(reply).code(400).send(refusalPage('The form was not sent as a form.'));
      }
      const params = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
      const decisions = params.getAll('decision');
      const accounts = params.getAll('account');
      params.delete('decision');
      params.delete('account');
      const check = oauth.checkAuthorization(params);
      if (check.kind !== 'valid') return answerRefusal(reply, check, refusalPage);
      const { redirectUri, state } = check.request;
      if (decisions.length > 0) {
        if (decisions.length > 1 || decisions[0] !== 'deny') {
          return htmlPage(reply)
            .code(400)
            .send(refusalPage('The only decision besides an account is "deny".'));
        }
        return redirect(reply, redirectUri, { error: 'access_denied', state });
      }
      const account = accounts.length === 1 ? accounts[0] : undefined;
      if (!isOAuthAccountId(account)) {
        return htmlPage(reply)
          .code(400)
          .send(refusalPage(`Choose one account: ${OAUTH_ACCOUNTS.map(({ id }) => id).join(' or ')}.`));
      }
      return redirect(reply, redirectUri, { code: oauth.issueCode(check.request, account), state });
    });

    app.post('/oauth/token', { errorHandler: tokenErrorHandler }, async (request, reply) => {
      void reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      if (!isForm(request)) {
        return reply.code(400).send({
          error: 'invalid_request',
          error_description: `The token request must be sent as ${FORM}.`,
        });
      }
      const params = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
      const answer = oauth.token(params, request.headers.authorization);
      if (answer.challenge) void reply.header('www-authenticate', 'Basic realm="Matterport OAuth"');
      return reply.code(answer.status).send(answer.body);
    });
    app.route({
      method: ['GET', 'PUT', 'PATCH', 'DELETE'],
      url: '/oauth/token',
      handler: async (_request, reply) =>
        reply
          .code(405)
          .header('allow', 'POST')
          .header('cache-control', 'no-store')
          .header('pragma', 'no-cache')
          .send({ error: 'invalid_request', error_description: 'The token endpoint takes POST only.' }),
    });
  };
}

/**
 * The emulator's own test controls (no counterpart at Matterport), under `/_oauth/`: expire access tokens,
 * revoke an account's tokens, count the token requests. JSON bodies.
 */
export function oauthControls(oauth: MatterportOAuth): FastifyPluginAsync {
  return async (app) => {
    app.setErrorHandler((error: FastifyError, _request, reply) => {
      void reply.code(error.statusCode ?? 500).send({ error: { message: error.message } });
    });
    app.post<{ Body: unknown }>('/_oauth/expire_access_tokens', async (request, reply) => {
      const account = accountOf(request.body, false);
      if (account === null) return reply.code(400).send(accountError(false));
      return { expired: oauth.expireAccessTokens(account) };
    });
    app.post<{ Body: unknown }>('/_oauth/revoke', async (request, reply) => {
      const account = accountOf(request.body, true);
      if (!account) return reply.code(400).send(accountError(true));
      return { revoked: oauth.revoke(account) };
    });
    app.get('/_oauth/stats', async () => oauth.statistics());
  };
}

/** The body's `account`: undefined when left out (and optional), null when not an account. */
function accountOf(body: unknown, required: boolean): OAuthAccountId | undefined | null {
  const account =
    typeof body === 'object' && body !== null ? (body as { account?: unknown }).account : undefined;
  if (account === undefined) return required ? null : undefined;
  return isOAuthAccountId(account) ? account : null;
}

function accountError(required: boolean) {
  const accounts = OAUTH_ACCOUNTS.map(({ id }) => id).join(', ');
  return { error: { message: `account${required ? '' : ' (optional)'}: one of ${accounts}` } };
}
