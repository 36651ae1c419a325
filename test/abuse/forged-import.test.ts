// Decision 9: an import is rebuilt by replaying the record through the engine; the file's events are
// only compared with the replay's. An edited export is refused (409 import-mismatch, naming the first
// difference; 400 for names a join would refuse) and creates nothing; an untouched one is accepted,
// identical, unlisted and marked `imported`.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSeven, type Api, type SevenMatch } from '../integration/lupus-table.js';
import { client, effectsSettled } from '../setup/stack.js';
import { shortcuts } from '../toolkit/helpers.js';
import { snapshotStack, type Snapshotting } from './helpers.js';

let env: Snapshotting;
let api: Api;
let m: SevenMatch;
let record: any;

beforeAll(async () => {
  env = await snapshotStack();
  api = client(env.stack.url);
  m = await startSeven(api, {}, 'forged-import');
  const s = shortcuts(api, m);
  await s.act('anna', { type: 'investigate', target: 'bruno' });
  await s.post('bruno', 'pack', 'tonight');
  await s.resolve('night-1');
  await s.act('carla', { type: 'vote', target: 'elena' });
  await api.del(`${s.base}/me/actions/ballot`, m.tokens.carla);
  for (const p of ['anna', 'carla', 'gina']) await s.act(p, { type: 'vote', target: 'bruno' });
  await s.resolve('day-1');
  record = (await api.get(`/api/matches/${m.matchId}/export`, m.gm)).body;
});
afterAll(async () => env?.stack.stop());

const copy = () => structuredClone(record);
/** The published matches' folders (the lists beside them are files, written through a temporary file). */
const matchDirs = () =>
  readdirSync(join(env.stack.siteDir, 'matches'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
const listed = async () => ((await api.get('/api/matches')).body.matches as Array<{ id: string }>).map((x) => x.id);

/** Imports a forged record: refused with this status and code, and nothing new stored or published. */
async function refused(forged: unknown, status: number, code: string, label = '') {
  const dirs = matchDirs();
  const r = await api.post('/api/matches/import', forged);
  expect(r.status, `${label} ${JSON.stringify(r.body).slice(0, 400)}`).toBe(status);
  expect(r.body.error.code).toBe(code);
  expect(matchDirs()).toEqual(dirs);
  return r.body.error;
}

describe('decision 9: import replays, never trusts', () => {
  it('refuses an appended public match-ended, naming the first event that differs', async () => {
    const forged = copy();
    const day = forged.phases.find((p: any) => p.phase === 'day-1');
    const at = day.events.length;
    for (const seq of ['999999999999999-abcdef-000000', '~close-999999', '999999999999999-end-000000']) {
      const f = copy();
      const d = f.phases.find((p: any) => p.phase === 'day-1');
      d.events.push({ phase: 'day-1', seq, event: { kind: 'match-ended', to: 'public', winner: 'wolves' } });
      d.events.sort((a: any, b: any) => (a.seq < b.seq ? -1 : 1));
      const error = await refused(f, 409, 'import-mismatch');
      expect(error.firstDifference.phase).toBe('day-1');
      expect(error.message).toContain('day-1');
    }
    expect(at).toBeGreaterThan(0);
  });

  it('refuses a changed event of every kind of step: a close, a final ballot, a chat’s author and readers, a withdrawal', async () => {
    const edits: Array<[string, (e: any) => boolean, (e: any) => void]> = [
      [
        'night-1',
        (e) => e.event.kind === 'investigation-result',
        (e) => (e.event.result = e.event.result === 'shady' ? 'innocent' : 'shady'),
      ],
      ['day-1', (e) => e.event.kind === 'vote-cast' && e.event.voter === 'gina', (e) => (e.event.target = 'anna')],
      // A chat line's words are the record's own, but who could write it where is the engine's to say.
      ['night-1', (e) => e.event.kind === 'message', (e) => (e.event.from = 'anna')],
      ['night-1', (e) => e.event.kind === 'message', (e) => (e.readers = [...(e.readers ?? []), 'anna'])],
      ['day-1', (e) => e.event.kind === 'vote-withdrawn', (e) => (e.event.voter = 'gina')],
    ];
    for (const [n, [phase, pick, edit]] of edits.entries()) {
      const forged = copy();
      const events = forged.phases.find((p: any) => p.phase === phase).events;
      const index = events.findIndex(pick);
      expect(index, phase).toBeGreaterThanOrEqual(0);
      edit(events[index]);
      const error = await refused(forged, 409, 'import-mismatch', `edit ${n}`);
      expect(error.firstDifference).toMatchObject({ phase, event: index });
    }
  });

  it('refuses names a join refuses: control and bidi characters, duplicates (decision 10; issue 12 item 6: look-alike names in a record are 400 confusable-names, not the 409 name-taken of a join)', async () => {
    for (const name of ['Gi\u0007na', 'Gina\u202e', 'Anna', 'anna', ' ', '']) {
      const forged = copy();
      forged.players.find((p: any) => p.id === 'gina').name = name;
      await refused(
        forged,
        400,
        name === '' ? 'invalid-body' : /^anna$/i.test(name) ? 'confusable-names' : 'invalid-name',
        JSON.stringify(name),
      );
    }
    const forged = copy();
    forged.start.players.find((p: any) => p.id === 'gina').name = 'Bruno';
    await refused(forged, 400, 'confusable-names');
  });

  it('accepts the untouched export: identical, its events the same, unlisted and marked imported', async () => {
    const r = await api.post('/api/matches/import', record);
    expect(r.status, JSON.stringify(r.body).slice(0, 400)).toBe(201);
    expect(r.body.identical).toBe(true);
    const again = (await api.get(`/api/matches/${r.body.matchId}/export`, r.body.gmToken)).body;
    expect(again.phases).toEqual(record.phases);
    expect((await api.get(`/api/matches/${r.body.matchId}`)).body.imported).toBe(true);
    expect((await api.get(`/api/matches/${m.matchId}`)).body.imported).toBe(false);
    expect(await listed()).toContain(m.matchId);
    expect(await listed()).not.toContain(r.body.matchId);
    // The index as the consumer publishes it after the import's commits, not as it was before them.
    await effectsSettled(env.stack);
    const index = (await api.get('/matches/index.json')).body;
    expect(JSON.stringify(index)).toContain(m.matchId);
    expect(JSON.stringify(index)).not.toContain(r.body.matchId);
  });
});
