import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';

/** The hand-written stand-in, in infra/emulators/static (the same place relative to src/ and dist/). */
const SCRIPT = join(__dirname, '..', '..', '..', 'static', 'matterport', 'showcase-sdk.js');

/** A build of the SDK client as Matterport names them (`2.0.1-0-g64e7e88`), or `latest`. */
const BUILD = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The Showcase SDK's client for offline browsers, where Matterport serves it: `/showcase-sdk/latest.js` and
 * `/showcase-sdk/<build>/sdk.js` (production: `https://static.matterport.com/showcase-sdk/...`). It defines
 * `window.MP_SDK` and connects to the Showcase stand-in served beside it (`/show/`), whatever the build asked for.
 */
export const showcaseSdkRoutes: FastifyPluginAsync = async (app) => {
  const send = async (reply: import('fastify').FastifyReply) =>
    reply
      .header('content-type', 'application/javascript; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(await readFile(SCRIPT, 'utf8'));
  app.get('/showcase-sdk/latest.js', async (_request, reply) => send(reply));
  app.get<{ Params: { build: string } }>('/showcase-sdk/:build/sdk.js', async (request, reply) => {
    if (!BUILD.test(request.params.build)) {
      return reply.code(404).send({ error: { message: `No SDK build ${request.params.build}` } });
    }
    return send(reply);
  });
};
