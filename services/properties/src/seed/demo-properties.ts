import type { INestApplicationContext } from '@nestjs/common';
import { Matterport, MATTERPORT_MAX_PAGE_SIZE } from '../matterport/matterport';
import { PropertiesQuery } from '../properties/properties.dto';
import { PropertiesService } from '../properties/properties.service';

/**
 * Gives the demo provider of `npm start` a property for each model of the Matterport account it reads (the
 * platform's own: the emulator's demo models), geocoded like any other, once: a provider that has properties is left
 * alone. Answers how many it made.
 */
export async function seedDemoProperties(app: INestApplicationContext, providerId: string): Promise<number> {
  const properties = app.get(PropertiesService);
  const existing = await properties.list(providerId, Object.assign(new PropertiesQuery(), { pageSize: 1 }));
  if (existing.totalCount > 0) return 0;
  // Matterport's largest page: every model of the demo account (thirteen, one behind a password).
  const { models } = await app.get(Matterport).models(providerId, { pageSize: MATTERPORT_MAX_PAGE_SIZE });
  let created = 0;
  for (const model of models) {
    if (!model.address) continue;
    await properties.create(providerId, {
      title: model.name,
      address: model.address,
      matterportKey: model.id,
    });
    created += 1;
  }
  return created;
}
