import {
  DEMO_CLIENT_USER,
  DEMO_PASSWORD,
  DEMO_PROVIDER,
  DEMO_USERS,
  demoUserId,
  seedDemoClientPortal,
  seedDemoData,
} from '@tourly/identity';
import {
  demoClientOf,
  demoClientPropertiesOf,
  seedDemoData as seedDemoProperties,
  seedDemoHeatMapData,
  seedDemoStagingLibrary,
  type DemoStagingModel,
} from '@tourly/properties';
import { SKETCHFAB_CATALOGUE, sketchfabArchives } from '@tourly/emulators';
import { DEMO_CREDITS, seedDemoCredits, seedDemoHosting } from '@tourly/billing';
import type { Logger } from '@tourly/platform';
import type { RunningCluster } from './cluster';
import { startPlatform, type Env, type RunningPlatform } from './platform';

/**
 * The demo accounts and what they show, made once (every step finds what an earlier start made): the provider and
 * admin, the provider's properties from the demo Matterport account with analytics and a heat map, a client with
 * its portal account, credits, hosting fees on the emulator's Stripe.
 */
export async function seedDemo(platform: RunningPlatform, env: Env, logger: Logger): Promise<void> {
  const demoProviderId = await seedDemoData(platform.services.identity);
  if (!demoProviderId) return;
  logger.info(
    `demo accounts (password ${DEMO_PASSWORD}): ${DEMO_USERS.map((user) => user.email).join(', ')}`,
  );
  const demoProperties = await seedDemoProperties(platform.services.properties, demoProviderId);
  if (demoProperties > 0) {
    logger.info(`${demoProperties} demo properties for ${DEMO_PROVIDER}`);
    // The heat map over floor plans (issue 33), with the properties (once): here, where storage runs, for the
    // floor plans' files. A nicety of the demo: storage out of reach (an S3_ENDPOINT given that answers nothing)
    // leaves the page with its ranked list and its hint to add a floor plan, and the platform starts all the same.
    const placed = await seedDemoHeatMapData(platform.services.properties, demoProviderId).catch(
      (error: unknown) => {
        logger.warn({ err: error }, 'demo floor plans not stored: the heat map shows once one is added');
        return 0;
      },
    );
    if (placed > 0) logger.info(`${placed} demo rooms placed on floor plans for the heat map`);
  }
  // The platform's staging library (issue 36), for the staging editor: where storage runs, as the heat map's plans.
  const stagingAssets = await seedDemoStaging(platform).catch((error: unknown) => {
    logger.warn({ err: error }, 'demo staging library not stored: administrators can upload its models');
    return 0;
  });
  if (stagingAssets > 0) logger.info(`${stagingAssets} demo models in the staging library`);
  // The demo client's agent signs in to the client's portal (issue 31).
  const demoClientId = await demoClientOf(platform.services.properties, demoProviderId);
  if (demoClientId && (await seedDemoClientPortal(platform.services.identity, demoProviderId, demoClientId)))
    logger.info(`demo client portal account: ${DEMO_CLIENT_USER.email}`);
  if (await seedDemoCredits(platform.services.billing, demoProviderId))
    logger.info(`${DEMO_CREDITS} demo credits for ${DEMO_PROVIDER}`);
  // Hosting fees (issue 32) on the emulator's Stripe: the merchant account onboarded, a tax rate, the demo client
  // as a customer and a subscription for its two properties, whose open invoice its portal shows. Billing reads the
  // account back from Stripe itself, so nothing here waits on a webhook.
  if (demoClientId) {
    const clientPropertyIds = await demoClientPropertiesOf(
      platform.services.properties,
      demoProviderId,
      demoClientId,
    );
    const hosting = await seedDemoHosting(
      platform.services.billing,
      demoProviderId,
      demoClientId,
      clientPropertyIds,
      { email: DEMO_CLIENT_USER.email, emulatorsUrl: env.EMULATORS_URL },
    );
    if (hosting.length > 0) logger.info(`demo hosting fees for ${DEMO_PROVIDER}: ${hosting.join(', ')}`);
  }
}

/**
 * The demo data on a cluster: through one more copy of the platform in this process, on the cluster's database and
 * NATS, for as long as the seeding takes (several copies at once is what a cluster is for).
 */
export async function seedDemoOnCluster(cluster: RunningCluster, env: Env, logger: Logger): Promise<void> {
  const seeder = await startPlatform(
    { ...env, NATS_URL: cluster.natsUrl, EVENTS_STREAM_REPLICAS: String(cluster.natsNodes.length) },
    'ephemeral',
  );
  try {
    await seedDemo(seeder, env, logger);
  } finally {
    await seeder.close();
  }
}

/**
 * The staging library's demo models: the emulated Sketchfab catalogue's downloadable furniture (properties keeps those
 * whose licence allows staging), each with its credit, logged as the demo administrator's uploads.
 */
async function seedDemoStaging(platform: RunningPlatform): Promise<number> {
  const administrator = DEMO_USERS.find((user) => user.staffRole === 'platform_admin')!;
  const administratorId = await demoUserId(platform.services.identity, administrator.email);
  if (!administratorId) return 0;
  return seedDemoStagingLibrary(platform.services.properties, administratorId, demoStagingModels);
}

/** The emulated Sketchfab catalogue's downloadable models, as the demo's staging library takes them. */
export async function demoStagingModels(): Promise<DemoStagingModel[]> {
  const models: DemoStagingModel[] = [];
  for (const model of SKETCHFAB_CATALOGUE) {
    if (!model.isDownloadable) continue;
    models.push({
      name: model.name,
      tags: model.tags,
      licenseSlug: model.license.slug,
      glb: (await sketchfabArchives(model)).glb.bytes,
      credit: {
        model: { uid: model.uid, name: model.name, thumbnailUrl: null },
        user: {
          name: model.author.displayName,
          profileUrl: `https://sketchfab.com/${encodeURIComponent(model.author.username)}`,
        },
        license: { label: model.license.label, url: model.license.url },
      },
    });
  }
  return models;
}
