// The HTTP API: thin routes that parse, authorize and call the service; one error shape for all.
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { etag } from 'hono/etag';
import * as z from 'zod';
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
import { callerResolvers } from './auth.js';
import { boundedBody } from './body.js';
import { authenticate, mount, type ApiApp } from './contract.js';
import { registerLiveHooks } from './live-hooks.js';
import { openApiDocument, registerSecuritySchemes } from './openapi.js';
import { boundedPath, originCheck } from './edge.js';
import { clientAddress, creationLimit, rateLimit } from './rate-limit.js';
import { domainErrorResponse, refused } from './status.js';
import { countRefusals } from './telemetry.js';
import { telemetryOf } from '../service/telemetry.js';
import { routes } from './routes.js';
import { registerPostRoutes } from './post-routes.js';
import { registerPushRoutes } from './push-routes.js';
import { registerLiveRoutes } from './live-routes.js';
import { registerTelegramRoutes } from './telegram-routes.js';
import { registerToolkitRoutes } from './toolkit-routes.js';

export const MAX_BODY_BYTES = 64 * 1024;

export interface AppOptions {
  /** Requests per minute allowed per seat's token (and per address for anonymous ones); 0 turns limiting off. */
  ratePerMinute?: number;
  /** Anonymous requests per minute per client address; default `ratePerMinute`. */
  anonymousPerMinute?: number;
  /** Matches (created or imported) per client address per hour; 0 or unset turns the limit off. */
  createPerHour?: number;
  /** Matches created or imported per hour from all addresses together (issue 41: a flood from many); 0 or unset: none. */
  createPerHourAll?: number;
  /**
   * Set behind CloudFront: every /api request must carry this value in `X-Origin-Verify`, a header
   * only the distribution adds; then, and only then, `CloudFront-Viewer-Address` names the caller.
   */
  originSecret?: string;
}

export function createApp(ports: Ports, options: AppOptions = {}) {
  const app: ApiApp = new OpenAPIHono();
  authenticate(app, callerResolvers(ports));
  registerSecuritySchemes(app);

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

  // Set before the route answers, so that they go into its answer as it is made (set after, each one
  // would rebuild the answer). A public text a route declares cacheable (a forum post) sets its own.
  app.use('/api/*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    c.header('X-Content-Type-Options', 'nosniff');
    await next();
  });
  app.use(
    '/api/*',
    boundedBody(MAX_BODY_BYTES, (c) => {
      // The client may still be sending: close the connection rather than leave it half-read.
      c.header('Connection', 'close');
      return refused(c, 'body-too-large', `Bodies are limited to ${MAX_BODY_BYTES} bytes.`);
    }),
  );
  const trustViewerAddress = options.originSecret !== undefined && options.originSecret !== '';
  if ((options.ratePerMinute ?? 0) > 0)
    app.use(
      '/api/*',
      rateLimit(options.ratePerMinute!, {
        trustViewerAddress,
        ports,
        ...(options.anonymousPerMinute ? { perAddress: options.anonymousPerMinute } : {}),
      }),
    );
  if ((options.createPerHour ?? 0) > 0) {
    const limit = creationLimit(ports, options.createPerHour!, {
      trustViewerAddress,
      ...(options.createPerHourAll ? { perHourAll: options.createPerHourAll } : {}),
    });
    app.post('/api/matches', limit);
    app.post('/api/matches/import', limit);
  }
  // Reads answer 304 to If-None-Match when nothing changed (the tag is the body's digest).
  app.use('/api/matches/:id', etag());
  app.use('/api/matches/:id/*', etag());
  registerLiveHooks(app, ports);

  mount(app, routes.health, async (c) => {
    await ports.store.ping();
    return c.json({ ok: true });
  });

  // Generated once, on the first request, from the routes mounted by then (all of them).
  let document: ReturnType<typeof openApiDocument> | undefined;
  app.get('/api/openapi.json', (c) => c.json((document ??= openApiDocument(app))));

  mount(app, routes.rulesets, async (c) =>
    c.json({
      rulesets: Object.values(await rulesets.loadAll()).map((r) => ({
        id: r.id,
        settings: z.toJSONSchema(r.settings, { io: 'input', unrepresentable: 'any' }),
        defaults: r.settings.parse({}),
        liveSettings: r.liveSettings,
        options: z.toJSONSchema(r.options, { io: 'input', unrepresentable: 'any' }),
        actions: [...r.actions],
      })),
    }),
  );

  mount(app, routes.checkSettings, async (c, input) =>
    c.json(await checkSettings(c.req.param('ruleset'), (await input.body()).settings ?? {})),
  );
  mount(app, routes.createMatch, async (c, input) =>
    c.json(await lifecycle.createMatch(ports, await input.body(), clientAddress(c, { trustViewerAddress })), 201),
  );
  mount(app, routes.listMatches, async (c) => c.json(await listPage(ports, c.req.query('cursor'))));
  mount(app, routes.publicMatch, async (c) => c.json(await play.publicMatch(ports, c.req.param('id'))));

  // GM routes.
  mount(app, routes.changeSettings, async (c, input) => {
    return c.json(await lifecycle.changeSettings(ports, c.req.param('id'), await input.body()));
  });

  mount(app, routes.start, async (c, input) => {
    return c.json(await lifecycle.start(ports, c.req.param('id'), await input.body()));
  });

  mount(app, routes.pause, async (c) => {
    return c.json(await lifecycle.pause(ports, c.req.param('id')));
  });

  mount(app, routes.resume, async (c) => {
    return c.json(await lifecycle.resume(ports, c.req.param('id')));
  });

  mount(app, routes.extend, async (c, input) => {
    const { minutes } = await input.body();
    return c.json(await lifecycle.extend(ports, c.req.param('id'), minutes));
  });

  mount(app, routes.resolve, async (c, input) => {
    const { meta } = input.caller;
    const { phase } = await input.body();
    return c.json(await lifecycle.requestClose(ports, meta.id, phase, meta));
  });

  mount(app, routes.removePlayer, async (c) => {
    return c.json(await lifecycle.removePlayer(ports, c.req.param('id'), c.req.param('playerId')));
  });

  mount(app, routes.gmView, async (c, input) => c.json(await play.gmView(ports, input.caller, readPageQuery(c.req.query()))));

  mount(app, routes.asPlayer, async (c, input) => {
    const loaded = input.caller;
    return c.json(await play.playerView(ports, loaded, c.req.param('playerId'), readPageQuery(c.req.query())));
  });

  // Players.
  mount(app, routes.join, async (c, input) => c.json(await lifecycle.joinMatch(ports, c.req.param('id'), await input.body()), 201));

  mount(app, routes.changeOptions, async (c, input) => {
    const { playerId } = input.caller;
    const { options } = await input.body();
    return c.json(await lifecycle.changeOptions(ports, c.req.param('id'), playerId, options));
  });

  mount(app, routes.me, async (c, input) => {
    const { loaded, playerId } = input.caller;
    return c.json(await play.playerView(ports, loaded, playerId, readPageQuery(c.req.query())));
  });

  mount(app, routes.myActions, async (c, input) => c.json(await play.availableActions(ports, input.caller)));

  // The write path verifies the token itself, on what it kept from earlier requests when it can.
  mount(app, routes.submit, async (c, input) => {
    const request = input.caller;
    const { phase, ...action } = await input.body();
    return c.json(await play.submit(ports, request, action, phase), 201);
  });

  mount(app, routes.withdraw, async (c, input) => {
    const request = input.caller;
    const { phase } = input.query();
    return c.json(await play.withdraw(ports, request, c.req.param('slot'), phase));
  });

  mount(app, routes.check, async (c, input) => {
    const { caller } = input;
    const { phase } = await input.body();
    return c.json(await play.check(ports, caller, phase));
  });

  mount(app, routes.readChannel, async (c, input) => {
    const { playerId } = input.caller;
    return c.json(await play.channelMessages(ports, c.req.param('id'), playerId, c.req.param('channel'), readPageQuery(c.req.query())));
  });

  mount(app, routes.postMessage, async (c, input) => {
    const { caller } = input;
    const { text, phase } = await input.body();
    return c.json(await play.post(ports, caller, c.req.param('channel'), text, phase), 201);
  });

  mount(app, routes.audit, async (c, input) => {
    const { meta } = input.caller;
    const { phase } = await input.body();
    return c.json(await auditPhase(ports, meta.id, phase));
  });

  mount(app, routes.trigger, async (c, input) => {
    const { meta } = input.caller;
    const { phase } = await input.body();
    return c.json({ outcome: await resolvePhase(ports, meta.id, phase ?? meta.phase ?? '') });
  });

  registerToolkitRoutes(app, ports);
  registerPostRoutes(app, ports);
  registerPushRoutes(app, ports);
  registerLiveRoutes(app, ports);
  registerTelegramRoutes(app, ports);
  // Mounted beside the page (the local server), an unknown API route must not fall through to its HTML.
  app.all('/api/*', noRoute);

  return { app, loadMeta: (id: string) => loadMeta(ports, id) };
}
