// Issue 41 (decision 9): an import trusts nothing but the replay. Besides its events, every field the
// record states (winner, settings, seats, names, options, final actions, state hashes, no-shows) is
// recomputed or compared; a forgery is refused naming the first difference, and nothing is stored.
// A property test edits random fields of real exports and expects a refusal for every edit.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSeven, type Api } from '../integration/lupus-table.js';
import { client } from '../setup/stack.js';
import { shortcuts } from '../toolkit/helpers.js';
import { snapshotStack, type Snapshotting } from './helpers.js';

let env: Snapshotting;
let api: Api;
/** A running match after night-1 and day-1, and one the GM ended with a draw. */
let running: any;
let drawn: any;

async function played(seed: string) {
  const m = await startSeven(api, {}, seed);
  const s = shortcuts(api, m);
  await s.act('anna', { type: 'investigate', target: 'bruno' });
  await s.post('bruno', 'pack', 'tonight');
  await s.resolve('night-1');
  for (const p of ['anna', 'carla', 'gina']) await s.act(p, { type: 'vote', target: 'bruno' });
  await s.resolve('day-1');
  return { m, s };
}

beforeAll(async () => {
  env = await snapshotStack();
  api = client(env.stack.url);
  const a = await played('stated-a');
  running = (await api.get(`/api/matches/${a.m.matchId}/export`, a.m.gm)).body;
  const b = await played('stated-b');
  expect((await api.post(`${b.s.base}/end`, { winner: 'draw' }, b.m.gm)).status).toBe(200);
  drawn = (await api.get(`/api/matches/${b.m.matchId}/export`, b.m.gm)).body;
});
afterAll(async () => env?.stack.stop());

const matchDirs = () =>
  readdirSync(join(env.stack.siteDir, 'matches'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();

async function refused(forged: unknown, label: string) {
  const dirs = matchDirs();
  const r = await api.post('/api/matches/import', forged);
  expect([400, 409], `${label}: ${JSON.stringify(r.body).slice(0, 300)}`).toContain(r.status);
  expect(matchDirs(), label).toEqual(dirs);
  return r.body.error;
}

describe('import states nothing the replay does not (issue 41)', () => {
  it('the untouched exports are accepted, with the replay’s winner', async () => {
    for (const record of [running, drawn]) {
      const r = await api.post('/api/matches/import', record);
      expect(r.status).toBe(201);
      // A running match arrives paused (decision 9); the winner is the replay's.
      const summary = (await api.get(`/api/matches/${r.body.matchId}`)).body;
      expect(summary.status).toBe(record.match.status === 'running' ? 'paused' : 'ended');
    }
  });

  it('a forged winner is refused: "pack" for a draw, any winner for a match still running', async () => {
    const forged = structuredClone(drawn);
    forged.match.winner = 'pack';
    const error = await refused(forged, 'winner');
    expect(error.code).toBe('import-mismatch');
    expect(error.message).toContain('match.winner: the record says "pack", the replay "draw"');
    const early = structuredClone(running);
    early.match.winner = 'village';
    expect((await refused(early, 'early winner')).message).toContain('match.winner');
  });

  it('match.settings must be those the replay deals from (start.settings), but for live settings', async () => {
    const forged = structuredClone(running);
    forged.match.settings['max-abstentions'] = 7;
    const error = await refused(forged, 'settings');
    expect(error.code).toBe('import-mismatch');
    expect(error.message).toContain('match.settings.max-abstentions: 7, but the replay deals from 3');
    const stray = structuredClone(running);
    stray.start.settings['night-minute'] = 5;
    expect((await refused(stray, 'unknown key')).message).toContain('night-minute');
    const live = structuredClone(running);
    live.match.settings['day-minutes'] = 99;
    expect((await api.post('/api/matches/import', live)).status).toBe(201);
  });

  it('a final action nobody submitted, or from the wrong seat, is refused', async () => {
    const night = (r: any) => r.phases.find((p: any) => p.phase === 'night-1');
    const taken = structuredClone(running);
    const investigate = night(taken).actions.find((a: any) => a.action.type === 'investigate');
    investigate.player = 'carla';
    // The close reads it, so the first difference may be an event of night-1 or the action itself.
    expect((await refused(taken, 'wrong seat')).message).toMatch(/of night-1/);
    const extra = structuredClone(running);
    night(extra).actions.push({ ...investigate, player: 'anna', owner: 'anna', action: { type: 'investigate', target: 'carla' }, seq: 99 });
    expect((await refused(extra, 'twice')).message).toMatch(/of night-1/);
    const stranger = structuredClone(running);
    night(stranger).actions.push({ player: 'zed', owner: 'zed', slot: 'x', action: { type: 'investigate', target: 'carla' }, seq: 100 });
    expect((await refused(stranger, 'stranger')).message).toContain('nobody at the table');
  });

  it('property: a random edit of a field that means something is refused, and nothing is stored', async () => {
    const seats = running.players.map((p: any) => p.id) as string[];
    type Edit = (r: any, n: number) => void;
    const pick = <T = any>(xs: T[], n: number): T => xs[n % xs.length]!;
    const phaseOf = (r: any, n: number) => pick(r.phases as any[], n);
    const edits: Record<string, Edit> = {
      winner: (r, n) =>
        (r.match.winner = pick(
          ['pack', 'village', 'draw', 'anna'].filter((w) => w !== r.match.winner),
          n,
        )),
      'match.settings': (r, n) => {
        const key = pick(['max-abstentions', 'cemetery', 'tie-rule', 'splatter', 'difficulty', 'player-count'], n);
        const v = r.match.settings[key];
        r.match.settings[key] =
          typeof v === 'boolean'
            ? !v
            : typeof v === 'number'
              ? v === 0
                ? 1
                : v - 1
              : pick(
                  ['easy', 'normal', 'no-lynch', 'random'].filter((x) => x !== v),
                  n,
                );
      },
      'start.settings': (r, n) =>
        (r.start.settings[pick(['cemetery', 'splatter'], n)] = !r.start.settings[pick(['cemetery', 'splatter'], n)]),
      'start.settings extra': (r, n) => (r.start.settings[`x-${n % 5}`] = n),
      'player name': (r, n) => (pick(r.players, n).name = `Zed ${n % 97}`),
      'dealt name': (r, n) => (pick(r.start.players, n).name = `Zed ${n % 97}`),
      'player options': (r, n) => (pick(r.players, n).options = { colour: n }),
      'player seat': (r, n) => {
        const p = pick(r.players, n);
        const q = pick(r.players, n + 1);
        [p.seat, q.seat] = [q.seat, p.seat];
      },
      'action target': (r, n) => {
        const actions = r.phases.flatMap((p: any) => p.actions);
        const a = pick(actions, n);
        a.action.target = pick(
          seats.filter((s) => s !== a.action.target),
          n,
        );
      },
      'action player': (r, n) => {
        const actions = r.phases.flatMap((p: any) => p.actions);
        const a = pick(actions, n);
        a.player = pick(
          seats.filter((s) => s !== a.player),
          n,
        );
      },
      'event field': (r, n) => {
        const events = r.phases.flatMap((p: any) => p.events);
        pick(events, n).event[`x${n % 3}`] = n;
      },
      'event audience': (r, n) => {
        const events = r.phases.flatMap((p: any) => p.events).filter((e: any) => e.event.to !== 'public');
        const e = pick(events, n);
        e.event.to = 'public';
      },
      'state hash': (r, n) =>
        (phaseOf(r, n).state = (phaseOf(r, n).state ?? '0'.repeat(64)).replace(/^./, (c: string) => (c === 'a' ? 'b' : 'a'))),
      'no-shows': (r, n) =>
        (r.noShows[pick(seats, n)] = [pick(['night-9', 'day-1', 'night-1'], n)]
          .filter((p) => !r.match.history.includes(p) || n % 2 === 0)
          .concat(['night-9'])),
    };
    const names = Object.keys(edits);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(running, drawn), fc.constantFrom(...names), fc.nat(10_000), async (record, name, n) => {
        const forged = structuredClone(record);
        edits[name]!(forged, n);
        await refused(forged, `${name} #${n}`);
      }),
      { numRuns: 40, seed: 41 },
    );
  });
});
