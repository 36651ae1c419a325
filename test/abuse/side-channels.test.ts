// Side channels that leaked hidden roles in other game servers, one test each, in every ruleset
// (issue 13): nothing public (API answers, published files, what an uninvolved player sees, errors,
// deadlines) may depend on hidden state. Each test plays two matches that differ only in something
// hidden and compares everything public about them, byte for byte once the match id is set aside.
import { beforeAll, describe, expect, it } from 'vitest';
import { seal, unseal } from '../../functions/service/cursor-seal.js';
import { resolvePhase } from '../../functions/service/resolve.js';
import { handClock } from '../setup/clock.js';
import { effectsSettled, useStack } from '../setup/stack.js';
import { seats, type LupusSeat } from '../support/lupus-seats.js';
import { documentedRoutes, fill, type Route } from './helpers.js';
import { closePhase, openSecretPhase, RULESETS, startSecret, type SecretTable } from './secret-tables.js';

/** A hand-driven clock: two matches started at the same instant have the same deadlines. */
const clock = handClock(Date.parse('2031-03-01T12:00:00Z'));

let publicGets: Route[];

const { stack, api } = useStack({ clock, sweepEveryMs: 3_600_000 });
beforeAll(async () => {
  publicGets = (await documentedRoutes(stack.url)).filter((r) => r.auth === 'none' && r.method === 'get' && r.path.includes('{id}'));
});

interface Table {
  matchId: string;
  gm: string;
  tokens: Record<string, string>;
}

const CLASSIC = seats(
  'anna:veggente-gufato bruno:lupo-mannaro carla:zucca-semplice dario:bambina elena:lupo-segugio fabio gina:zucca-semplice',
);

/** A sandbox Lupus match with fixed seats and roles, started at the clock's instant. */
async function table(seats: LupusSeat[], settings: Record<string, unknown> = {}, seed = 'side'): Promise<Table> {
  const created = await api.post('/api/matches', {
    ruleset: 'lupus',
    name: 'Side channels',
    sandbox: true,
    // The table of roles is public: it is given sorted, so that it says nothing about the seats.
    settings: { 'player-count': seats.length, roles: seats.map((s) => s.role).sort(), 'tie-rule': 'no-lynch', ...settings },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const { matchId, gmToken } = created.body;
  const tokens: Record<string, string> = {};
  for (const s of seats) {
    const joined = await api.post(`/api/matches/${matchId}/players`, { name: s.id[0]!.toUpperCase() + s.id.slice(1), playerId: s.id });
    tokens[s.id] = joined.body.token;
  }
  const players = Object.fromEntries(seats.map((s) => [s.id, { role: s.role }]));
  const started = await api.post(`/api/matches/${matchId}/start`, { seed, dice: 'natural', players }, gmToken);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return { matchId, gm: gmToken, tokens };
}

const act = async (t: Table, who: string, body: object, status = 201) => {
  const r = await api.post(`/api/matches/${t.matchId}/me/actions`, body, t.tokens[who]);
  expect(r.status, `${who} ${JSON.stringify(body)}: ${JSON.stringify(r.body)}`).toBe(status);
};
const resolve = async (t: Table, phase: string) => {
  const r = await api.post(`/api/matches/${t.matchId}/resolve`, { phase }, t.gm);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
};

/**
 * Everything public about a match: every public GET route of the API, every published file, and
 * what the given uninvolved players see of it (their /me), with the match id set aside.
 */
async function publicRecord(t: Table, onlookers: string[]): Promise<string> {
  // The published files follow the commits through the stream's consumer (issue 47, decision 11).
  await effectsSettled(stack);
  const reads: Record<string, unknown> = {};
  for (const route of publicGets) {
    const r = await api.get(fill(route.path, { id: t.matchId }));
    reads[route.path] = [r.status, r.body];
  }
  const list = (await api.get('/api/matches')).body.matches.find((x: { id: string }) => x.id === t.matchId);
  reads['/api/matches entry'] = list;
  const index = await api.get(`/matches/${t.matchId}/index.json`);
  reads['index.json'] = index.body;
  for (const phase of index.body.phases as string[]) {
    const file = await api.get(`/matches/${t.matchId}/phases/${phase}.json`);
    reads[`phases/${phase}.json`] = [file.status, file.body];
  }
  for (const who of onlookers) reads[`/me of ${who}`] = (await api.get(`/api/matches/${t.matchId}/me`, t.tokens[who])).body;
  return JSON.stringify(await withCursorsSetAside(t.matchId, reads)).replaceAll(t.matchId, 'MATCH');
}

/**
 * Event cursors are sealed to their match (decision 6, cursor-seal.ts), so two matches' tokens differ
 * like their ids do. Each is set aside as the match id is, keeping what a reader can compare: that
 * it is a cursor of this match, of the one fixed length, and which of the record's cursors are equal.
 */
async function withCursorsSetAside(matchId: string, reads: unknown): Promise<unknown> {
  const key = await stack.ports.store.cursorKey();
  const length = seal(key, matchId, { epoch: 0, at: { n: 1, k: 0 } }).length;
  const labels = new Map<string, string>();
  const label = (token: string) => {
    expect(unseal(key, matchId, token), `${token} is a cursor of this match`).not.toBeNull();
    expect(token.length, `${token} has the one length of every cursor`).toBe(length);
    if (!labels.has(token)) labels.set(token, `CURSOR-${labels.size + 1}`);
    return labels.get(token)!;
  };
  const walk = (value: unknown, parent?: string): unknown => {
    if (Array.isArray(value)) return value.map((v) => walk(v));
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        parent === 'cursor' && (k === 'next' || k === 'before') && typeof v === 'string' ? label(v) : walk(v, k),
      ]),
    );
  };
  return walk(reads);
}

describe('side channels in Lupus: the night steps', () => {
  // LUP-6.7 "announced together": with splatter off, night-step order would name the wolf
  // (holy water at step 8 before the maul at step 10); dawn deaths come in seat order instead.
  it('simultaneous deaths are announced in seat order, never in the order of the night steps (which would name the cause)', async () => {
    // Splatter off: both night deaths read cause "night". Holy water (step 8) kills the wolf Elena,
    // the maul (step 10) kills Vera; announcing them in step order would say which one was the wolf.
    const seated = seats('vera:zucca-semplice anna:parroco bruno:lupo-mannaro carla dario fabio:zucca-semplice elena:lupo-mannaro');
    const t = await table(seated, { splatter: false });
    await resolve(t, 'night-1');
    await resolve(t, 'day-1');
    await act(t, 'anna', { type: 'bless', target: 'elena' });
    await act(t, 'bruno', { type: 'maul', target: 'vera', mauler: 'bruno' });
    await resolve(t, 'night-2');
    await effectsSettled(stack);
    const file = (await api.get(`/matches/${t.matchId}/phases/night-2.json`)).body;
    const deaths = file.events.filter((e: { kind: string }) => e.kind === 'death');
    expect(deaths.map((e: { cause: string }) => e.cause)).toEqual(['night', 'night']);
    const order = seated.map((s) => s.id);
    const announced = deaths.map((e: { player: string }) => e.player);
    expect(announced).toEqual([...announced].sort((a: string, b: string) => order.indexOf(a) - order.indexOf(b)));
  });

  it('results never follow the order or timing of submissions', async () => {
    const a = await table(CLASSIC, {}, 'order');
    const b = await table(CLASSIC, {}, 'order');
    for (const t of [a, b]) {
      await resolve(t, 'night-1');
      await resolve(t, 'day-1');
    }
    // The same final actions: in one order in A, in another (with replacements) in B.
    await act(a, 'anna', { type: 'investigate', target: 'elena' });
    await act(a, 'dario', { type: 'spy', target: 'gina' });
    await act(a, 'bruno', { type: 'maul', target: 'gina' });
    await act(b, 'bruno', { type: 'maul', target: 'carla' });
    clock.t += 1;
    await act(b, 'elena', { type: 'maul', target: 'gina', mauler: 'bruno' });
    await act(b, 'dario', { type: 'spy', target: 'gina' });
    clock.t += 1;
    await act(b, 'anna', { type: 'investigate', target: 'fabio' });
    await act(b, 'anna', { type: 'investigate', target: 'elena' });
    await resolve(a, 'night-2');
    await resolve(b, 'night-2');
    const everyone = CLASSIC.map((s) => s.id);
    expect(await publicRecord(b, everyone)).toBe(await publicRecord(a, everyone));
  });

  it("a cursor's length never counts the writes before its place, and it names the place it was sealed with", async () => {
    const key = await stack.ports.store.cursorKey();
    const places = [
      { epoch: 0, at: { n: 1, k: 0 } },
      { epoch: 0, at: { n: 10, k: 3 } },
      { epoch: 7, at: { n: 123_456_789_012_345, k: 9_999 } },
    ];
    const tokens = places.map((p) => seal(key, 'm1', p));
    expect(new Set(tokens.map((x) => x.length)).size).toBe(1);
    expect(tokens.map((x) => unseal(key, 'm1', x))).toEqual(places);
    expect(tokens.map((x) => unseal(key, 'm2', x))).toEqual([null, null, null]);
  });
});

describe.each(RULESETS)('side channels in $ruleset', (table: SecretTable) => {
  const start = async (seed: string, options: { swapped?: boolean; settings?: Record<string, unknown> } = {}) => {
    const t = await startSecret(api, table, { seed, name: 'Side channels', ...options });
    await openSecretPhase(api, table, t);
    return t;
  };
  const final = table.acts.at(-1)!;
  const everyone = table.seats.map((s) => s.id);
  /** What `readers` see of two matches is the same while the phase is open and once both have closed it. */
  const alikeThroughClose = async (a: Table, b: Table, readers: string[]) => {
    expect(await publicRecord(b, readers)).toBe(await publicRecord(a, readers));
    await closePhase(api, a);
    await closePhase(api, b);
    expect(await publicRecord(b, readers)).toBe(await publicRecord(a, readers));
  };

  it('results never follow the order or timing of submissions', async () => {
    const a = await start('order');
    const b = await start('order');
    // The same final action: sent once in A, reached through replacements sent over time in B.
    await act(a, table.holder, final);
    for (const action of table.acts) {
      clock.t += 1;
      await act(b, table.holder, action);
    }
    await closePhase(api, a);
    await closePhase(api, b);
    expect(await publicRecord(b, everyone)).toBe(await publicRecord(a, everyone));
  });

  it('nothing public shows who acted in secret', async () => {
    const acted = await start('who');
    const idle = await start('who');
    await act(acted, table.holder, final);
    await alikeThroughClose(acted, idle, table.onlookers);
  });

  it('nothing public shows how many secret actions were sent (nor a withdrawal)', async () => {
    const once = await start('count');
    const often = await start('count');
    await act(once, table.holder, final);
    for (const action of table.acts) await act(often, table.holder, action);
    expect((await api.del(`/api/matches/${often.matchId}/me/actions/${table.slot}`, often.tokens[table.holder])).status).toBe(200);
    await act(often, table.holder, final);
    await alikeThroughClose(once, often, table.onlookers);
  });

  it('the early close depends only on public facts: the players, not their secrets', async () => {
    const [plain, viewer] = table.onlookers;
    const waitingForHolder = await start('early', { settings: { 'check-mode': true } });
    const waitingForPlain = await start('early', { settings: { 'check-mode': true } });
    const phaseOf = async (t: Table) => (await api.get(`/api/matches/${t.matchId}`)).body.phase as string;
    const opened = await phaseOf(waitingForHolder);
    const check = async (t: Table, who: string) => {
      const r = await api.post(`/api/matches/${t.matchId}/me/check`, {}, t.tokens[who]);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    };
    for (const p of everyone) {
      if (p !== table.holder) await check(waitingForHolder, p);
      if (p !== plain) await check(waitingForPlain, p);
    }
    // All but one checked in both: neither closed, whoever is missing (a secret holder or not).
    for (const t of [waitingForHolder, waitingForPlain]) expect(await phaseOf(t)).toBe(opened);
    expect(await publicRecord(waitingForHolder, [])).toBe(await publicRecord(waitingForPlain, []));
    await check(waitingForHolder, table.holder);
    await check(waitingForPlain, plain!);
    for (const t of [waitingForHolder, waitingForPlain]) expect(await phaseOf(t)).not.toBe(opened);
    const viewers = viewer ? [viewer] : [];
    expect(await publicRecord(waitingForHolder, viewers)).toBe(await publicRecord(waitingForPlain, viewers));
  });

  // Only a ruleset with a private channel has this test (Kill Game has none): nothing is skipped.
  const channel = table.channel;
  if (channel)
    it('a private channel’s talk changes nothing an outsider reads: the public record, his view, his cursors', async () => {
      const t = await start('talk');
      const read = async () => {
        const cursors = await Promise.all(
          table.onlookers.map(async (o) => (await api.get(`/api/matches/${t.matchId}/me`, t.tokens[o])).body.cursor),
        );
        return JSON.stringify([await publicRecord(t, table.onlookers), cursors]);
      };
      const before = await read();
      for (const text of ['one', 'two', 'three']) {
        const r = await api.post(`/api/matches/${t.matchId}/channels/${channel.id}/messages`, { text }, t.tokens[channel.members[0]!]);
        expect(r.status, JSON.stringify(r.body)).toBe(201);
      }
      expect(await read()).toBe(before);
    });

  it('errors are the same for "no such thing" and "not yours"', async () => {
    const t = await start('errors');
    await act(t, table.holder, final);
    const same = async (
      label: string,
      a: Promise<{ status: number; body: any }>,
      b: Promise<{ status: number; body: any }>,
      names: [string, string],
    ) => {
      const [ra, rb] = await Promise.all([a, b]);
      const norm = (r: { status: number; body: any }, name: string) => JSON.stringify([r.status, r.body]).replaceAll(name, 'NAME');
      expect(norm(rb, names[1]), label).toBe(norm(ra, names[0]));
      expect(ra.status, label).toBeGreaterThanOrEqual(400);
    };
    const id = t.matchId;
    const onlooker = t.tokens[table.onlookers[0]!];
    await same(
      'a token for a seat that exists vs one that does not',
      api.get(`/api/matches/${id}/me`, `${table.holder}.${'A'.repeat(43)}`),
      api.get(`/api/matches/${id}/me`, `zoe.${'A'.repeat(43)}`),
      [table.holder, 'zoe'],
    );
    if (table.channel) {
      const c = table.channel.id;
      await same(
        `reading the ${c} channel vs a channel that does not exist`,
        api.get(`/api/matches/${id}/channels/${c}/messages`, onlooker),
        api.get(`/api/matches/${id}/channels/coven/messages`, onlooker),
        [c, 'coven'],
      );
      await same(
        `writing in the ${c} channel vs a channel that does not exist`,
        api.post(`/api/matches/${id}/channels/${c}/messages`, { text: 'hi' }, onlooker),
        api.post(`/api/matches/${id}/channels/coven/messages`, { text: 'hi' }, onlooker),
        [c, 'coven'],
      );
    }
    await same(
      "withdrawing the holder's filled slot vs a slot nobody has",
      api.del(`/api/matches/${id}/me/actions/${table.slot}`, onlooker),
      api.del(`/api/matches/${id}/me/actions/dream`, onlooker),
      [table.slot, 'dream'],
    );
    await same(
      'the GM asking for a seat that exists in another match vs none',
      api.get(`/api/matches/${id}/as/zoe`, t.gm),
      api.get(`/api/matches/${id}/as/nobody`, t.gm),
      ['zoe', 'nobody'],
    );
  });

  it('the next deadline depends on the schedule, not on what was sent or how late the resolver ran', async () => {
    const busy = await start('timing');
    const quiet = await start('timing');
    for (const action of table.acts) await act(busy, table.holder, action);
    const meta = (await stack.ports.store.getMeta(busy.matchId))!;
    expect((await stack.ports.store.getMeta(quiet.matchId))!.deadline).toBe(meta.deadline);
    clock.t = meta.deadline! + 5;
    expect(await resolvePhase(stack.ports, busy.matchId, meta.phase!)).toBe('resolved');
    clock.t = meta.deadline! + 4 * 60_000; // the other trigger came four minutes late
    expect(await resolvePhase(stack.ports, quiet.matchId, meta.phase!)).toBe('resolved');
    const [a, b] = await Promise.all([api.get(`/api/matches/${busy.matchId}`), api.get(`/api/matches/${quiet.matchId}`)]);
    expect(a.body.deadline).toBeGreaterThan(clock.t);
    if (table.nextPhaseMinutes !== null) expect(a.body.deadline).toBe(meta.deadline! + table.nextPhaseMinutes * 60_000);
    expect(b.body.deadline).toBe(a.body.deadline);
    expect(await publicRecord(quiet, table.onlookers)).toBe(await publicRecord(busy, table.onlookers));
  });

  it('public lists follow the seats, never the hidden facts', async () => {
    const a = await start('seats');
    const b = await start('seats', { swapped: true });
    await alikeThroughClose(a, b, []);
  });
});
