import type { INestApplicationContext } from '@nestjs/common';
import type { Caller } from '@tourly/platform';
import { ALLOWED_LICENSES, categoryFor } from '../sketchfab/sketchfab.rules';
import { AssetsQuery } from '../staging/staging-assets.dto';
import type { AssetCredit } from '../staging/staging-assets.repository';
import { modelFileName } from '../staging/staging-assets.rules';
import { StagingAssetsService } from '../staging/staging-assets.service';

/**
 * A model for the demo's staging library, as Sketchfab describes one: its name and tags (which choose its category),
 * its licence (the Sketchfab import's rule says whether staging may use it), its GLB and its credit.
 */
export interface DemoStagingModel {
  name: string;
  tags: string[];
  licenseSlug: string;
  glb: Uint8Array;
  credit: AssetCredit;
}

/**
 * The platform's staging library of `npm start`, so the demo provider's staging editor has furniture to place: each
 * model made an asset as an administrator's upload is (checked, measured, its thumbnail drawn), logged as the demo
 * administrator's, once: a platform library that has assets is left alone (and `models` not even made). Answers how
 * many it made.
 */
export async function seedDemoStaging(
  app: INestApplicationContext,
  administratorId: string,
  models: () => Promise<DemoStagingModel[]>,
): Promise<number> {
  const assets = app.get(StagingAssetsService);
  const existing = await assets.allAssets(Object.assign(new AssetsQuery(), { pageSize: 1 }));
  if (existing.totalCount > 0) return 0;
  const seeder: Caller = {
    userId: administratorId,
    role: null,
    staffRole: 'platform_admin',
    providerId: null,
    clientId: null,
    impersonatorId: null,
    scopes: [],
    requestId: 'demo-seed',
  };
  const usable = (await models()).filter((model) => ALLOWED_LICENSES.has(model.licenseSlug));
  for (const model of usable) {
    await assets.createFromModel(
      seeder,
      null,
      { bytes: Buffer.from(model.glb), filename: modelFileName(model.name) },
      { name: model.name, categoryId: categoryFor(model), credit: model.credit },
    );
  }
  return usable.length;
}
