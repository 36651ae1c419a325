// The GM toolkit's routes: substitute, rollback, end, export, import, replay, webhooks; spectators and vote counts.
import { gunzipSync } from 'node:zlib';
import type { Context } from 'hono';
import type * as z from 'zod';
import type { Ports } from '../ports.js';
import { refusal } from '../service/errors.js';
import { loadMeta } from '../service/context.js';
import { forceEnd } from '../service/toolkit/end.js';
import { ImportMismatch, importMatch } from '../service/toolkit/import.js';
import { buildRecord } from '../service/toolkit/record.js';
import { replayRecord } from '../service/toolkit/replay.js';
import { rollback } from '../service/toolkit/rollback.js';
import { spectate } from '../service/toolkit/spectate.js';
import { readPageQuery } from '../service/event-pages.js';
import { substitute } from '../service/toolkit/substitute.js';
import { voteCount } from '../service/toolkit/votes.js';
import { getWebhooks, setWebhooks } from '../service/toolkit/webhooks.js';
import { parseBody, requestBytes } from './body.js';
import { mount, type ApiApp } from './contract.js';
import { routes } from './routes.js';
import { kebabId } from '../../engine/core/ids.js';
import { domainErrorResponse } from './status.js';

/** An import may arrive gzip-compressed (`Content-Encoding: gzip`): this much once inflated. */
const MAX_INFLATED_BYTES = 8 * 1024 * 1024;

const id = kebabId;

async function readBody<T extends z.ZodType>(c: Context, schema: T, gzip = false): Promise<z.infer<T>> {
  let bytes = await requestBytes(c);
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
export function registerToolkitRoutes(app: ApiApp, ports: Ports): void {
  const matchId = (c: Context) => c.req.param('id')!;

  // Anyone.
  mount(app, routes.importMatch, async (c) => {
    const record = await readBody(c, routes.importMatch.body, true);
    try {
      return c.json(await importMatch(ports, record), 201);
    } catch (error) {
      if (!(error instanceof ImportMismatch)) throw error;
      return domainErrorResponse(c, error, { firstDifference: error.firstDifference });
    }
  });

  mount(app, routes.spectate, async (c) => c.json(await spectate(ports, matchId(c), readPageQuery(c.req.query()))));

  mount(app, routes.votes, async (c) => {
    const phase = c.req.query('phase');
    if (phase !== undefined && !id.safeParse(phase).success) throw refusal('invalid-body', 'phase: kebab-case ASCII');
    const count = await voteCount(ports, await loadMeta(ports, matchId(c)), phase);
    // A named phase without a public vote is not there to read; the open phase without one is the normal
    // state of a night or of a ruleset without votes, so the page polling it gets `null`, not an error.
    if (!count && phase !== undefined) throw refusal('no-votes', 'That phase has no public vote.');
    return c.json(count);
  });

  // The match's GM.
  mount(app, routes.substitute, async (c) => {
    const { name: newName } = await readBody(c, routes.substitute.body);
    return c.json(await substitute(ports, matchId(c), c.req.param('playerId'), newName));
  });

  mount(app, routes.rollback, async (c) => {
    const { phase } = await readBody(c, routes.rollback.body);
    return c.json(await rollback(ports, matchId(c), phase));
  });

  mount(app, routes.end, async (c) => {
    const { winner } = await readBody(c, routes.end.body);
    return c.json(await forceEnd(ports, matchId(c), winner));
  });

  mount(app, routes.exportMatch, async (c, input) => {
    const loaded = input.caller;
    c.header('Content-Disposition', `attachment; filename="dusk-${loaded.meta.id}.json"`);
    return c.json(await buildRecord(ports, loaded));
  });

  mount(app, routes.replay, async (c, input) => {
    const loaded = input.caller;
    const { states: _states, events: _events, winner: _winner, ...result } = replayRecord(loaded.ruleset, await buildRecord(ports, loaded));
    return c.json(result);
  });

  mount(app, routes.setWebhooks, async (c) => {
    return c.json(await setWebhooks(ports, matchId(c), await readBody(c, routes.setWebhooks.body)));
  });

  mount(app, routes.getWebhooks, async (c, input) => c.json(await getWebhooks(ports, input.caller.meta)));
}
