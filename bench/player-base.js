// The visitor's player: base.json of a published tour through the gateway, against a static file of the same bytes
// served by the same gateway (its /assets/, as the web app's files), each for 10 s with autocannon. Target:
// base.json >= 50% of the static file's throughput. Revalidation (If-None-Match: a 304 without a body) is
// measured separately, against the static file's own 304. The load generator, the gateway, properties and
// identity share the machine's two cores: three alternating rounds, the median reported.
const { record } = require('./support');
const { aSharedTour, compareWithStatic, withPlayerPlatform } = require('./static-comparison');

async function main() {
  await withPlayerPlatform(async ({ gatewayUrl, webDist, db }) => {
    // A shared tour of the demo provider.
    const { publicId } = await aSharedTour({ gatewayUrl, db });
    const measured = await compareWithStatic({
      gatewayUrl,
      webDist,
      answerPath: `/digital_twin/${publicId}/layers/base.json`,
      staticName: 'base.json',
      revalidate: true,
    });
    const { failed, ...result } = measured;
    Object.assign(result, { target: 'median full.throughputRatio >= 0.50' });
    record('player-base', result);
    console.log(JSON.stringify(result, null, 2));
    if (failed) process.exitCode = 1;
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
