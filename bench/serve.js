// Starts one service in this process from the built workspaces and prints its URL as a JSON line:
//   node bench/serve.js fixture|gateway
// The environment configures it exactly as it would a deployed service.
const { startService } = require('@tourly/platform');

const definitions = {
  fixture: () => require('@tourly/platform/testing').widgetsFixture,
  gateway: () => require('@tourly/gateway').gateway,
  identity: () => require('@tourly/identity').identity,
};

/** What a freshly started service needs before it is measured (identity: the demo accounts). */
const prepare = {
  identity: (running) => require('@tourly/identity').seedDemoData(running),
};

const what = process.argv[2];
startService(definitions[what](), process.env).then(
  async (running) => {
    await prepare[what]?.(running);
    process.stdout.write(`${JSON.stringify({ url: running.url })}\n`);
    process.once('SIGTERM', () => running.close().then(() => process.exit(0)));
  },
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
