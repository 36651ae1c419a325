// Request bodies: JSON parsed and checked against a zod schema, with one clear error when they fail.
import type { Context } from 'hono';
import type * as z from 'zod';
import { refusal } from '../service/errors.js';

/** Parses a body's text (empty means `{}`) and validates it; bad input is a 400 `invalid-body`. */
export function parseBody<T extends z.ZodType>(text: string, schema: T): z.infer<T> {
  let raw: unknown = {};
  if (text.trim() !== '') {
    try {
      raw = JSON.parse(text);
    } catch {
      throw refusal('invalid-body', 'The body is not valid JSON.');
    }
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw refusal('invalid-body', `${where}${issue?.message ?? 'invalid body'}`);
  }
  return parsed.data;
}

export async function body<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  return parseBody(await c.req.text(), schema);
}

/** A route's query parameters, validated like a body (bad input is a 400 `invalid-body`). */
export function query<T extends z.ZodType>(c: Context, schema: T): z.infer<T> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw refusal('invalid-body', `${where}${issue?.message ?? 'invalid query'}`);
  }
  return parsed.data;
}
