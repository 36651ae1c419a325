// Forum posts: a closed phase's post and the open day's vote count, as text to paste into a thread.
// Their queries answer `query: …` when they fail (the message names where), unlike a body's.
import type { Context } from 'hono';
import type * as z from 'zod';
import { kebabId } from '../../engine/core/ids.js';
import type { Ports } from '../ports.js';
import { loadMeta } from '../service/context.js';
import { refusal } from '../service/errors.js';
import { phasePostInput, renderer, votePostInput } from '../service/posts/load.js';
import { matchDialect } from '../service/posts/markup.js';
import { mount, type ApiApp } from './contract.js';
import { routes } from './routes.js';

const phaseId = kebabId;

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

export function registerPostRoutes(app: ApiApp, ports: Ports): void {
  mount(app, routes.phasePost, async (c) => {
    // An unknown match is 404 before anything else is looked at, as on every route.
    const loaded = await loadMeta(ports, c.req.param('id'));
    const q = query(c, routes.phasePost.query);
    const phase = c.req.param('phase');
    if (!phaseId.safeParse(phase).success) throw refusal('invalid-body', 'phase: kebab-case ASCII');
    const { phasePost } = await renderer();
    const o = { lang: q.lang, format: q.format ?? matchDialect(loaded.meta.settings) };
    return text(c, phasePost(await phasePostInput(ports, loaded, phase, siteOf(ports, c)), o), 60);
  });

  mount(app, routes.votePost, async (c) => {
    const loaded = await loadMeta(ports, c.req.param('id'));
    const q = query(c, routes.votePost.query);
    const { votePost } = await renderer();
    const o = { lang: q.lang, format: q.format ?? matchDialect(loaded.meta.settings) };
    return text(c, votePost(await votePostInput(ports, loaded, siteOf(ports, c), q.since, q.phase), o), 5);
  });
}
