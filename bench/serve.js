// Starts one service in this process from the built workspaces and prints its URL as a JSON line:
//   node bench/serve.js fixture|gateway|identity|billing|properties|orders|bare-webhook
// The environment configures it exactly as it would a deployed service.
const Fastify = require('fastify');
const { createLogger, fastifyOptions, installWireConventions, startService } = require('@tourly/platform');

/** A baseline: a Fastify server with the platform's body parsing whose webhook route only reads the body. */
async function startBareWebhook() {
  const app = Fastify(fastifyOptions('127.0.0.1'));
  installWireConventions(app, createLogger('bare-webhook', 'warn'));
  app.post('/api/webhooks/stripe', async () => ({ data: { received: true } }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${app.server.address().port}`, close: () => app.close() };
}

const definitions = {
  fixture: () => require('@tourly/platform/testing').widgetsFixture,
  gateway: () => require('@tourly/gateway').gateway,
  identity: () => require('@tourly/identity').identity,
  billing: () => require('@tourly/billing').billing,
  properties: () => require('@tourly/properties').properties,
  orders: () => require('@tourly/orders').orders,
};

/** What a freshly started service needs before it is measured (identity: the demo accounts). */
const prepare = {
  identity: (running) => require('@tourly/identity').seedDemoData(running),
};

const what = process.argv[2];
const start =
  what === 'bare-webhook' ? startBareWebhook : () => startService(definitions[what](), process.env);
start().then(
  async (running) => {
    await prepare[what]?.(running);
    process.stdout.write(`${JSON.stringify({ url: running.url })}\n`);
    // Started with --expose-gc: SIGUSR2 asks for the memory left after a full collection (support.js's memory()).
    if (globalThis.gc)
      process.on('SIGUSR2', () => {
        globalThis.gc();
        process.stdout.write(`${JSON.stringify({ memory: process.memoryUsage() })}\n`);
      });
    process.once('SIGTERM', () => running.close().then(() => process.exit(0)));
  },
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
