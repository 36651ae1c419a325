// Every documented route, called with every wrong credential: missing, malformed, forged, another
// match's, the wrong kind; and with match ids that do not exist. Each gets a clear 401/403/404, and
// neither match changes by a single byte (stored items and published files).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSeven, type SevenMatch } from '../integration/lupus-table.js';
import { client } from '../setup/stack.js';
import { documentedRoutes, fill, plausibleBody, secret, snapshotStack, type Route, type Snapshotting } from './helpers.js';

let env: Snapshotting;
let api: ReturnType<typeof client>;
let a: SevenMatch;
let b: SevenMatch;
let routes: Route[];
let before: { a: string; b: string };

beforeAll(async () => {
  env = await snapshotStack();
  api = client(env.stack.url);
  [a, b] = await Promise.all([startSeven(api, {}, 'routes-a'), startSeven(api, {}, 'routes-b')]);
  // Something stored in each, so that a change would show.
  await api.post(`/api/matches/${a.matchId}/me/actions`, { type: 'investigate', target: 'bruno' }, a.tokens.anna);
  await api.post(`/api/matches/${b.matchId}/me/actions`, { type: 'investigate', target: 'elena' }, b.tokens.anna);
  routes = await documentedRoutes(env.stack.url);
  before = { a: await env.snapshot(a.matchId), b: await env.snapshot(b.matchId) };
});
afterAll(async () => env?.stack.stop());

const send = (route: Route, path: string, headers: Record<string, string>) =>
  fetch(`${env.stack.url}${path}`, {
    method: route.method.toUpperCase(),
    headers: { ...headers, ...(route.hasBody ? { 'content-type': 'application/json' } : {}) },
    ...(route.hasBody ? { body: JSON.stringify(plausibleBody(route)) } : {}),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as { error?: { code: string; message: string } } }));

describe('every protected route refuses every wrong credential', () => {
  it('covers the routes the API documents', () => {
    const protectedRoutes = routes.filter((r) => r.auth !== 'none');
    expect(protectedRoutes.length).toBeGreaterThanOrEqual(20);
    expect(protectedRoutes.map((r) => r.path)).toContain('/api/matches/{id}/audit');
  });

  it('401 for missing, malformed, forged and other matches’ tokens; 403 for the wrong kind; nothing changes', async () => {
    const wrong: Array<[string, string | null]> = [
      ['no header', null],
      ['empty bearer', 'Bearer '],
      ['not bearer', `Basic ${Buffer.from('anna:pw').toString('base64')}`],
      ['two words', `Bearer ${a.tokens.anna} extra`],
      ['short garbage', 'Bearer x'],
      ['forged, real player', `Bearer carla.${secret()}`],
      ['forged, no such player', `Bearer zed.${secret()}`],
      ['forged gm', `Bearer gm.${secret()}`],
      ['real secret, other seat', `Bearer carla.${a.tokens.anna!.split('.')[1]}`],
      ['tampered', `Bearer ${a.tokens.anna!.slice(0, -1)}${a.tokens.anna!.endsWith('A') ? 'B' : 'A'}`],
      ["other match's gm", `Bearer ${b.gm}`],
      ["other match's player (same seat id)", `Bearer ${b.tokens.anna}`],
    ];
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.auth !== 'none')) {
      const path = fill(route.path, { id: a.matchId });
      const results = await Promise.all(wrong.map(([, header]) => send(route, path, header ? { authorization: header } : {})));
      results.forEach((r, i) => {
        if (r.status !== 401 || r.body.error?.code !== 'unauthorized') {
          failures.push(`${route.method} ${route.path} with ${wrong[i]![0]}: ${r.status} ${JSON.stringify(r.body)}`);
        }
      });
      // The wrong kind of valid token: a player on a GM route, the GM on a player route.
      const other = route.auth === 'gm' ? a.tokens.anna! : a.gm;
      const kind = await send(route, path, { authorization: `Bearer ${other}` });
      const code = route.auth === 'gm' ? 'gm-only' : 'player-only';
      if (kind.status !== 403 || kind.body.error?.code !== code) {
        failures.push(`${route.method} ${route.path} with the wrong kind of token: ${kind.status} ${JSON.stringify(kind.body)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await env.snapshot(a.matchId)).toBe(before.a);
    expect(await env.snapshot(b.matchId)).toBe(before.b);
  });

  it('"no such player" and "not your token" get the same answer, byte for byte', async () => {
    const route = routes.find((r) => r.path === '/api/matches/{id}/me' && r.method === 'get')!;
    const path = fill(route.path, { id: a.matchId });
    const real = await send(route, path, { authorization: `Bearer carla.${secret()}` });
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
        const path = fill(route.path, { id }).replace(encodeURIComponent('%00'), '%00').replace(encodeURIComponent('..%2f..'), '..%2f..');
        const token = route.auth === 'player' ? a.tokens.anna! : a.gm;
        const r = await send(route, path, { authorization: `Bearer ${token}` });
        if (r.status !== 404 || r.body.error?.code !== 'not-found') failures.push(`${route.method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await env.snapshot(a.matchId)).toBe(before.a);
  });
});
