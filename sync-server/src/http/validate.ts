import type { z } from 'zod';
import { fieldErrorsOf } from '@shared/validation';
import type { AppContext } from './types';
import { badRequest, unsupportedMediaType, validation } from './errors';

/** Parses `value` with a shared schema, or throws a 400 with the spec's field messages. */
export function validate<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw validation(fieldErrorsOf(result.error));
  return result.data;
}

/**
 * The JSON object body of a request, validated. No body counts as `{}` so each missing field
 * gets its own message; a body that is not JSON is a 415, JSON that is not an object a 400.
 */
export function validateBody<T extends z.ZodType>(ctx: AppContext, schema: T): z.output<T> {
  if (ctx.request.is('application/json') === false) throw unsupportedMediaType();
  const body = ctx.request.body ?? {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest('The request body must be a JSON object', 'invalid_body');
  }
  return validate(schema, body);
}
