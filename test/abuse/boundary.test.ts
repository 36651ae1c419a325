// Issue 41: every schema at the boundary is strict. Each route gets its documented body with one unknown
// key, with one field of the wrong type, and with one text emptied: a 400 that names the key, and no
// stored change (the match's items and files, and the public list, read before and after).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSeven, type Api, type SevenMatch } from '../integration/lupus-table.js';
import { client } from '../setup/stack.js';
import { snapshotStack, type Snapshotting } from './helpers.js';

let env: Snapshotting;
let api: Api;
let m: SevenMatch;
let record: any;

beforeAll(async () => {
  env = await snapshotStack();
  api = client(env.stack.url);
  m = await startSeven(api, {}, 'boundary');
  record = (await api.get(`/api/matches/${m.matchId}/export`, m.gm)).body;
});
afterAll(async () => env?.stack.stop());

async function send(method: string, path: string, body: unknown, token?: string) {
  const r = await fetch(`${env.stack.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: await r.json() };
}

interface Case {
  route: string;
  method: string;
  path: () => string;
  token?: () => string;
  body: () => Record<string, unknown>;
  /** A field set to a value of the wrong type. */
  wrong: [string, unknown];
  /** A text field emptied, where the body has one. */
  text?: string;
}

const base = () => `/api/matches/${m.matchId}`;
const subscription = {
  endpoint: 'https://push.example.com/send/abc',
  keys: { p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: Buffer.alloc(16, 1).toString('base64url') },
  lang: 'en',
};
const CASES: Case[] = [
  {
    route: 'createMatch',
    method: 'POST',
    path: () => '/api/matches',
    body: () => ({ ruleset: 'lupus', name: 'Village', settings: {} }),
    wrong: ['sandbox', 'yes'],
    text: 'name',
  },
  {
    route: 'checkSettings',
    method: 'POST',
    path: () => '/api/rulesets/lupus/settings/check',
    body: () => ({ settings: {} }),
    wrong: ['settings', 'all'],
  },
  {
    route: 'start',
    method: 'POST',
    path: () => `${base()}/start`,
    token: () => m.gm,
    body: () => ({ seed: 's' }),
    wrong: ['seed', 5],
    text: 'seed',
  },
  {
    route: 'extend',
    method: 'POST',
    path: () => `${base()}/extend`,
    token: () => m.gm,
    body: () => ({ minutes: 5 }),
    wrong: ['minutes', 'five'],
  },
  {
    route: 'resolve',
    method: 'POST',
    path: () => `${base()}/resolve`,
    token: () => m.gm,
    body: () => ({ phase: 'night-1' }),
    wrong: ['phase', 1],
    text: 'phase',
  },
  { route: 'join', method: 'POST', path: () => `${base()}/players`, body: () => ({ name: 'Zed' }), wrong: ['name', 7], text: 'name' },
  {
    route: 'changeOptions',
    method: 'PATCH',
    path: () => `${base()}/me`,
    token: () => m.tokens.anna!,
    body: () => ({ options: {} }),
    wrong: ['options', 'none'],
  },
  {
    route: 'check',
    method: 'POST',
    path: () => `${base()}/me/check`,
    token: () => m.tokens.anna!,
    body: () => ({ phase: 'night-1' }),
    wrong: ['phase', true],
    text: 'phase',
  },
  {
    route: 'postMessage',
    method: 'POST',
    path: () => `${base()}/channels/pack/messages`,
    token: () => m.tokens.bruno!,
    body: () => ({ text: 'hello', phase: 'night-1' }),
    wrong: ['text', 3],
    text: 'text',
  },
  {
    route: 'audit',
    method: 'POST',
    path: () => `${base()}/audit`,
    token: () => m.gm,
    body: () => ({ phase: 'night-1' }),
    wrong: ['phase', 2],
    text: 'phase',
  },
  {
    route: 'trigger',
    method: 'POST',
    path: () => `${base()}/trigger`,
    token: () => m.gm,
    body: () => ({ phase: 'night-1' }),
    wrong: ['phase', []],
    text: 'phase',
  },
  {
    route: 'substitute',
    method: 'POST',
    path: () => `${base()}/players/gina/substitute`,
    token: () => m.gm,
    body: () => ({ name: 'Zed' }),
    wrong: ['name', {}],
    text: 'name',
  },
  {
    route: 'rollback',
    method: 'POST',
    path: () => `${base()}/rollback`,
    token: () => m.gm,
    body: () => ({ phase: 'night-1' }),
    wrong: ['phase', 0],
    text: 'phase',
  },
  {
    route: 'end',
    method: 'POST',
    path: () => `${base()}/end`,
    token: () => m.gm,
    body: () => ({ winner: 'draw' }),
    wrong: ['winner', null],
    text: 'winner',
  },
  {
    route: 'setWebhooks',
    method: 'PUT',
    path: () => `${base()}/webhooks`,
    token: () => m.gm,
    body: () => ({ urls: ['https://hooks.example.com/a'], remindBeforeMinutes: 0 }),
    wrong: ['remindBeforeMinutes', '0'],
  },
  {
    route: 'subscribe',
    method: 'POST',
    path: () => `${base()}/push`,
    token: () => m.tokens.anna!,
    body: () => ({ ...subscription }),
    wrong: ['lang', 1],
    text: 'endpoint',
  },
  {
    route: 'unsubscribe',
    method: 'DELETE',
    path: () => `${base()}/push`,
    token: () => m.tokens.anna!,
    body: () => ({ endpoint: subscription.endpoint }),
    wrong: ['endpoint', 1],
    text: 'endpoint',
  },
  { route: 'importMatch', method: 'POST', path: () => '/api/matches/import', body: () => structuredClone(record), wrong: ['noShows', []] },
];

describe('every route refuses an unknown key, a wrong type and an empty text, naming the key (issue 41)', () => {
  it.each(CASES.map((c) => [c.route, c] as const))('%s', async (_route, c) => {
    const before = await env.settled(m.matchId);
    const listed = JSON.stringify((await api.get('/api/matches')).body.matches);
    const bodies: Array<[string, Record<string, unknown>]> = [
      ['zzz-unknown', { ...c.body(), 'zzz-unknown': 1 }],
      [c.wrong[0], { ...c.body(), [c.wrong[0]]: c.wrong[1] }],
      ...(c.text ? [[c.text, { ...c.body(), [c.text]: '' }] as [string, Record<string, unknown>]] : []),
    ];
    for (const [key, body] of bodies) {
      const r = await send(c.method, c.path(), body, c.token?.());
      expect(r.status, `${c.route} ${key}: ${JSON.stringify(r.body)}`).toBe(400);
      expect(r.body.error.code).toBe('invalid-body');
      expect(r.body.error.params, `${c.route} ${key}`).toEqual({ field: key });
      expect(r.body.error.message).toContain(key);
    }
    expect(await env.snapshot(m.matchId)).toBe(before);
    expect(JSON.stringify((await api.get('/api/matches')).body.matches)).toBe(listed);
  });
});
