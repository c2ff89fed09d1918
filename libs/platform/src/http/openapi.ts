import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { toSnake } from './case';
import { withDeclaredResponses } from './responses';

/**
 * The service's OpenAPI document as clients see the wire: property and parameter names in snake_case.
 * The gateway merges every service's document into one at /api/docs.
 */
export function buildOpenApiDocument(
  app: INestApplication,
  service: string,
  description: string,
  webhooks?: Record<string, unknown>,
): OpenAPIObject {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder().setTitle(`${service} service`).setDescription(description).setVersion('1').build(),
  );
  const wire = snakeCaseDocument(withDeclaredResponses(app, document));
  // Written as the wire has them already (snake_case payloads): not converted again.
  return webhooks ? Object.assign(wire, { 'x-webhooks': webhooks }) : wire;
}

function snakeCaseDocument(document: OpenAPIObject): OpenAPIObject {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (node === null || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === 'properties' && value && typeof value === 'object') {
        out.properties = Object.fromEntries(
          Object.entries(value).map(([name, schema]) => [toSnake(name), visit(schema)]),
        );
      } else if (key === 'required' && Array.isArray(value)) {
        out.required = value.map((name) => (typeof name === 'string' ? toSnake(name) : name));
      } else if (key === 'parameters' && Array.isArray(value)) {
        out.parameters = value.map((parameter: Record<string, unknown>) => ({
          ...(visit(parameter) as object),
          name:
            typeof parameter.name === 'string' && parameter.in === 'query'
              ? toSnake(parameter.name)
              : parameter.name,
        }));
      } else {
        out[key] = visit(value);
      }
    }
    return out;
  };
  return visit(document) as OpenAPIObject;
}
