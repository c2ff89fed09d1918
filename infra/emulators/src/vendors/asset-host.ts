import type { FastifyPluginAsync } from 'fastify';
import type { Vendor } from '../vendor';
import { buildArchives } from './sketchfab/archives';
import { CATALOGUE, type CatalogueModel } from './sketchfab/catalogue';

/** The pack's CSV, in the columns the staging assets' bulk upload reads (services/properties README). */
export const ASSET_HOST_PACK_PATH = '/staging-pack.csv';

/** Licences a furniture pack may be sold with for staging: the pack lists only those models. */
const PACK_LICENCES = new Set(['cc0', 'by', 'by-sa', 'st']);

const packModels = (): CatalogueModel[] =>
  CATALOGUE.filter((model) => model.isDownloadable && PACK_LICENCES.has(model.license.slug));

/** The staging library's category each piece goes in, by its first tag, as the pack's author wrote the CSV. */
const CATEGORY_OF_TAG: Record<string, string> = {
  sofa: 'Sofas',
  armchair: 'Chairs',
  table: 'Tables',
  bed: 'Beds',
  sideboard: 'Storage',
  lamp: 'Lighting',
  plant: 'Plants',
  rug: 'Rugs',
};

const fileOf = (model: CatalogueModel) =>
  `${model.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}.glb`;

/**
 * A web server on the internet hosting a furniture pack for virtual staging: its models (GLB, the emulated Sketchfab
 * catalogue's furniture) and a CSV listing them with their credits, which an administrator gives the staging assets'
 * bulk upload (`<emulators>/asset-host/staging-pack.csv`). Plain static files, as any host serves them: no vendor API.
 */
export function createAssetHostVendor(): Vendor {
  return { name: 'asset-host', prefix: '/asset-host', routes: assetHostRoutes };
}

const assetHostRoutes: FastifyPluginAsync = async (app) => {
  app.get(ASSET_HOST_PACK_PATH, async (request, reply) => {
    const base = `${request.protocol}://${request.host}/asset-host/models`;
    return reply.type('text/csv; charset=utf-8').send(packCsv(base));
  });

  app.get<{ Params: { file: string } }>('/models/:file', async (request, reply) => {
    const model = packModels().find((candidate) => fileOf(candidate) === request.params.file);
    if (!model) return reply.status(404).type('text/plain').send('Not Found');
    const { glb } = await buildArchives(model);
    return reply.type(glb.contentType).send(Buffer.from(glb.bytes));
  });
};

function packCsv(modelsUrl: string): string {
  const header =
    'model_url,name,category,credit_model_uid,credit_model_name,credit_model_thumbnail_url,credit_user_name,' +
    'credit_user_profile_url,credit_license_label,credit_license_url';
  const cell = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  const rows = packModels().map((model) =>
    [
      `${modelsUrl}/${fileOf(model)}`,
      model.name,
      CATEGORY_OF_TAG[model.tags[0] ?? ''] ?? 'Decor',
      model.uid,
      model.name,
      '',
      model.author.displayName,
      `https://sketchfab.com/${model.author.username}`,
      model.license.label,
      model.license.url,
    ]
      .map(cell)
      .join(','),
  );
  return `${[header, ...rows].join('\n')}\n`;
}
