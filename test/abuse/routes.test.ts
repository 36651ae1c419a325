// Every documented route, called with every wrong credential: missing, malformed, forged, another
// match's, the wrong kind; and with match ids that do not exist. Each gets a clear 401/403/404, and
// neither match changes by a single byte (stored items and published files). In every ruleset
// (issue 13), with its own seats, slots and channels in the paths.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../setup/stack.js';
import { documentedRoutes, fill, plausibleBody, secret, snapshotStack, type Route, type Snapshotting } from './helpers.js';
import { openSecretPhase, RULESETS, startSecret, type SecretTable, type Table } from './secret-tables.js';

let env: Snapshotting;
let api: ReturnType<typeof client>;
let routes: Route[];

beforeAll(async () => {
  env = await snapshotStack();
  api = client(env.stack.url);
  routes = await documentedRoutes(env.stack.url);
});
afterAll(async () => env?.stack.stop());

const send = (route: Route, path: string, headers: Record<string, string>) =>
  fetch(`${env.stack.url}${path}`, {
    method: route.method.toUpperCase(),
    headers: { ...headers, ...(route.hasBody ? { 'content-type': 'application/json' } : {}) },
    ...(route.hasBody ? { body: JSON.stringify(plausibleBody(route)) } : {}),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as { error?: { code: string; message: string } } }));

describe('the documented routes', () => {
  it('cover the protected routes of the API', () => {
    const protectedRoutes = routes.filter((r) => r.auth !== 'none');
    expect(protectedRoutes.length).toBeGreaterThanOrEqual(20);
    expect(protectedRoutes.map((r) => r.path)).toContain('/api/matches/{id}/audit');
  });
});

describe.each(RULESETS)('$ruleset: every protected route refuses every wrong credential', (table: SecretTable) => {
  let a: Table;
  let b: Table;
  let before: { a: string; b: string };
  const holder = table.holder;
  const params = (id: string) => ({
    id,
    ruleset: table.ruleset,
    playerId: table.onlookers[0],
    slot: table.slot,
    channel: table.channel?.id ?? 'public',
  });

  beforeAll(async () => {
    [a, b] = await Promise.all([startSecret(api, table, { seed: 'routes-a' }), startSecret(api, table, { seed: 'routes-b' })]);
    // Something secret stored in each, so that a change would show.
    for (const [t, action] of [
      [a, table.acts.at(-1)],
      [b, table.acts[0]],
    ] as const) {
      await openSecretPhase(api, table, t);
      const r = await api.post(`/api/matches/${t.matchId}/me/actions`, action, t.tokens[holder]);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    before = { a: await env.settled(a.matchId), b: await env.settled(b.matchId) };
  });

  it('401 for missing, malformed, forged and other matches’ tokens; 403 for the wrong kind; nothing changes', async () => {
    const wrong: Array<[string, string | null]> = [
      ['no header', null],
      ['empty bearer', 'Bearer '],
      ['not bearer', `Basic ${Buffer.from('anna:pw').toString('base64')}`],
      ['two words', `Bearer ${a.tokens[holder]} extra`],
      ['short garbage', 'Bearer x'],
      ['forged, real player', `Bearer ${table.onlookers[0]}.${secret()}`],
      ['forged, no such player', `Bearer zed.${secret()}`],
      ['forged gm', `Bearer gm.${secret()}`],
      ['real secret, other seat', `Bearer ${table.onlookers[0]}.${a.tokens[holder]!.split('.')[1]}`],
      ['tampered', `Bearer ${a.tokens[holder]!.slice(0, -1)}${a.tokens[holder]!.endsWith('A') ? 'B' : 'A'}`],
      ["other match's gm", `Bearer ${b.gm}`],
      ["other match's player (same seat id)", `Bearer ${b.tokens[holder]}`],
    ];
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.auth !== 'none')) {
      const path = fill(route.path, params(a.matchId));
      const results = await Promise.all(wrong.map(([, header]) => send(route, path, header ? { authorization: header } : {})));
      results.forEach((r, i) => {
        if (r.status !== 401 || r.body.error?.code !== 'unauthorized') {
          failures.push(`${route.method} ${route.path} with ${wrong[i]![0]}: ${r.status} ${JSON.stringify(r.body)}`);
        }
      });
      // The wrong kind of valid token: a player on a GM route, the GM on a player route.
      const other = route.auth === 'gm' ? a.tokens[holder]! : a.gm;
      const kind = await send(route, path, { authorization: `Bearer ${other}` });
      const code = route.auth === 'gm' ? 'gm-only' : 'player-only';
      if (kind.status !== 403 || kind.body.error?.code !== code) {
        failures.push(`${route.method} ${route.path} with the wrong kind of token: ${kind.status} ${JSON.stringify(kind.body)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(JSON.parse(await env.snapshot(a.matchId))).toEqual(JSON.parse(before.a));
    expect(JSON.parse(await env.snapshot(b.matchId))).toEqual(JSON.parse(before.b));
  });

  it('"no such player" and "not your token" get the same answer, byte for byte', async () => {
    const route = routes.find((r) => r.path === '/api/matches/{id}/me' && r.method === 'get')!;
    const path = fill(route.path, params(a.matchId));
    const real = await send(route, path, { authorization: `Bearer ${table.onlookers[0]}.${secret()}` });
    const ghost = await send(route, path, { authorization: `Bearer nobody-here.${secret()}` });
    const gm = await send(route, path, { authorization: `Bearer gm.${secret()}` });
    expect(ghost).toEqual(real);
    expect(gm).toEqual(real);
  });

  it('unknown, malformed and oversized match ids are 404 on every route, with any token', async () => {
    const ids = ['no-such-match', 'NoSuchMatch', 'a'.repeat(65), 'x y', 'ü', '%00', '..%2f..'];
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.path.includes('{id}'))) {
      for (const id of ids) {
        const path = fill(route.path, params(id))
          .replace(encodeURIComponent('%00'), '%00')
          .replace(encodeURIComponent('..%2f..'), '..%2f..');
        const token = route.auth === 'player' ? a.tokens[holder]! : a.gm;
        const r = await send(route, path, { authorization: `Bearer ${token}` });
        if (r.status !== 404 || r.body.error?.code !== 'not-found')
          failures.push(`${route.method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(JSON.parse(await env.snapshot(a.matchId))).toEqual(JSON.parse(before.a));
  });
});
