/** The parts of an OpenAPI document the gateway merges. */
export interface OpenApiDocument {
  paths?: Record<string, unknown>;
  components?: { schemas?: Record<string, unknown> };
  /** The webhooks a service sends (3.1's `webhooks`, as an extension of 3.0). */
  'x-webhooks'?: Record<string, unknown>;
}

/** One service's document with its schema names (and every reference to them) prefixed with the service. */
export function prefixSchemas(document: OpenApiDocument, service: string): OpenApiDocument {
  const text = JSON.stringify({
    paths: document.paths ?? {},
    components: { schemas: document.components?.schemas ?? {} },
  });
  const renamed = JSON.parse(
    text.replace(/"#\/components\/schemas\/([^"]+)"/g, `"#/components/schemas/${service}.$1"`),
  ) as { paths: Record<string, unknown>; components: { schemas: Record<string, unknown> } };
  renamed.components.schemas = Object.fromEntries(
    Object.entries(renamed.components.schemas).map(([name, schema]) => [`${service}.${name}`, schema]),
  );
  return renamed;
}

/** The whole public API's document: every service's part that answered, and the services that did not. */
export function mergeDocuments(
  title: string,
  parts: ReadonlyArray<readonly [string, OpenApiDocument | undefined]>,
): MergedDocument {
  const document: MergedDocument = {
    openapi: '3.0.0',
    info: { title, version: '1', description: 'Every public route, served through the gateway.' },
    paths: {},
    components: { schemas: {} },
    'x-webhooks': {},
    'x-unavailable-services': parts.filter(([, part]) => !part).map(([service]) => service),
  };
  for (const [service, part] of parts) {
    if (!part) continue;
    const prefixed = prefixSchemas(part, service);
    Object.assign(document.paths, prefixed.paths);
    Object.assign(document.components.schemas, prefixed.components?.schemas);
    Object.assign(document['x-webhooks'], part['x-webhooks']);
  }
  return document;
}

export interface MergedDocument {
  openapi: '3.0.0';
  info: { title: string; version: string; description: string };
  paths: Record<string, unknown>;
  components: { schemas: Record<string, unknown> };
  /** Every webhook the platform sends, by event type: what a receiver gets (OpenAPI 3.1's `webhooks` shape). */
  'x-webhooks': Record<string, unknown>;
  'x-unavailable-services': string[];
}
