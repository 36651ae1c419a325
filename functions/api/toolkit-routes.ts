// The GM toolkit's routes: substitute, rollback, end, export, import, replay, webhooks; spectators and vote counts.
import { gunzipSync } from 'node:zlib';
import type { Context, Hono } from 'hono';
import * as z from 'zod';
import type { Ports } from '../ports.js';
import { refusal } from '../service/errors.js';
import { loadMeta } from '../service/context.js';
import { forceEnd } from '../service/toolkit/end.js';
import { ImportMismatch, importMatch } from '../service/toolkit/import.js';
import { buildRecord, matchRecord } from '../service/toolkit/record.js';
import { replayRecord } from '../service/toolkit/replay.js';
import { rollback } from '../service/toolkit/rollback.js';
import { spectate } from '../service/toolkit/spectate.js';
import { readPageQuery } from '../service/event-pages.js';
import { substitute } from '../service/toolkit/substitute.js';
import { voteCount } from '../service/toolkit/votes.js';
import { getWebhooks, setWebhooks, webhooksBody } from '../service/toolkit/webhooks.js';
import { asGm } from './auth.js';
import { parseBody } from './body.js';
import type { RouteDoc } from './openapi.js';
import { kebabId } from '../../engine/core/ids.js';
import { playerName } from './schemas.js';
import { domainErrorResponse } from './status.js';

/** An import may arrive gzip-compressed (`Content-Encoding: gzip`): this much once inflated. */
const MAX_INFLATED_BYTES = 8 * 1024 * 1024;

const id = kebabId;
export const substituteBody = z.object({ name: playerName }).strict();
export const rollbackBody = z.object({ phase: id }).strict();
export const endBody = z.object({ winner: id }).strict();

async function readBody<T extends z.ZodType>(c: Context, schema: T, gzip = false): Promise<z.infer<T>> {
  let bytes = Buffer.from(await c.req.arrayBuffer());
  const encoding = (c.req.header('content-encoding') ?? 'identity').toLowerCase();
  if (gzip && encoding === 'gzip') {
    try {
      bytes = gunzipSync(bytes, { maxOutputLength: MAX_INFLATED_BYTES });
    } catch (error) {
      if (error instanceof RangeError) throw refusal('body-too-large', `Inflated bodies are limited to ${MAX_INFLATED_BYTES} bytes.`);
      throw refusal('invalid-body', 'The body is not valid gzip.');
    }
  } else if (encoding !== 'identity') {
    throw refusal('invalid-body', `Content-Encoding ${encoding} is not accepted here.`);
  }
  return parseBody(bytes.toString('utf8'), schema);
}

/** Registers the toolkit's routes on the API (called once from createApp). */
export function registerToolkitRoutes(app: Hono, ports: Ports, doc: (d: RouteDoc) => void): void {
  const matchId = (c: Context) => c.req.param('id')!;

  // Anyone.
  doc({ method: 'post', path: '/api/matches/import', summary: 'A new unlisted sandbox match rebuilt by replaying an export (may be gzip-compressed): { matchId, gmToken, identical }; 409 import-mismatch with the first difference when the file differs from its replay', auth: 'none', body: matchRecord });
  app.post('/api/matches/import', async (c) => {
    const record = await readBody(c, matchRecord, true);
    try {
      return c.json(await importMatch(ports, record), 201);
    } catch (error) {
      if (!(error instanceof ImportMismatch)) throw error;
      return domainErrorResponse(c, error, { firstDifference: error.firstDifference });
    }
  });

  doc({ method: 'get', path: '/api/matches/{id}/spectate', summary: 'The spectators’ view: public summary, public board, public events, the vote count', auth: 'none' });
  app.get('/api/matches/:id/spectate', async (c) => c.json(await spectate(ports, matchId(c), readPageQuery(c.req.query()))));

  doc({ method: 'get', path: '/api/matches/{id}/votes', summary: 'Vote count of a phase with public votes (`?phase=`, default the open one): lines, abstentions, not voting, majority, deadline, history; `null` when the open phase has no public vote, 404 `no-votes` for a named one', auth: 'none' });
  app.get('/api/matches/:id/votes', async (c) => {
    const phase = c.req.query('phase');
    if (phase !== undefined && !id.safeParse(phase).success) throw refusal('invalid-body', 'phase: kebab-case ASCII');
    const count = await voteCount(ports, await loadMeta(ports, matchId(c)), phase);
    // A named phase without a public vote is not there to read; the open phase without one is the normal
    // state of a night or of a ruleset without votes, so the page polling it gets `null`, not an error.
    if (!count && phase !== undefined) throw refusal('no-votes', 'That phase has no public vote.');
    return c.json(count);
  });

  // The match's GM.
  doc({ method: 'post', path: '/api/matches/{id}/players/{playerId}/substitute', summary: 'A new person takes the seat (role, items, history): { playerId, token }; the old token stops working', auth: 'gm', body: substituteBody });
  app.post('/api/matches/:id/players/:playerId/substitute', async (c) => {
    await asGm(ports, c, matchId(c));
    const { name: newName } = await readBody(c, substituteBody);
    return c.json(await substitute(ports, matchId(c), c.req.param('playerId'), newName));
  });

  doc({ method: 'post', path: '/api/matches/{id}/rollback', summary: 'Undo the last resolution, which must be `phase`: that phase is open again with its actions and a fresh deadline', auth: 'gm', body: rollbackBody });
  app.post('/api/matches/:id/rollback', async (c) => {
    await asGm(ports, c, matchId(c));
    const { phase } = await readBody(c, rollbackBody);
    return c.json(await rollback(ports, matchId(c), phase));
  });

  doc({ method: 'post', path: '/api/matches/{id}/end', summary: 'Force an outcome: `winner` (a faction, team, player or `draw`) and the match ends', auth: 'gm', body: endBody });
  app.post('/api/matches/:id/end', async (c) => {
    await asGm(ports, c, matchId(c));
    const { winner } = await readBody(c, endBody);
    return c.json(await forceEnd(ports, matchId(c), winner));
  });

  doc({ method: 'get', path: '/api/matches/{id}/export', summary: 'The full record: settings, seed, players, every action and event (no token, no webhook)', auth: 'gm' });
  app.get('/api/matches/:id/export', async (c) => {
    const loaded = await asGm(ports, c, matchId(c));
    c.header('Content-Disposition', `attachment; filename="dusk-${loaded.meta.id}.json"`);
    return c.json(await buildRecord(ports, loaded));
  });

  doc({ method: 'post', path: '/api/matches/{id}/replay', summary: 'Re-resolve every phase from the record: { identical, resolved, firstDifference? }', auth: 'gm' });
  app.post('/api/matches/:id/replay', async (c) => {
    const loaded = await asGm(ports, c, matchId(c));
    const { states: _states, events: _events, ...result } = replayRecord(loaded.ruleset, await buildRecord(ports, loaded));
    return c.json(result);
  });

  doc({ method: 'put', path: '/api/matches/{id}/webhooks', summary: 'Where announcements and reminders go: { urls, remindBeforeMinutes } (urls: up to 5; [] removes them)', auth: 'gm', body: webhooksBody });
  app.put('/api/matches/:id/webhooks', async (c) => {
    await asGm(ports, c, matchId(c));
    return c.json(await setWebhooks(ports, matchId(c), await readBody(c, webhooksBody)));
  });

  doc({ method: 'get', path: '/api/matches/{id}/webhooks', summary: 'The webhooks and their latest deliveries', auth: 'gm' });
  app.get('/api/matches/:id/webhooks', async (c) => c.json(await getWebhooks(ports, (await asGm(ports, c, matchId(c))).meta)));
}
