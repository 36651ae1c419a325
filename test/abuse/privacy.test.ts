// A player reaching for what is not his: another player's view, private events, stored actions and
// channels; the GM's secrets; files outside the published folder. Each is refused or simply absent,
// and the attempt changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEVEN, startSeven, type SevenMatch } from '../integration/lupus-table.js';
import { client } from '../setup/stack.js';
import { snapshotStack, type Snapshotting } from './helpers.js';

let env: Snapshotting;
let api: ReturnType<typeof client>;
let m: SevenMatch;
const PACK = new Set(['bruno', 'elena']);

beforeAll(async () => {
  env = await snapshotStack();
  api = client(env.stack.url);
  m = await startSeven(api, {}, 'privacy');
  // Night 1: the seer looks at a wolf; the pack talks; then day 1 with a few ballots and night 2.
  await api.post(`/api/matches/${m.matchId}/me/actions`, { type: 'investigate', target: 'bruno' }, m.tokens.anna);
  await api.post(`/api/matches/${m.matchId}/channels/pack/messages`, { text: 'anna is the seer, I bet' }, m.tokens.bruno);
  await api.post(`/api/matches/${m.matchId}/resolve`, { phase: 'night-1' }, m.gm);
  await api.post(`/api/matches/${m.matchId}/me/actions`, { type: 'vote', target: 'carla' }, m.tokens.dario);
  await api.post(`/api/matches/${m.matchId}/resolve`, { phase: 'day-1' }, m.gm);
  await api.post(`/api/matches/${m.matchId}/me/actions`, { type: 'maul', target: 'fabio' }, m.tokens.elena);
  await api.post(`/api/matches/${m.matchId}/me/actions`, { type: 'investigate', target: 'elena' }, m.tokens.anna);
});
afterAll(async () => env?.stack.stop());

const me = async (who: string) => (await api.get(`/api/matches/${m.matchId}/me`, m.tokens[who])).body;

describe("nobody sees what is not his", () => {
  it('each player’s events are his own, public, or of a channel he reads; his stored actions are his own', async () => {
    const gm = (await api.get(`/api/matches/${m.matchId}/gm`, m.gm)).body;
    for (const p of SEVEN) {
      const view = await me(p.id);
      for (const e of view.events) {
        const allowed = e.to === 'public' || e.to === p.id || (e.to === 'pack' && PACK.has(p.id));
        expect(allowed, `${p.id} sees ${JSON.stringify(e)}`).toBe(true);
      }
      // What he sent himself is there; nothing but his slots (or, for a wolf, the pack's) ever is.
      type Pending = { player: string; owner: string; slot: string };
      const own = gm.pending.filter((a: Pending) => a.player === p.id).map((a: Pending) => a.slot);
      const allowed = gm.pending
        .filter((a: Pending) => a.player === p.id || a.owner === p.id || (a.owner === 'pack' && PACK.has(p.id)))
        .map((a: Pending) => a.slot);
      const shown = view.submitted.map((s: { slot: string }) => s.slot);
      for (const slot of own) expect(shown).toContain(slot);
      for (const slot of shown) expect(allowed).toContain(slot);
      expect(JSON.stringify(view)).not.toContain('tokenHash');
      expect(JSON.stringify(view)).not.toContain(gm.seed);
    }
  });

  it("another player's view is not reachable: /as/ is the GM's, and the GM view refuses players", async () => {
    const before = await env.snapshot(m.matchId);
    for (const path of [`/api/matches/${m.matchId}/as/anna`, `/api/matches/${m.matchId}/gm`, `/api/matches/${m.matchId}/export`]) {
      const r = await api.get(path, m.tokens.carla);
      expect(r.status, path).toBe(403);
      expect(r.body.error.code).toBe('gm-only');
    }
    expect(await env.snapshot(m.matchId)).toBe(before);
  });

  it("another player's stored action cannot be withdrawn, read or replaced", async () => {
    const before = await env.snapshot(m.matchId);
    // Carla names anna's slot: she only ever addresses her own (nothing there).
    const r = await api.del(`/api/matches/${m.matchId}/me/actions/investigate`, m.tokens.carla);
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('nothing-to-withdraw');
    // A villager cannot fill the pack's slot; a wolf's channel stays closed to him.
    const maul = await api.post(`/api/matches/${m.matchId}/me/actions`, { type: 'maul', target: 'anna' }, m.tokens.carla);
    expect(maul.status).toBeGreaterThanOrEqual(400);
    expect((await me('carla')).submitted).toEqual([]);
    expect(await env.snapshot(m.matchId)).toBe(before);
  });

  it('a channel is read and written by its members only; nothing is stored for the others', async () => {
    const before = await env.snapshot(m.matchId);
    for (const who of ['anna', 'carla', 'dario', 'fabio', 'gina']) {
      const read = await api.get(`/api/matches/${m.matchId}/channels/pack/messages`, m.tokens[who]);
      expect(read.status).toBe(403);
      expect(read.body.error.code).toBe('channel-forbidden');
      const post = await api.post(`/api/matches/${m.matchId}/channels/pack/messages`, { text: 'let me in' }, m.tokens[who]);
      expect(post.status).toBe(403);
    }
    expect(await env.snapshot(m.matchId)).toBe(before);
    const pack = await api.get(`/api/matches/${m.matchId}/channels/pack/messages`, m.tokens.elena);
    expect(pack.body.messages.map((e: { text: string }) => e.text)).toEqual(['anna is the seer, I bet']);
  });

  it('the public record (API and files) holds no secret: no token hash, seed, pending action or private event', async () => {
    const gm = (await api.get(`/api/matches/${m.matchId}/gm`, m.gm)).body;
    const publicReads = [
      (await api.get(`/api/matches/${m.matchId}`)).body,
      (await api.get('/api/matches')).body,
      (await api.get(`/matches/${m.matchId}/index.json`)).body,
      (await api.get('/matches/index.json')).body,
      (await api.get(`/matches/${m.matchId}/phases/night-1.json`)).body,
      (await api.get(`/matches/${m.matchId}/phases/day-1.json`)).body,
    ];
    for (const read of publicReads) {
      const text = JSON.stringify(read);
      expect(text).not.toContain('tokenHash');
      expect(text).not.toContain('gmTokenHash');
      expect(text).not.toContain(gm.seed);
      for (const kind of ['investigation-result', 'maul-result', 'role-assigned', 'pack-roster']) expect(text).not.toContain(kind);
      expect(text).not.toContain('anna is the seer');
      expect(text).not.toMatch(/"pending"|"submitted"/);
    }
  });

  it('no file outside the published folder is served, however the path is spelled', async () => {
    for (const path of [
      '/matches/../package.json',
      '/matches/..%2fpackage.json',
      '/matches/%2e%2e/%2e%2e/package.json',
      '/matches/..%5c..%5cpackage.json',
      `/matches/${m.matchId}/../../../package.json`,
      '/matches/%252e%252e/package.json',
      '/matches//etc/passwd',
    ]) {
      const r = await fetch(`${env.stack.url}${path}`);
      const body = await r.text();
      expect(body, path).not.toContain('"devDependencies"');
      expect(body, path).not.toContain('root:x:0:0');
    }
  });
});
