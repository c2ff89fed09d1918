import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  answerRefusal,
  FORM,
  htmlPage,
  isForm,
  pageErrorHandler,
  redirect,
  tokenErrorHandler,
} from '../oauth-helpers';
import { consentPage, errorPage } from './authorize-page';
import { isOAuthAccountId, OAUTH_ACCOUNTS } from './catalogue';
import type { SketchfabOAuth } from './oauth';

/**
 * Sketchfab's OAuth endpoints, relative to the vendor's prefix, with their trailing slashes as on sketchfab.com:
 * the authorize page (`GET`, and `POST` for the person's choice) and the token endpoint. Bodies are read raw, so a
 * repeated parameter is seen and a body of another type is refused the OAuth way.
 */
export function oauthRoutes(oauth: SketchfabOAuth, prefix: string): FastifyPluginAsync {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

    app.get('/oauth2/authorize/', { errorHandler: pageErrorHandler(errorPage) }, async (request, reply) => {
      const params = queryOf(request);
      const check = oauth.checkAuthorization(params);
      if (check.kind !== 'valid') return answerRefusal(reply, check, errorPage);
      return htmlPage(reply).send(
        consentPage({
          action: `${prefix}/oauth2/authorize/`,
          clientName: check.clientName,
          scope: check.request.scope,
          accounts: OAUTH_ACCOUNTS,
          params,
        }),
      );
    });

    app.post('/oauth2/authorize/', { errorHandler: pageErrorHandler(errorPage) }, async (request, reply) => {
      if (!isForm(request))
        return htmlPage(reply).code(400).send(errorPage('The form was not sent as a form.'));
      const params = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
      const decisions = params.getAll('decision');
      const accounts = params.getAll('account');
      params.delete('decision');
      params.delete('account');
      const check = oauth.checkAuthorization(params);
      if (check.kind !== 'valid') return answerRefusal(reply, check, errorPage);
      const { redirectUri, state } = check.request;
      if (decisions.length > 0) {
        if (decisions.length > 1 || decisions[0] !== 'deny') {
          return htmlPage(reply).code(400).send(errorPage('The only decision besides an account is "deny".'));
        }
        return redirect(reply, redirectUri, { error: 'access_denied', state });
      }
      const account = accounts.length === 1 ? accounts[0] : undefined;
      if (!isOAuthAccountId(account)) {
        return htmlPage(reply)
          .code(400)
          .send(
            errorPage(`Choose one account: ${OAUTH_ACCOUNTS.map(({ username }) => username).join(' or ')}.`),
          );
      }
      return redirect(reply, redirectUri, { code: oauth.issueCode(check.request, account), state });
    });

    app.post('/oauth2/token/', { errorHandler: tokenErrorHandler }, async (request, reply) => {
      void reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      if (!isForm(request)) {
        return reply.code(400).send({
          error: 'invalid_request',
          error_description: `The token request must be sent as ${FORM}.`,
        });
      }
      const params = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
      const answer = oauth.token(params, request.headers.authorization);
      return reply.code(answer.status).send(answer.body);
    });
    app.route({
      method: ['GET', 'PUT', 'PATCH', 'DELETE'],
      url: '/oauth2/token/',
      handler: async (_request, reply) => reply.code(405).header('allow', 'POST, OPTIONS').send(''),
    });
  };
}

/** The emulator's own test control (no counterpart at Sketchfab), under `/_oauth/`: expire the access tokens. */
export function oauthControls(oauth: SketchfabOAuth): FastifyPluginAsync {
  return async (app) => {
    app.post('/_oauth/expire_access_tokens', async () => ({ expired: oauth.expireAccessTokens() }));
  };
}

function queryOf(request: FastifyRequest): URLSearchParams {
  const query = request.url.indexOf('?');
  return new URLSearchParams(query < 0 ? '' : request.url.slice(query + 1));
}
