import { HttpStatus, ValidationPipe } from '@nestjs/common';
import type { ValidationError } from 'class-validator';
import { toSnake } from './case';
import { ApiError, type ErrorMap } from './errors';

/**
 * class-validator errors -> `{errors: {field: [...]}}`. Nested fields are dotted snake_case paths
 * (`billing_account.email`, `items.0.title`); messages do not repeat the field name, because clients prefix it.
 */
export function validationErrorsToMap(errors: ValidationError[], parent = ''): ErrorMap {
  const map: ErrorMap = {};
  for (const error of errors) {
    const path = parent ? `${parent}.${toSnake(error.property)}` : toSnake(error.property);
    const messages = Object.values(error.constraints ?? {}).map((message) =>
      stripProperty(message, error.property),
    );
    if (messages.length > 0) map[path] = [...(map[path] ?? []), ...messages];
    if (error.children?.length) Object.assign(map, validationErrorsToMap(error.children, path));
  }
  return map;
}

function stripProperty(message: string, property: string): string {
  return message.startsWith(`${property} `) ? message.slice(property.length + 1) : message;
}

export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidUnknownValues: true,
    // One message per field: the first rule it breaks (a type error before a range error).
    stopAtFirstError: true,
    exceptionFactory: (errors) =>
      new ApiError(HttpStatus.UNPROCESSABLE_ENTITY, validationErrorsToMap(errors)),
  });
}
