import { tourPublicId, type ProductCode } from '@tourly/contracts';
import { eventually } from '@tourly/platform/testing';
import type { Person, PlatformWithEmulators } from './platform';

/** A property made through the API, as a test builder (a model of the Matterport emulator's): its id. */
export async function aProperty(person: Person, title: string): Promise<string> {
  const created = await person.send('post', '/provider/properties', {
    create_tour_params: { title, address: '12 Harbour View, Sydney', matterport_key: 'SxQL3iGyoDo' },
  });
  if (created.status !== 201)
    throw new Error(`property refused: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.data.id as string;
}

/** Clients made through the API, twenty at a time, one per name: their ids by name. */
export async function someClients(person: Person, names: string[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (let from = 0; from < names.length; from += 20)
    await Promise.all(
      names.slice(from, from + 20).map(async (name) => {
        const made = await person.send('post', '/provider/clients/create_from_dashboard', {
          client_form: { name },
        });
        if (made.status !== 201)
          throw new Error(`client refused: ${made.status} ${JSON.stringify(made.body)}`);
        ids.set(name, made.body.data.id as string);
      }),
    );
  return ids;
}

/**
 * Puts the provider on a paid plan the way the billing page does (the billing account, a card, then the plan), and
 * waits until properties has heard of it, so what the plan allows holds from the next request.
 */
export async function onPlan(
  platform: PlatformWithEmulators,
  person: Person,
  productCode: Exclude<ProductCode, 'free_tier_plan'>,
): Promise<void> {
  await person
    .send('put', '/provider/billing/account', {
      name: 'Harbour Lights Media',
      email: 'accounts@harbour-lights.test',
      address: '1 Harbour Road, Sydney',
      country: 'AU',
      currency: 'usd',
    })
    .expect(200);
  const card = await platform.saveCard(person, 'pm_card_visa');
  const subscribed = await person.send('put', '/provider/billing/service_plan_subscription', {
    service_plan_subscription: { product_code: productCode, interval: 'month', payment_method_id: card },
  });
  if (subscribed.body.data?.result !== 'success')
    throw new Error(`${productCode} refused: ${JSON.stringify(subscribed.body)}`);
  // This provider's plan in properties' own record (not the next plan event: on a shared platform that may be
  // another provider's).
  await eventually(
    async () =>
      (await platform.propertiesDb.dataSource.query(
        'SELECT product_code FROM provider_plans WHERE provider_id = $1',
        [person.providerId],
      )) as Array<{ product_code: string }>,
    (rows) => rows[0]?.product_code === productCode,
    `properties hearing of the ${productCode} plan`,
  );
}

/** On Starter (`onPlan`): premium tours, no creator studio. */
export const onStarter = (platform: PlatformWithEmulators, person: Person): Promise<void> =>
  onPlan(platform, person, 'starter_plan');

/**
 * A property of `person` whose tour is shared (its published feature on, as the Publishing section does it): its id,
 * its player link (`GET player_link`) and the path of the tour's base layer for visitors (200 online, 423 paused).
 */
export async function aSharedTour(person: Person, title: string) {
  const propertyId = await aProperty(person, title);
  const shared = await person.send('put', `/provider/properties/${propertyId}/published_features`, {
    published_features: { tour: true },
  });
  if (shared.status !== 200) throw new Error(`tour not shared: ${shared.status} ${shared.text}`);
  const link = (await person.get(`/provider/properties/${propertyId}/player_link`)).body.data as {
    id: string;
    client_slug: string;
    model_slug: string;
    links: Record<string, string>;
  };
  const basePath = `/digital_twin/${encodeURIComponent(tourPublicId(link.client_slug, link.model_slug))}/layers/base.json`;
  return { propertyId, link, basePath };
}
