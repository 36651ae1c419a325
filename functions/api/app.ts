// The HTTP API: thin routes that parse, authorize and call the service; one error shape for all.
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { etag } from 'hono/etag';
import * as z from 'zod';
import { kebabId } from '../../engine/core/ids.js';
import { rulesets } from '../../engine/index.js';
import type { Ports } from '../ports.js';
import { auditPhase } from '../service/audit.js';
import { loadMeta } from '../service/context.js';
import { DomainError } from '../service/errors.js';
import { readPageQuery } from '../service/event-pages.js';
import * as lifecycle from '../service/lifecycle.js';
import * as play from '../service/play.js';
import { checkSettings } from '../service/settings-check.js';
import { listPage } from '../service/listing.js';
import { resolvePhase } from '../service/resolve.js';
import { asGm, asPlayer } from './auth.js';
import { body, query } from './body.js';
import { registerLiveHooks } from './live-hooks.js';
import { openApiDocument, type RouteDoc } from './openapi.js';
import { boundedPath, originCheck } from './edge.js';
import { creationLimit, rateLimit } from './rate-limit.js';
import { domainErrorResponse, refused } from './status.js';
import { countRefusals } from './telemetry.js';
import { telemetryOf } from '../service/telemetry.js';
import * as S from './schemas.js';
import { registerPostRoutes } from './post-routes.js';
import { registerPushRoutes } from './push-routes.js';
import { registerToolkitRoutes } from './toolkit-routes.js';

export const MAX_BODY_BYTES = 64 * 1024;

export interface AppOptions {
  /** Requests per minute allowed per client address and per token; 0 turns limiting off. */
  ratePerMinute?: number;
  /** Matches (created or imported) per client address per hour; 0 or unset turns the limit off. */
  createPerHour?: number;
  /**
   * Set behind CloudFront: every /api request must carry this value in `X-Origin-Verify`, a header
   * only the distribution adds; then, and only then, `CloudFront-Viewer-Address` names the caller.
   */
  originSecret?: string;
}

export function createApp(ports: Ports, options: AppOptions = {}) {
  const app = new Hono();
  const docs: RouteDoc[] = [];
  const doc = (d: RouteDoc) => docs.push(d);

  app.use('*', countRefusals(ports));
  app.onError((error, c) => {
    if (error instanceof DomainError) return domainErrorResponse(c, error);
    telemetryOf(ports).log('error', String(error), { method: c.req.method, path: c.req.path, stack: (error as Error).stack });
    return refused(c, 'internal', 'Something went wrong on our side.');
  });
  const noRoute = (c: Context) => refused(c, 'not-found', 'No such route.');
  app.notFound(noRoute);
  if (options.originSecret) app.use('/api/*', originCheck(options.originSecret));
  app.use('/api/*', boundedPath(noRoute));

  app.use('/api/*', async (c, next) => {
    await next();
    // A public text a route declared cacheable (a forum post) keeps its own; everything else is never cached.
    if (!c.res.headers.get('Cache-Control')?.startsWith('public')) c.header('Cache-Control', 'no-store');
    c.header('X-Content-Type-Options', 'nosniff');
  });
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => {
        // The client may still be sending: close the connection rather than leave it half-read.
        c.header('Connection', 'close');
        return refused(c, 'body-too-large', `Bodies are limited to ${MAX_BODY_BYTES} bytes.`);
      },
    }),
  );
  const trustViewerAddress = options.originSecret !== undefined && options.originSecret !== '';
  if ((options.ratePerMinute ?? 0) > 0) app.use('/api/*', rateLimit(options.ratePerMinute!, { trustViewerAddress }));
  if ((options.createPerHour ?? 0) > 0) {
    const limit = creationLimit(ports, options.createPerHour!, { trustViewerAddress });
    app.post('/api/matches', limit);
    app.post('/api/matches/import', limit);
  }
  // Reads answer 304 to If-None-Match when nothing changed (the tag is the body's digest).
  app.use('/api/matches/:id', etag());
  app.use('/api/matches/:id/*', etag());
  registerLiveHooks(app, ports);

  doc({ method: 'get', path: '/api/health', summary: 'Health: 200 when the API and its store answer', auth: 'none' });
  app.get('/api/health', async (c) => {
    await ports.store.ping();
    return c.json({ ok: true });
  });

  app.get('/api/openapi.json', (c) => c.json(openApiDocument(docs)));

  doc({ method: 'get', path: '/api/rulesets', summary: 'Each ruleset: settings schema and defaults, join options, actions', auth: 'none' });
  app.get('/api/rulesets', (c) =>
    c.json({
      rulesets: Object.values(rulesets).map((r) => ({
        id: r.id,
        settings: z.toJSONSchema(r.settings, { io: 'input', unrepresentable: 'any' }),
        defaults: r.settings.parse({}),
        liveSettings: r.liveSettings,
        options: z.toJSONSchema(r.options, { io: 'input', unrepresentable: 'any' }),
        actions: [...r.actions],
      })),
    }),
  );

  doc({ method: 'post', path: '/api/rulesets/{ruleset}/settings/check', summary: 'Check settings without creating: { valid, settings } or { valid: false, error: { code, message, issues } }', auth: 'none', body: S.settingsBody });
  app.post('/api/rulesets/:ruleset/settings/check', async (c) => c.json(checkSettings(c.req.param('ruleset'), await body(c, S.settingsBody))));

  doc({ method: 'post', path: '/api/matches', summary: 'Create a match in the lobby: { matchId, gmToken }', auth: 'none', body: S.createMatchBody });
  app.post('/api/matches', async (c) => c.json(await lifecycle.createMatch(ports, await body(c, S.createMatchBody)), 201));

  doc({ method: 'get', path: '/api/matches', summary: 'Public list of matches, a page at a time: { matches, next } (`?cursor=` the previous page\'s `next`)', auth: 'none' });
  app.get('/api/matches', async (c) => c.json(await listPage(ports, c.req.query('cursor'))));

  doc({ method: 'get', path: '/api/matches/{id}', summary: 'Public summary: phase, deadline, players, status, public board', auth: 'none' });
  app.get('/api/matches/:id', async (c) => c.json(await play.publicMatch(ports, c.req.param('id'))));

  // GM routes.
  doc({ method: 'patch', path: '/api/matches/{id}/settings', summary: 'Change settings (after the start only live-changeable ones)', auth: 'gm', body: S.settingsBody });
  app.patch('/api/matches/:id/settings', async (c) => {
    await asGm(ports, c, c.req.param('id'));
    return c.json(await lifecycle.changeSettings(ports, c.req.param('id'), await body(c, S.settingsBody)));
  });

  doc({ method: 'post', path: '/api/matches/{id}/start', summary: 'Start (a sandbox match also takes seed, dice, fixed players and setup)', auth: 'gm', body: S.startBody });
  app.post('/api/matches/:id/start', async (c) => {
    await asGm(ports, c, c.req.param('id'));
    return c.json(await lifecycle.start(ports, c.req.param('id'), await body(c, S.startBody)));
  });

  doc({ method: 'post', path: '/api/matches/{id}/pause', summary: 'Pause: actions refused, the deadline frozen', auth: 'gm' });
  app.post('/api/matches/:id/pause', async (c) => {
    await asGm(ports, c, c.req.param('id'));
    return c.json(await lifecycle.pause(ports, c.req.param('id')));
  });

  doc({ method: 'post', path: '/api/matches/{id}/resume', summary: 'Resume with the time that was left', auth: 'gm' });
  app.post('/api/matches/:id/resume', async (c) => {
    await asGm(ports, c, c.req.param('id'));
    return c.json(await lifecycle.resume(ports, c.req.param('id')));
  });

  doc({ method: 'post', path: '/api/matches/{id}/extend', summary: 'Move the deadline later by some minutes', auth: 'gm', body: S.extendBody });
  app.post('/api/matches/:id/extend', async (c) => {
    await asGm(ports, c, c.req.param('id'));
    const { minutes } = await body(c, S.extendBody);
    return c.json(await lifecycle.extend(ports, c.req.param('id'), minutes));
  });

  doc({ method: 'post', path: '/api/matches/{id}/resolve', summary: 'Close the open phase now (only if it is `phase`, when given)', auth: 'gm', body: S.resolveBody });
  app.post('/api/matches/:id/resolve', async (c) => {
    const { meta } = await asGm(ports, c, c.req.param('id'));
    const { phase } = await body(c, S.resolveBody);
    return c.json(await lifecycle.requestClose(ports, meta.id, phase, meta));
  });

  doc({ method: 'delete', path: '/api/matches/{id}/players/{playerId}', summary: 'Remove a player: frees the seat in the lobby, a modkill after the start', auth: 'gm' });
  app.delete('/api/matches/:id/players/:playerId', async (c) => {
    await asGm(ports, c, c.req.param('id'));
    return c.json(await lifecycle.removePlayer(ports, c.req.param('id'), c.req.param('playerId')));
  });

  doc({ method: 'get', path: '/api/matches/{id}/gm', summary: 'The GM view: the whole state', auth: 'gm' });
  app.get('/api/matches/:id/gm', async (c) =>
    c.json(await play.gmView(ports, await asGm(ports, c, c.req.param('id')), readPageQuery(c.req.query()))),
  );

  doc({ method: 'get', path: '/api/matches/{id}/as/{playerId}', summary: 'The match exactly as that player sees it', auth: 'gm' });
  app.get('/api/matches/:id/as/:playerId', async (c) => {
    const loaded = await asGm(ports, c, c.req.param('id'));
    return c.json(await play.playerView(ports, loaded, c.req.param('playerId'), readPageQuery(c.req.query())));
  });

  // Players.
  doc({ method: 'post', path: '/api/matches/{id}/players', summary: 'Join in the lobby: { playerId, token }', auth: 'none', body: S.joinBody });
  app.post('/api/matches/:id/players', async (c) => c.json(await lifecycle.joinMatch(ports, c.req.param('id'), await body(c, S.joinBody)), 201));

  doc({ method: 'patch', path: '/api/matches/{id}/me', summary: 'Change join options until the start', auth: 'player', body: S.optionsBody });
  app.patch('/api/matches/:id/me', async (c) => {
    const { playerId } = await asPlayer(ports, c, c.req.param('id'));
    const { options } = await body(c, S.optionsBody);
    return c.json(await lifecycle.changeOptions(ports, c.req.param('id'), playerId, options));
  });

  doc({ method: 'get', path: '/api/matches/{id}/me', summary: 'My view: card, what I submitted, my events after `since` (or the newest page; `before` for older), the next cursor', auth: 'player' });
  app.get('/api/matches/:id/me', async (c) => {
    const { loaded, playerId } = await asPlayer(ports, c, c.req.param('id'));
    return c.json(await play.playerView(ports, loaded, playerId, readPageQuery(c.req.query())));
  });

  doc({ method: 'get', path: '/api/matches/{id}/me/actions', summary: 'The actions available now, with legal targets', auth: 'player' });
  app.get('/api/matches/:id/me/actions', async (c) => {
    return c.json(await play.availableActions(ports, await asPlayer(ports, c, c.req.param('id'))));
  });

  doc({ method: 'post', path: '/api/matches/{id}/me/actions', summary: 'Submit an action (replaces the same slot): { actionId, slot }', auth: 'player', body: S.actionBody });
  app.post('/api/matches/:id/me/actions', async (c) => {
    const caller = await asPlayer(ports, c, c.req.param('id'));
    const { phase, ...action } = await body(c, S.actionBody);
    return c.json(await play.submit(ports, caller, action, phase), 201);
  });

  doc({ method: 'delete', path: '/api/matches/{id}/me/actions/{slot}', summary: 'Withdraw what a slot holds (`?phase=`: only if that phase is open)', auth: 'player', query: S.withdrawQuery });
  app.delete('/api/matches/:id/me/actions/:slot', async (c) => {
    const caller = await asPlayer(ports, c, c.req.param('id'));
    const { phase } = query(c, S.withdrawQuery);
    return c.json(await play.withdraw(ports, caller, c.req.param('slot'), phase));
  });

  doc({ method: 'post', path: '/api/matches/{id}/me/check', summary: "I'm done for this phase", auth: 'player', body: S.checkBody });
  app.post('/api/matches/:id/me/check', async (c) => {
    const caller = await asPlayer(ports, c, c.req.param('id'));
    const { phase } = await body(c, S.checkBody);
    return c.json(await play.check(ports, caller, phase));
  });

  doc({ method: 'get', path: '/api/matches/{id}/channels/{channel}/messages', summary: 'Read a channel I belong to (`since`, `before`, `limit` as for /me)', auth: 'player' });
  app.get('/api/matches/:id/channels/:channel/messages', async (c) => {
    const { playerId } = await asPlayer(ports, c, c.req.param('id'));
    return c.json(await play.channelMessages(ports, c.req.param('id'), playerId, c.req.param('channel'), readPageQuery(c.req.query())));
  });

  doc({ method: 'post', path: '/api/matches/{id}/channels/{channel}/messages', summary: 'Post to a channel I may write in', auth: 'player', body: S.postBody });
  app.post('/api/matches/:id/channels/:channel/messages', async (c) => {
    const caller = await asPlayer(ports, c, c.req.param('id'));
    const { text, phase } = await body(c, S.postBody);
    return c.json(await play.post(ports, caller, c.req.param('channel'), text, phase), 201);
  });

  const auditBody = z.object({ phase: kebabId }).strict();
  doc({ method: 'post', path: '/api/matches/{id}/audit', summary: 'Re-resolve a past phase from its stored state, actions and seed: { phase, identical, firstDifference? }', auth: 'gm', body: auditBody });
  app.post('/api/matches/:id/audit', async (c) => {
    const { meta } = await asGm(ports, c, c.req.param('id'));
    const { phase } = await body(c, auditBody);
    return c.json(await auditPhase(ports, meta.id, phase));
  });

  // The resolver's trigger, for operators and the local stack: resolves only when due.
  doc({ method: 'post', path: '/api/matches/{id}/trigger', summary: "Fire the resolver's trigger for a phase (resolves only if due; duplicates are harmless)", auth: 'gm', body: S.resolveBody });
  app.post('/api/matches/:id/trigger', async (c) => {
    const { meta } = await asGm(ports, c, c.req.param('id'));
    const { phase } = await body(c, S.resolveBody);
    return c.json({ outcome: await resolvePhase(ports, meta.id, phase ?? meta.phase ?? '') });
  });

  registerToolkitRoutes(app, ports, doc);
  registerPostRoutes(app, ports, doc);
  registerPushRoutes(app, ports, doc);
  // Mounted beside the page (the local server), an unknown API route must not fall through to its HTML.
  app.all('/api/*', noRoute);

  return { app, docs, loadMeta: (id: string) => loadMeta(ports, id) };
}
