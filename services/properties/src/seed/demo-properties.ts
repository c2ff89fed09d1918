import type { INestApplicationContext } from '@nestjs/common';
import { ClientsQuery } from '../clients/clients.dto';
import { ClientsService } from '../clients/clients.service';
import { seedDemoAnalytics } from './demo-analytics';
import { seedDemoBookings } from './demo-bookings';
import { ContactsService } from '../media/contacts.service';
import { Matterport, MATTERPORT_MAX_PAGE_SIZE } from '../matterport/matterport';
import { PropertiesQuery } from '../properties/properties.dto';
import { PropertiesService } from '../properties/properties.service';

/** The demo provider's client (an agency) and the agency's agent, on the first two demo properties. */
export const DEMO_CLIENT = { name: 'Harbour Realty', emailAddress: 'office@harbour-realty.demo.test' };
export const DEMO_CONTACT = {
  fullName: 'Ana Ng',
  emailAddress: 'ana.ng@harbour-realty.demo.test',
  phoneNumber: '+61 400 555 010',
};

/**
 * Gives the demo provider of `npm start` a property for each model of the Matterport account it reads (the
 * platform's own: the emulator's demo models), geocoded like any other, once: a provider that has properties is left
 * alone. The first two are for a demo client, whose agent is the first one's agent; the booking page is set up with a
 * few of that agent's bookings; two weeks of visitor analytics on every tour. Answers how many it made.
 */
export async function seedDemoProperties(app: INestApplicationContext, providerId: string): Promise<number> {
  const properties = app.get(PropertiesService);
  const existing = await properties.list(providerId, Object.assign(new PropertiesQuery(), { pageSize: 1 }));
  if (existing.totalCount > 0) return 0;
  // Matterport's largest page: every model of the demo account (thirteen, one behind a password).
  const { models } = await app.get(Matterport).models(providerId, { pageSize: MATTERPORT_MAX_PAGE_SIZE });
  const made: string[] = [];
  for (const model of models) {
    if (!model.address) continue;
    const property = await properties.create(providerId, {
      title: model.name,
      address: model.address,
      matterportKey: model.id,
    });
    made.push(property.id);
  }
  if (made.length > 0) {
    await seedDemoClient(app, providerId, made.slice(0, 2));
    await seedDemoBookings(app, providerId);
    await seedDemoAnalytics(app, providerId, made);
  }
  return made.length;
}

async function seedDemoClient(app: INestApplicationContext, providerId: string, propertyIds: string[]) {
  const clients = app.get(ClientsService);
  const client = await clients.createClient(providerId, DEMO_CLIENT);
  const contact = await clients.createContact(providerId, { ...DEMO_CONTACT, providerClientId: client.id });
  for (const id of propertyIds)
    await app.get(PropertiesService).update(providerId, id, { providerClientId: client.id });
  await app.get(ContactsService).set(providerId, propertyIds[0]!, [contact.id]);
}

/** The demo client's id (the client the seed made, found by its name), or null before it exists. */
export async function demoClientId(app: INestApplicationContext, providerId: string): Promise<string | null> {
  const found = await app
    .get(ClientsService)
    .clients(providerId, Object.assign(new ClientsQuery(), { q: DEMO_CLIENT.name, pageSize: 1 }));
  return found.items.find((client) => client.name === DEMO_CLIENT.name)?.id ?? null;
}

/** The demo client's live properties (the seed gives it two), oldest first, as the provider's list shows them. */
export async function demoClientPropertyIds(
  app: INestApplicationContext,
  providerId: string,
  clientId: string,
): Promise<string[]> {
  const found = await app.get(PropertiesService).list(
    providerId,
    Object.assign(new PropertiesQuery(), {
      pageSize: 100,
      filters: { providerClientId: clientId },
    }),
  );
  return found.items.map((property) => property.id).reverse();
}
