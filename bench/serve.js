// Starts one service in this process from the built workspaces and prints its URL as a JSON line:
//   node bench/serve.js fixture|gateway
// The environment configures it exactly as it would a deployed service.
const { startService } = require('@tourly/platform');

const definitions = {
  fixture: () => require('@tourly/platform/testing').widgetsFixture,
  gateway: () => require('@tourly/gateway').gateway,
};

startService(definitions[process.argv[2]](), process.env).then(
  (running) => {
    process.stdout.write(`${JSON.stringify({ url: running.url })}\n`);
    process.once('SIGTERM', () => running.close().then(() => process.exit(0)));
  },
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
