import { nextDelivery } from '@tourly/platform/testing';
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

/**
 * Puts the provider on Starter the way the billing page does (the billing account, a card, then the plan), and
 * waits until properties has heard of it, so what the plan allows holds from the next request.
 */
export async function onStarter(platform: PlatformWithEmulators, person: Person): Promise<void> {
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
  const planKnown = nextDelivery(platform.platform.services.properties, 'billing.subscription.changed.v1');
  const starter = await person.send('put', '/provider/billing/service_plan_subscription', {
    service_plan_subscription: { product_code: 'starter_plan', interval: 'month', payment_method_id: card },
  });
  if (starter.body.data?.result !== 'success')
    throw new Error(`Starter refused: ${JSON.stringify(starter.body)}`);
  await planKnown;
}
