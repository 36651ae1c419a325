// Request bodies: JSON parsed and checked against a zod schema, with one clear error when they fail.
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type * as z from 'zod';
import { refusal } from '../service/errors.js';

/**
 * The body the local server read whole before the app saw it (functions/local/transport.ts), as API
 * Gateway hands a Lambda its event: reading it there spares a web Request and its stream per call.
 */
function bufferedBody(c: Context): Buffer | undefined {
  const raw = (c.env as { incoming?: { rawBody?: unknown } } | undefined)?.incoming?.rawBody;
  return raw instanceof Buffer ? raw : undefined;
}

/** The request's body as bytes. */
export async function requestBytes(c: Context): Promise<Buffer> {
  return bufferedBody(c) ?? Buffer.from(await c.req.arrayBuffer());
}

/** Refuses a body longer than `maxBytes`, announced or streamed, before any route reads it. */
export function boundedBody(maxBytes: number, onTooLarge: (c: Context) => Response): MiddlewareHandler {
  const limit = bodyLimit({ maxSize: maxBytes, onError: onTooLarge });
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const buffered = bufferedBody(c);
    if (buffered === undefined) return limit(c, next);
    if (buffered.length > maxBytes) return onTooLarge(c);
    await next();
  };
}

/**
 * A schema's first issue as a 400 `invalid-body` naming the field (`params.field`): an unknown key is
 * named itself (`options.colour`), not the object that holds it.
 */
export function invalidBody(issues: readonly z.core.$ZodIssue[], what: string) {
  const issue = issues[0];
  const path = issue?.path.map(String) ?? [];
  const keys = issue?.code === 'unrecognized_keys' ? issue.keys : [];
  const field = [...path, ...keys.slice(0, 1)].join('.');
  const message = keys.length
    ? `unknown key${keys.length > 1 ? 's' : ''} ${keys.map((k) => `"${[...path, k].join('.')}"`).join(', ')}`
    : (issue?.message ?? `invalid ${what}`);
  return refusal('invalid-body', `${field && !keys.length ? `${field}: ` : ''}${message}`, field ? { field } : undefined);
}

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
  if (!parsed.success) throw invalidBody(parsed.error.issues, 'body');
  return parsed.data;
}

export async function body<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  return parseBody((await requestBytes(c)).toString('utf8'), schema);
}

/** A route's query parameters, validated like a body (bad input is a 400 `invalid-body`). */
export function query<T extends z.ZodType>(c: Context, schema: T): z.infer<T> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) throw invalidBody(parsed.error.issues, 'query');
  return parsed.data;
}
