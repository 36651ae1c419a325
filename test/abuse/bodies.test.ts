// Bad bodies from the rightful caller, on every route that takes one: too large (with and without a
// length), not JSON, the wrong JSON; names and messages with markup, control characters, very long
// text and unusual Unicode. A clear 400/413 for what is refused, a byte-exact round trip for what is
// accepted (markup stays text), and nothing else changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSeven, type SevenMatch } from '../integration/lupus-table.js';
import { client, effectsSettled } from '../setup/stack.js';
import { documentedRoutes, fill, snapshotStack, type Route, type Snapshotting } from './helpers.js';

let env: Snapshotting;
let api: ReturnType<typeof client>;
let m: SevenMatch;
let routes: Route[];

beforeAll(async () => {
  env = await snapshotStack();
  api = client(env.stack.url);
  m = await startSeven(api, {}, 'bodies');
  await api.post(`/api/matches/${m.matchId}/me/actions`, { type: 'investigate', target: 'bruno' }, m.tokens.anna);
  routes = (await documentedRoutes(env.stack.url)).filter((r) => r.hasBody);
});
afterAll(async () => env?.stack.stop());

const tokenFor = (route: Route) => (route.auth === 'gm' ? m.gm : route.auth === 'player' ? m.tokens.anna : undefined);
const call = (route: Route, body: BodyInit, headers: Record<string, string> = {}) =>
  fetch(`${env.stack.url}${fill(route.path, { id: m.matchId })}`, {
    method: route.method.toUpperCase(),
    headers: { 'content-type': 'application/json', ...(tokenFor(route) ? { authorization: `Bearer ${tokenFor(route)}` } : {}), ...headers },
    body,
    ...(typeof body === 'object' && body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit).then(async (r) => ({
    status: r.status,
    body: (await r.json().catch(() => null)) as { error?: { code: string } } | null,
  }));

describe('bad bodies on every route that takes one', () => {
  it('too large: 413 body-too-large, with a length or streamed without one', async () => {
    const before = await env.settled(m.matchId);
    const big = JSON.stringify({ text: 'x'.repeat(70 * 1024), name: 'x', phase: 'night-1', type: 'investigate' });
    const failures: string[] = [];
    for (const route of routes) {
      const sized = await call(route, big);
      if (sized.status !== 413 || sized.body?.error?.code !== 'body-too-large')
        failures.push(`${route.method} ${route.path}: ${sized.status}`);
    }
    // Chunked, no Content-Length: the limit holds while reading.
    const route = routes.find((r) => r.path.endsWith('/me/actions'))!;
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 80; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1024)));
        controller.close();
      },
    });
    const chunked = await call(route, stream);
    expect(chunked.status).toBe(413);
    expect(failures).toEqual([]);
    expect(await env.snapshot(m.matchId)).toBe(before);
  });

  it('not JSON, or JSON of the wrong shape: 400 invalid-body', async () => {
    const before = await env.settled(m.matchId);
    const bad = ['{"type": ', 'not json', '[]', 'null', '"text"', '42', 'true', '{"type":{"$ne":null}}', '\u0000', '{"a":1}{"b":2}'];
    const failures: string[] = [];
    for (const route of routes.filter((r) => !r.path.endsWith('/import'))) {
      for (const body of bad) {
        const r = await call(route, body);
        // A route whose every field is optional may read `{"type":{"$ne":null}}` as "nothing asked": it must still not be a 5xx.
        const ok = r.status === 400 && r.body?.error?.code === 'invalid-body';
        const harmless = body.startsWith('{"type"') && r.status < 500 && !route.path.endsWith('/me/actions');
        if (!ok && !harmless) failures.push(`${route.method} ${route.path} ${JSON.stringify(body)}: ${r.status} ${JSON.stringify(r.body)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await env.snapshot(m.matchId)).toBe(before);
  });

  it('an action with fields it does not take (deeply nested, huge) is refused, and nothing is stored (issue 41)', async () => {
    let deep = '1';
    for (let i = 0; i < 5000; i++) deep = `[${deep}]`;
    const route = routes.find((r) => r.path.endsWith('/me/actions'))!;
    const before = await env.settled(m.matchId);
    for (const body of [
      `{"type":"investigate","target":"carla","junk":${deep}}`,
      `{"type":"investigate","target":"carla","more":"${'y'.repeat(30_000)}"}`,
    ]) {
      const r = await call(route, body);
      expect(r.status).toBe(400);
      expect(['invalid-body', 'unknown-field']).toContain(r.body?.error?.code);
    }
    expect(await env.snapshot(m.matchId)).toBe(before);
    const gm = (await api.get(`/api/matches/${m.matchId}/gm`, m.gm)).body;
    for (const p of gm.pending) expect(Object.keys(p.action).sort()).toEqual(['target', 'type']);
  });
});

/** Texts a person may type that must be kept exactly, markup included (it is data, rendered as text). */
const KEPT = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "Robert'); DROP TABLE matches;--",
  '{{7*7}} ${7*7}',
  'Zoë Ångström',
  'שלום עולם',
  'مرحبا',
  '日本語の名前',
  '👩‍👩‍👧‍👦 family',
  'e\u0301 (combining)',
  '𝕏 astral',
];

/** Texts that are refused: control characters, direction overrides, broken UTF-16, nothing visible. */
const REFUSED = [
  'bell\u0007',
  'nul\u0000',
  'escape\u001b[31mred',
  'delete\u007f',
  'override\u202eevil',
  'isolate\u2066x\u2069',
  'lone \ud800 surrogate',
  'lone \udc00 low',
  '   ',
  '\u200b\u200b',
];

describe('names and messages', () => {
  // Decision 10: a player's name is kept as typed once NFC-normalized (a combining accent becomes
  // one character), and refused `invalid-name` when it holds a format character, even the zero-width
  // joiner that glues an emoji family together (messages keep it: decision 10 is about names).
  const ZWJ_FAMILY = '👩\u200d👩\u200d👧\u200d👦 family';
  const KEPT_NAMES = KEPT.filter((n) => n !== ZWJ_FAMILY);
  it('player names (decision 10): kept as typed once NFC-normalized, refused 400 invalid-name when invisible or format characters are in them, bounded at 40', async () => {
    expect(KEPT).toContain(ZWJ_FAMILY);
    const created = await api.post('/api/matches', { ruleset: 'lupus', name: 'names' });
    const id = created.body.matchId as string;
    for (const name of KEPT_NAMES) {
      const r = await api.post(`/api/matches/${id}/players`, { name: name.slice(0, 40) });
      expect(r.status, name).toBe(201);
    }
    const stored = KEPT_NAMES.map((n) => n.slice(0, 40).normalize('NFC'));
    expect(stored).toContain('\u00e9 (combining)');
    const summary = (await api.get(`/api/matches/${id}`)).body;
    expect(summary.players.map((p: { name: string }) => p.name)).toEqual(stored);
    await effectsSettled(env.stack);
    const published = (await api.get(`/matches/${id}/index.json`)).body;
    expect(published.players.map((p: { name: string }) => p.name)).toEqual(stored);
    const before = await env.settled(id);
    for (const name of [...REFUSED, ZWJ_FAMILY, 'x'.repeat(41)]) {
      const r = await api.post(`/api/matches/${id}/players`, { name });
      expect(r.status, JSON.stringify(name)).toBe(400);
      expect(r.body.error.code, JSON.stringify(name)).toBe('invalid-name');
    }
    expect(await env.snapshot(id)).toBe(before);
    expect((await api.post(`/api/matches/${id}/players`, { name: 'y'.repeat(40) })).status).toBe(201);
  });

  it('match names: the same rules, bounded at 80', async () => {
    for (const name of REFUSED) {
      const r = await api.post('/api/matches', { ruleset: 'lupus', name });
      expect(r.status, JSON.stringify(name)).toBe(400);
    }
    expect((await api.post('/api/matches', { ruleset: 'lupus', name: 'z'.repeat(81) })).status).toBe(400);
    const ok = await api.post('/api/matches', { ruleset: 'lupus', name: KEPT[0] });
    expect((await api.get(`/api/matches/${ok.body.matchId}`)).body.name).toBe(KEPT[0]);
  });

  it('messages: kept byte for byte (also in the published file), refused otherwise, bounded at 2000', async () => {
    const before = await env.settled(m.matchId);
    for (const text of [...REFUSED.filter((t) => t.trim() !== '' && !/^\u200b+$/.test(t)), 'm'.repeat(2001)]) {
      const r = await api.post(`/api/matches/${m.matchId}/channels/public/messages`, { text }, m.tokens.carla);
      expect(r.status, JSON.stringify(text)).toBe(400);
    }
    expect(await env.snapshot(m.matchId)).toBe(before);
    for (const text of [...KEPT, 'm'.repeat(2000)]) {
      expect((await api.post(`/api/matches/${m.matchId}/channels/public/messages`, { text }, m.tokens.carla)).status).toBe(201);
    }
    const read = (await api.get(`/api/matches/${m.matchId}/channels/public/messages`, m.tokens.dario)).body;
    expect(read.messages.map((e: { text: string }) => e.text)).toEqual([...KEPT, 'm'.repeat(2000)]);
    await api.post(`/api/matches/${m.matchId}/resolve`, { phase: 'night-1' }, m.gm);
    // The phase's file is the stream consumer's to write (issue 47, decision 11).
    await effectsSettled(env.stack);
    const file = await fetch(`${env.stack.url}/matches/${m.matchId}/phases/night-1.json`);
    expect(file.headers.get('content-type')).toContain('json');
    const texts = ((await file.json()) as { events: Array<{ kind: string; text?: string }> }).events
      .filter((e) => e.kind === 'message')
      .map((e) => e.text);
    expect(texts).toEqual([...KEPT, 'm'.repeat(2000)]);
  });
});
