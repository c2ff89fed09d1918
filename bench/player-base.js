// The visitor's player: base.json of a published tour through the gateway, against a static file of the same bytes
// served by the same gateway (its /assets/, as the web app's files), each for 10 s with autocannon. Target:
// base.json >= 50% of the static file's throughput. Revalidation (If-None-Match: a 304 without a body) is
// measured separately, against the static file's own 304. The load generator, the gateway, properties and
// identity share the machine's two cores: three alternating rounds, the median reported.
const { randomUUID } = require('node:crypto');
const { signIn, record } = require('./support');
const { compareWithStatic, withPlayerPlatform } = require('./static-comparison');

async function main() {
  await withPlayerPlatform(async ({ gatewayUrl, webDist, db }) => {
    // A shared tour of the demo provider: its property, a plan that publishes, its player link (made at the first read).
    const owner = await signIn(gatewayUrl, 'provider@demo.test');
    const propertyId = randomUUID();
    await db.query(
      `INSERT INTO properties.properties (id, provider_id, slug, title, address, matterport_key, tour_published)
       VALUES ($1, $2, 'seaside-villa', 'Seaside Villa', '12 Harbour St, Sydney NSW 2000, Australia', 'SxQL3iGyoDo', true)`,
      [propertyId, owner.providerId],
    );
    await db.query(
      `INSERT INTO properties.provider_plans (provider_id, product_code, status, premium_tour_limit, changed_at)
       VALUES ($1, 'vt_creator_plan', 'active', 100, now())
       ON CONFLICT (provider_id) DO UPDATE SET product_code = 'vt_creator_plan', status = 'active'`,
      [owner.providerId],
    );
    const link = await (
      await fetch(`${gatewayUrl}/provider/properties/${propertyId}/player_link`, {
        headers: { cookie: owner.cookie },
      })
    ).json();
    const measured = await compareWithStatic({
      gatewayUrl,
      webDist,
      answerPath: `/digital_twin/${link.data.client_slug}~${link.data.model_slug}/layers/base.json`,
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
