// Forum posts: a closed phase's post and the open day's vote count, as text to paste into a thread.
import type { Context, Hono } from 'hono';
import * as z from 'zod';
import { kebabId } from '../../engine/core/ids.js';
import type { Ports } from '../ports.js';
import { loadMeta } from '../service/context.js';
import { refusal } from '../service/errors.js';
import { phasePostInput, votePostInput } from '../service/posts/load.js';
import { FORMATS } from '../service/posts/markup.js';
import { LANGS } from '../service/posts/phrases.js';
import { phasePost, votePost } from '../service/posts/render.js';
import type { RouteDoc } from './openapi.js';

const phaseId = kebabId;
export const postQuery = z
  .object({
    format: z.enum(FORMATS as ['bbcode', 'markdown']).default('bbcode'),
    lang: z.enum(LANGS as ['it', 'ru', 'en']).default('en'),
  })
  .strict();
export const votePostQuery = postQuery.extend({
  /** Mark what changed after this moment (epoch ms): the last count the thread saw. */
  since: z.coerce.number().int().min(0).max(8.64e15).optional(),
  phase: phaseId.optional(),
});

function query<T extends z.ZodType>(c: Context, schema: T): z.infer<T> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw refusal('invalid-body', `${issue.path.join('.') || 'query'}: ${issue.message}`);
  }
  return parsed.data;
}

/** The site's address: the configured one, else the one this request reached. */
const siteOf = (ports: Ports, c: Context) => ports.siteUrl ?? new URL(c.req.url).origin;

function text(c: Context, body: string, maxAge: number) {
  c.header('Content-Type', 'text/plain; charset=utf-8');
  // Cached like the published files: a closed phase changes only by a rollback, a count at each ballot.
  c.header('Cache-Control', `public, max-age=${maxAge}`);
  return c.body(body);
}

export function registerPostRoutes(app: Hono, ports: Ports, doc: (d: RouteDoc) => void): void {
  doc({ method: 'get', path: '/api/matches/{id}/phases/{phase}/post', summary: 'A closed phase as a forum post (`?format=bbcode|markdown&lang=it|ru|en`): its public events, vote count, next deadline, link; text/plain', auth: 'none' });
  app.get('/api/matches/:id/phases/:phase/post', async (c) => {
    // An unknown match is 404 before anything else is looked at, as on every route.
    const loaded = await loadMeta(ports, c.req.param('id'));
    const q = query(c, postQuery);
    const phase = c.req.param('phase');
    if (!phaseId.safeParse(phase).success) throw refusal('invalid-body', 'phase: kebab-case ASCII');
    return text(c, phasePost(await phasePostInput(ports, loaded, phase, siteOf(ports, c)), q), 60);
  });

  doc({ method: 'get', path: '/api/matches/{id}/votes/post', summary: 'The open day’s vote count as a forum post (`?format=&lang=&since=`, `since`: mark changes after that epoch ms); text/plain', auth: 'none' });
  app.get('/api/matches/:id/votes/post', async (c) => {
    const loaded = await loadMeta(ports, c.req.param('id'));
    const q = query(c, votePostQuery);
    return text(c, votePost(await votePostInput(ports, loaded, siteOf(ports, c), q.since, q.phase), q), 5);
  });
}
