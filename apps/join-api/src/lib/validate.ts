import type { Context } from 'hono';
import type { z } from 'zod';
import { HttpProblem, validationProblem } from './problem.js';

/**
 * Reads and validates a JSON body with a shared zod schema.
 * @throws HttpProblem 415 (not JSON), 400 `validation_failed` (malformed JSON or schema errors, with field errors).
 */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/([a-z.+-]*\+)?json\b/i.test(type)) {
    throw new HttpProblem(415, 'unsupported_media_type', 'Send the body as application/json.');
  }
  let raw: unknown;
  try {
    raw = JSON.parse(await c.req.text());
  } catch {
    throw new HttpProblem(400, 'validation_failed', 'The body is not valid JSON.', {
      errors: [{ field: 'body', message: 'Malformed JSON' }],
    });
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw validationProblem(parsed.error);
  return parsed.data;
}

/** Validates the query string (first value of each key) with a zod schema; field names get a `query.` prefix. */
export function query<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) throw validationProblem(parsed.error, 'query');
  return parsed.data;
}

/** Validates one path parameter. */
export function param<S extends z.ZodType>(c: Context, name: string, schema: S): z.infer<S> {
  const parsed = schema.safeParse(c.req.param(name));
  if (!parsed.success) throw validationProblem(parsed.error, `path.${name}`);
  return parsed.data;
}
