// What "the same result" means when a disturbed match is compared with an undisturbed one: its
// stored states, actions and events, its META outcome and its published files, byte for byte
// once the match id (and the random part of submission keys) are set aside.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Hono } from 'hono';
import type { Ports } from '../../functions/ports.js';
import { client } from '../setup/stack.js';
import type { StoredEvent } from '../../engine/core/events.js';

export interface MatchRecord {
  meta: unknown;
  states: Record<string, unknown>;
  pending: Record<string, unknown>;
  events: unknown[];
  files: Record<string, string>;
}

/** Submission events are keyed by their time and a random salt; close and start events by position. */
const normalise = (e: StoredEvent) =>
  e.origin.kind === 'submission' ? { ...e, seq: `submitted-${e.seq.slice(-6)}`, origin: { kind: 'submission' } } : e;

export async function matchRecord(ports: Ports, siteDir: string, matchId: string): Promise<MatchRecord> {
  const meta = await ports.store.getMeta(matchId);
  if (!meta) throw new Error(`no match ${matchId}`);
  const keys = [...meta.history, ...(meta.status === 'ended' ? ['final'] : [])];
  const states: Record<string, unknown> = {};
  const pending: Record<string, unknown> = {};
  for (const key of keys) {
    states[key] = await ports.store.getState(matchId, key);
    if (key !== 'final') {
      const list = await ports.store.listPending(matchId, key);
      pending[key] = list.map(({ seq: _seq, ...rest }) => rest).sort((a, b) => (`${a.owner}/${a.slot}` < `${b.owner}/${b.slot}` ? -1 : 1));
    }
  }
  const events = (await ports.store.listEvents(matchId, meta.history)).map(normalise);
  const files: Record<string, string> = {};
  const dir = join(siteDir, 'matches', matchId);
  if (existsSync(join(dir, 'index.json'))) files['index.json'] = readFileSync(join(dir, 'index.json'), 'utf8');
  if (existsSync(join(dir, 'phases'))) {
    for (const f of readdirSync(join(dir, 'phases')).sort()) files[`phases/${f}`] = readFileSync(join(dir, 'phases', f), 'utf8');
  }
  const record: MatchRecord = {
    meta: {
      status: meta.status,
      phase: meta.phase,
      phaseStatus: meta.phaseStatus,
      winner: meta.winner,
      history: meta.history,
      openedAt: meta.openedAt,
      deadline: meta.deadline,
      needsPublish: meta.needsPublish,
      leaseUntil: meta.leaseUntil,
    },
    states,
    pending,
    events,
    files,
  };
  return JSON.parse(JSON.stringify(record).replaceAll(matchId, 'MATCH')) as MatchRecord;
}

/** A JSON client straight on a Hono app (no server): test/setup/stack.ts `client()` sending through `app.request`. */
export function appClient(app: Hono) {
  return client('', async (url, init) => app.request(url, init));
}
