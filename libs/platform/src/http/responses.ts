import { applyDecorators, SetMetadata, type INestApplication, type Type } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { ApiExtraModels, ApiProperty, getSchemaPath, type OpenAPIObject } from '@nestjs/swagger';
import { DECORATORS } from '@nestjs/swagger/dist/constants';
import type { ReferenceObject, SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { RAW_RESPONSE } from './envelope.interceptor';

/**
 * What a route answers inside `data`: one object (a response class), a list of them (`[X]`), a page of them
 * (`{ page: X }`: `items`, `current_page`, `total_pages`, `total_count`), or `null` (nothing to say).
 */
export type ResponseShape = Type<unknown> | [Type<unknown>] | { page: Type<unknown> } | null;

const RESPONDS = 'platform:responds';

/**
 * Declares a route's successful answer, so the OpenAPI document shows it (and the web's types are generated from
 * it): `@Responds(PropertyResponse)`, `@Responds([PlanResponse])`, `@Responds({ page: UserResponse })`,
 * `@Responds(null)`; `{ nullable: true }` when `data` may also be null. The document puts it under the route's own success status (200, 201, or its @HttpCode),
 * wrapped in `{data}` unless the route is a @RawResponse.
 */
export function Responds(shape: ResponseShape, options: { nullable?: boolean } = {}): MethodDecorator {
  const model =
    shape === null ? undefined : Array.isArray(shape) ? shape[0] : 'page' in shape ? shape.page : shape;
  const declared: Declared = { shape, nullable: options.nullable === true };
  return applyDecorators(...(model ? [ApiExtraModels(model)] : []), SetMetadata(RESPONDS, declared));
}

/** A declared answer; `nullable`: `data` may also be null (e.g. no subscription yet). */
interface Declared {
  shape: ResponseShape;
  nullable: boolean;
}

/** The declared shapes of an application's routes, by the operation ids Swagger gives them. */
function declaredShapes(app: INestApplication): Map<string, Declared & { raw: boolean }> {
  const shapes = new Map<string, Declared & { raw: boolean }>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type<unknown> | null;
      if (!controller?.prototype) continue;
      const rawClass = Reflect.getMetadata(RAW_RESPONSE, controller) === true;
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler: unknown = Reflect.get(controller.prototype as object, name);
        if (typeof handler !== 'function' || !Reflect.hasMetadata(RESPONDS, handler)) continue;
        // Swagger's id: the one an @ApiOperation gives, else `Class_method`.
        const operation = Reflect.getMetadata(DECORATORS.API_OPERATION, handler) as { operationId?: string };
        shapes.set(operation?.operationId ?? `${controller.name}_${name}`, {
          ...(Reflect.getMetadata(RESPONDS, handler) as Declared),
          raw: rawClass || Reflect.getMetadata(RAW_RESPONSE, handler) === true,
        });
      }
    }
  }
  return shapes;
}

function schemaOf(shape: ResponseShape): SchemaObject | ReferenceObject {
  if (shape === null) return { nullable: true, enum: [null], description: 'always null' };
  if (Array.isArray(shape)) return { type: 'array', items: { $ref: getSchemaPath(shape[0]) } };
  if ('page' in shape) {
    return {
      type: 'object',
      required: ['items', 'currentPage', 'totalPages', 'totalCount'],
      properties: {
        items: { type: 'array', items: { $ref: getSchemaPath(shape.page) } },
        currentPage: { type: 'integer', minimum: 1 },
        totalPages: { type: 'integer', minimum: 0 },
        totalCount: { type: 'integer', minimum: 0 },
      },
    };
  }
  return { $ref: getSchemaPath(shape) };
}

/** Puts each declared answer under its operation's success status, as the wire carries it. */
export function withDeclaredResponses(app: INestApplication, document: OpenAPIObject): OpenAPIObject {
  const shapes = declaredShapes(app);
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) {
      const declared =
        operation && typeof operation === 'object' && 'operationId' in operation
          ? shapes.get(String(operation.operationId))
          : undefined;
      if (!declared) continue;
      const responses = (operation as { responses: Record<string, { description?: string }> }).responses;
      const status = Object.keys(responses).find((code) => code.startsWith('2')) ?? '200';
      const body = declared.nullable
        ? { allOf: [schemaOf(declared.shape)], nullable: true }
        : schemaOf(declared.shape);
      responses[status] = {
        description: responses[status]?.description || 'Success',
        content: {
          'application/json': {
            schema: declared.raw ? body : { type: 'object', required: ['data'], properties: { data: body } },
          },
        },
      } as { description: string };
    }
  }
  return document;
}

/** What a response field's helper may add: `nullable` for `X | null`, a `description` for the reader. */
interface FieldOptions {
  nullable?: boolean;
  description?: string;
}

const responseField =
  (schema: { type?: StringConstructor | NumberConstructor; format?: string }) =>
  ({ nullable, description }: FieldOptions = {}): PropertyDecorator =>
    ApiProperty({
      // `X | null` is an Object to the emitted metadata: the type is said outright.
      ...(nullable ? { type: schema.type ?? String } : {}),
      ...schema,
      ...(nullable ? { nullable: true } : {}),
      ...(description ? { description } : {}),
    });

// One decorator per shape a response class repeats, so a field is one short line and the document says the same
// for the same shape everywhere. Fields the document infers whole (`name!: string`) keep a bare @ApiProperty().

/** An id (a UUID): `@IdField()`, `@IdField({ nullable: true })` for `string | null`. */
export const IdField = responseField({ type: String, format: 'uuid' });
/**
 * A moment, ISO 8601 (a `Date` or its ISO text in code, a string on the wire): `@TimeField()`,
 * `@TimeField({ nullable: true })`. Not nullable, the type is the property's own (Date and text both read as a string).
 */
export const TimeField = responseField({ format: 'date-time' });
/** Text that may be absent: `@TextField({ nullable: true })` for `string | null`. */
export const TextField = responseField({ type: String });
/** A number that may be absent: `@NumberField({ nullable: true })` for `number | null`. */
export const NumberField = responseField({ type: Number });
/** One of a list of values (an enumeration of the spec's): `@OneOfField(ORDER_STATUSES)`. */
export const OneOfField = (
  values: readonly string[],
  { nullable, description }: FieldOptions = {},
): PropertyDecorator =>
  ApiProperty({
    enum: values as string[],
    ...(nullable ? { nullable: true } : {}),
    ...(description ? { description } : {}),
  });
/** A list of response objects, or of text: `@ListField(StepResponse)`, `@ListField(String)`. */
export const ListField = (
  item: Type<unknown> | StringConstructor,
  { description }: FieldOptions = {},
): PropertyDecorator => ApiProperty({ type: [item], ...(description ? { description } : {}) });
