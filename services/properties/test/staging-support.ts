import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Document, NodeIO } from '@gltf-transform/core';
import type { ProductCode, SubscriptionChangedV1 } from '@tourly/contracts';
import { Database, uuidv7 } from '@tourly/platform';
import { Plans } from '../src/plans/plans';
import type { Person, PropertiesAlone } from './support';

/**
 * A GLB made with glTF Transform: one mesh of `triangles` triangles (indexed, over three corners) spanning a box of
 * `size` metres; `padding` bytes of unused vertices make a file large without adding triangles.
 */
export async function glb(
  options: { triangles?: number; size?: [number, number, number]; padding?: number } = {},
): Promise<Buffer> {
  const { triangles = 12, size = [2, 0.9, 0.8], padding = 0 } = options;
  const document = new Document();
  const buffer = document.createBuffer();
  const [x, y, z] = size;
  // The corners first; `padding` bytes of unused vertices after them (at the origin, inside the box) make it large.
  const positions = new Float32Array(Math.max(9, Math.ceil(padding / 12) * 3));
  positions.set([0, 0, 0, x, y, 0, 0, 0, z]);
  const corners = document.createAccessor().setType('VEC3').setArray(positions).setBuffer(buffer);
  const indices = document
    .createAccessor()
    .setType('SCALAR')
    .setArray(Uint32Array.from({ length: triangles * 3 }, (_, index) => index % 3))
    .setBuffer(buffer);
  const primitive = document.createPrimitive().setAttribute('POSITION', corners).setIndices(indices);
  const node = document.createNode('piece').setMesh(document.createMesh('piece').addPrimitive(primitive));
  document.createScene('scene').addChild(node);
  return Buffer.from(await new NodeIO().writeBinary(document));
}

/** A bulk upload's credit cells (credit_model_uid ... credit_license_url) of a third-party model, thumbnail left empty. */
export const CSV_CREDIT_CELLS = [
  'sf-0042',
  'Wool Area Rug',
  '',
  'Ada Modeller',
  'https://sketchfab.test/ada',
  'CC Attribution',
  'https://creativecommons.org/licenses/by/4.0/',
];

/**
 * A web server on this machine (127.0.0.1, port 0) for the files a bulk upload reads, as an operator's own asset server
 * would serve them: `serve` answers a path with a body, `route` with a handler of its own (a redirect, a slow answer);
 * any other path is a 404. The service reads it only when its `origin` is in STAGING_IMPORT_TRUSTED_ORIGINS.
 */
export async function startFileServer() {
  const routes = new Map<string, (response: ServerResponse) => void>();
  const server = createServer((request, response) => {
    const route = routes.get(new URL(request.url!, 'http://x').pathname);
    if (route) route(response);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    route: (path: string, handler: (response: ServerResponse) => void) => void routes.set(path, handler),
    serve: (path: string, body: Buffer | string, type = 'text/csv') =>
      void routes.set(path, (response) => response.writeHead(200, { 'content-type': type }).end(body)),
    async close(): Promise<void> {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The upload form's text fields as a browser sends them (bracketed names, snake_case). */
export function assetFields(fields: {
  name?: string;
  category?: string;
  /** A third-party model's credit; `uid`: another model than the default one. */
  credit?: boolean | { uid: string; name: string };
}): Record<string, string> {
  const model =
    typeof fields.credit === 'object' ? fields.credit : { uid: 'c0ffee12', name: 'Mid-century sofa' };
  return {
    ...(fields.name !== undefined ? { 'asset[name]': fields.name } : {}),
    ...(fields.category !== undefined ? { 'asset[category_id]': fields.category } : {}),
    ...(fields.credit
      ? {
          'asset[credit][model][uid]': model.uid,
          'asset[credit][model][name]': model.name,
          'asset[credit][model][thumbnail_url]': `https://media.sketchfab.test/${model.uid}/thumb.jpg`,
          'asset[credit][user][name]': 'Ada Modeller',
          'asset[credit][user][profile_url]': 'https://sketchfab.test/ada',
          'asset[credit][license][label]': 'CC Attribution',
          'asset[credit][license][url]': 'https://creativecommons.org/licenses/by/4.0/',
        }
      : {}),
  };
}

/** The provider's plan as billing would announce it (later than any before it): the creator studio's gate. */
export async function onPlan(it_: PropertiesAlone, person: Person, productCode: ProductCode): Promise<void> {
  const change: SubscriptionChangedV1 = {
    providerId: person.providerId,
    productCode,
    interval: 'month',
    status: 'active',
    premiumTourLimit: productCode === 'experience_creator_plan' ? null : 100,
  };
  const app = it_.service.app;
  await app
    .get(Database)
    .transaction((tx) =>
      app.get(Plans).apply(change, { occurredAt: new Date().toISOString(), eventId: uuidv7() }, tx),
    );
}
