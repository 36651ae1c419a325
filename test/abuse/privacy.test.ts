// A player reaching for what is not his, in every ruleset (issue 13): another player's view, private
// events, stored actions and channels; hidden facts (LUP roles, MAF roles/specialties/items, KG
// teams/zones/inventory, KG-16.3); the GM's secrets; files outside the published folder. Each is
// refused or simply absent, and the attempt changes nothing.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../setup/stack.js';
import { snapshotStack, type Snapshotting } from './helpers.js';
import { closePhase, openSecretPhase, RULESETS, startSecret, type SecretTable, type Table } from './secret-tables.js';

let env: Snapshotting;
let api: ReturnType<typeof client>;
const matches = new Map<string, Table>();

beforeAll(async () => {
  env = await snapshotStack();
  api = client(env.stack.url);
  for (const table of RULESETS) {
    const m = await startSecret(api, table, { seed: 'privacy' });
    await openSecretPhase(api, table, m);
    // The holder acts in secret; the channel talks; the phase closes; the holder acts again.
    const ok = (r: { status: number; body: unknown }) => expect(r.status, `${table.ruleset}: ${JSON.stringify(r.body)}`).toBe(201);
    ok(await api.post(`/api/matches/${m.matchId}/me/actions`, table.acts.at(-1), m.tokens[table.holder]));
    if (table.channel) {
      ok(
        await api.post(
          `/api/matches/${m.matchId}/channels/${table.channel.id}/messages`,
          { text: 'our secret plan' },
          m.tokens[table.channel.members[0]!],
        ),
      );
    }
    // Then the next phase of that kind opens, and the holder's new action waits in it.
    let again = { status: 0, body: null as unknown };
    for (let closes = 0; closes < 3 && again.status !== 201; closes++) {
      await closePhase(api, m);
      again = await api.post(`/api/matches/${m.matchId}/me/actions`, table.later, m.tokens[table.holder]);
    }
    ok(again);
    matches.set(table.ruleset, m);
  }
});
afterAll(async () => env?.stack.stop());

/** Every file published under the site folder, as one string per file. */
function publishedFiles(dir = env.stack.siteDir): Record<string, string> {
  const out: Record<string, string> = {};
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory())
      Object.assign(out, Object.fromEntries(Object.entries(publishedFiles(path)).map(([k, v]) => [`${name}/${k}`, v])));
    else out[name] = readFileSync(path, 'utf8');
  }
  return out;
}

describe.each(RULESETS)('$ruleset: nobody sees what is not his', (table: SecretTable) => {
  const m = () => matches.get(table.ruleset)!;
  const me = async (who: string) => (await api.get(`/api/matches/${m().matchId}/me`, m().tokens[who])).body;
  const alliesOf = (p: string) => new Set(table.allies.find((g) => g.includes(p)) ?? [p]);
  const reads = (p: string) => new Set(['public', p, ...(table.channel?.members.includes(p) ? [table.channel.id] : [])]);

  it('each player’s events are his own, public, or of a channel he reads; his stored actions are his own; he knows only his allies', async () => {
    const gm = (await api.get(`/api/matches/${m().matchId}/gm`, m().gm)).body;
    for (const { id } of table.seats) {
      const view = await me(id);
      for (const e of view.events) expect(reads(id).has(e.to), `${id} sees ${JSON.stringify(e)}`).toBe(true);
      // What he sent himself is there; nothing but his slots (or his group's) ever is.
      type Pending = { player: string; owner: string; slot: string };
      const own = gm.pending.filter((a: Pending) => a.player === id).map((a: Pending) => a.slot);
      const allowed = gm.pending.filter((a: Pending) => a.player === id || reads(id).has(a.owner)).map((a: Pending) => a.slot);
      const shown = view.submitted.map((s: { slot: string }) => s.slot);
      for (const slot of own) expect(shown).toContain(slot);
      for (const slot of shown) expect(allowed).toContain(slot);
      // Hidden facts of others: only an ally's, or what his own private events told him (the seer's answer).
      const told = JSON.stringify(view.events.filter((e: { to: string }) => e.to !== 'public'));
      for (const other of Object.keys(view.view.known ?? {})) {
        expect(alliesOf(id).has(other) || told.includes(`"${other}"`), `${id} knows ${other}`).toBe(true);
      }
      // The list of players shows of each what the public summary does (and Mafia's public `state`).
      const publicKeys = new Set(Object.keys((await api.get(`/api/matches/${m().matchId}`)).body.players[0]).concat(['state']));
      for (const p of view.view.players)
        for (const key of Object.keys(p)) expect(publicKeys, `${id} sees ${key} of ${p.id}`).toContain(key);
      expect(JSON.stringify(view)).not.toContain('tokenHash');
      expect(JSON.stringify(view)).not.toContain(gm.seed);
    }
  });

  it("another player's view is not reachable: /as/ is the GM's, and the GM view refuses players", async () => {
    const before = await env.settled(m().matchId);
    const who = table.onlookers[0]!;
    for (const path of [
      `/api/matches/${m().matchId}/as/${table.holder}`,
      `/api/matches/${m().matchId}/gm`,
      `/api/matches/${m().matchId}/export`,
    ]) {
      const r = await api.get(path, m().tokens[who]);
      expect(r.status, path).toBe(403);
      expect(r.body.error.code).toBe('gm-only');
    }
    expect(await env.snapshot(m().matchId)).toBe(before);
  });

  it("another player's stored action cannot be withdrawn, read or replaced", async () => {
    const before = await env.settled(m().matchId);
    const who = table.onlookers[0]!;
    // The onlooker names the holder's slot: he only ever addresses his own (nothing there).
    const r = await api.del(`/api/matches/${m().matchId}/me/actions/${table.slot}`, m().tokens[who]);
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('nothing-to-withdraw');
    if (table.intrusion) {
      const tried = await api.post(`/api/matches/${m().matchId}/me/actions`, table.intrusion, m().tokens[who]);
      expect(tried.status, JSON.stringify(tried.body)).toBeGreaterThanOrEqual(400);
    }
    expect((await me(who)).submitted).toEqual([]);
    expect(await env.snapshot(m().matchId)).toBe(before);
  });

  it('a private channel is read and written by its members only; nothing is stored for the others', async () => {
    const before = await env.settled(m().matchId);
    // Kill Game has no channels: a team's name is no channel either.
    const channel = table.channel?.id ?? 'team-1';
    const members = table.channel?.members ?? [];
    for (const { id } of table.seats.filter((s) => !members.includes(s.id))) {
      const read = await api.get(`/api/matches/${m().matchId}/channels/${channel}/messages`, m().tokens[id]);
      expect(read.status).toBe(403);
      expect(read.body.error.code).toBe('channel-forbidden');
      const post = await api.post(`/api/matches/${m().matchId}/channels/${channel}/messages`, { text: 'let me in' }, m().tokens[id]);
      expect(post.status).toBe(403);
    }
    expect(await env.snapshot(m().matchId)).toBe(before);
    for (const id of members) {
      const read = await api.get(`/api/matches/${m().matchId}/channels/${channel}/messages`, m().tokens[id]);
      expect(read.body.messages.map((e: { text: string }) => e.text)).toEqual(['our secret plan']);
    }
  });

  it('the public record (API and every published file) holds no secret: no token hash, seed, pending action, private event or hidden fact', async () => {
    const gm = (await api.get(`/api/matches/${m().matchId}/gm`, m().gm)).body;
    const reads: Record<string, unknown> = {
      summary: (await api.get(`/api/matches/${m().matchId}`)).body,
      list: (await api.get('/api/matches')).body,
      votes: (await api.get(`/api/matches/${m().matchId}/votes`)).body,
      ...Object.fromEntries(
        Object.entries(publishedFiles()).filter(
          ([k]) => k.startsWith(`matches/${m().matchId}/`) || /^matches\/index(-\d+)?\.json$/.test(k),
        ),
      ),
    };
    expect(Object.keys(reads).some((k) => k.startsWith(`matches/${m().matchId}/phases/`))).toBe(true);
    for (const [where, read] of Object.entries(reads)) {
      const text = typeof read === 'string' ? read : JSON.stringify(read);
      expect(text, where).not.toContain('tokenHash');
      expect(text, where).not.toContain(gm.seed);
      for (const kind of table.privateKinds) expect(text, `${where} holds ${kind}`).not.toContain(`"${kind}"`);
      for (const mark of table.secretMarks) expect(text, `${where} holds ${mark}`).not.toMatch(mark);
      expect(text, where).not.toContain('our secret plan');
      expect(text, where).not.toMatch(/"pending"|"submitted"/);
    }
  });
});

describe('the published folder', () => {
  it('no file outside it is served, however the path is spelled', async () => {
    const m = matches.get('lupus')!;
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
