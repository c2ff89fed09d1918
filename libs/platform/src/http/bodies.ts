import { applyDecorators } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiBody, ApiConsumes, ApiPayloadTooLargeResponse } from '@nestjs/swagger';
import type { RouteBodyLimit } from './fastify';

/**
 * The request bodies that are not a DTO, declared so that every unsafe operation of the OpenAPI document says
 * what it reads (the route guard checks it).
 */

/** An action that reads no body: whatever is sent is not read. */
export const TakesNoBody = () =>
  ApiBody({
    required: false,
    description: 'No body: the action reads nothing from it.',
    schema: { type: 'object', maxProperties: 0 },
  });

/** One file in a multipart/form-data field, streamed by the route itself. */
export const MultipartFile = (field: string, description: string) =>
  applyDecorators(
    ApiConsumes('multipart/form-data'),
    ApiBody({
      required: true,
      description,
      schema: {
        type: 'object',
        required: [field],
        properties: { [field]: { type: 'string', format: 'binary' } },
      },
    }),
  );

/** A vendor's JSON, checked over its raw bytes (a signature) rather than validated field by field. */
export const SignedVendorEvent = (description: string) =>
  ApiBody({
    required: true,
    description,
    schema: {
      type: 'object',
      required: ['id', 'type'],
      properties: { id: { type: 'string' }, type: { type: 'string' } },
      additionalProperties: true,
    },
  });

/**
 * A route that reads a smaller body than the services' 1 MB (`JSON_BODY_LIMIT_BYTES`): past `bytes`, 413 with
 * `message` (`{"errors": {"base": [message]}}`), announced length or chunked alike, before anything is parsed.
 */
export const BodyLimit = (bytes: number, message: string) =>
  applyDecorators(
    RouteConfig({ bodyLimit: { bytes, message } satisfies RouteBodyLimit }),
    ApiPayloadTooLargeResponse({ description: message }),
  );
