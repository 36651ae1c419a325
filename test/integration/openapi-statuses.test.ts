// Issue 18: the API contract declared once. The OpenAPI document lists the same routes as before the
// change, and every answer the local stack gives (successes and refusals, through real requests) has a
// status the document lists for that operation: 201 where a route creates, 304 where a read is cached,
// and the refusals each route can really give.
import { describe, expect, it } from 'vitest';
import { client, useStack } from '../setup/stack.js';
import { startSeven } from './lupus-table.js';
import { PacedBot } from '../../functions/telegram/bot.js';
import { fakeTelegram } from '../support/fake-telegram.js';

const { stack } = useStack();

type Operation = { responses: Record<string, unknown> };
type Document = { paths: Record<string, Record<string, Operation>>; components: { securitySchemes: Record<string, unknown> } };

/** The routes the document listed before the contract was declared once (main at d51d1ec). */
const ROUTES_BEFORE = [
  'delete /api/matches/{id}/me/actions/{slot}',
  'delete /api/matches/{id}/players/{playerId}',
  'delete /api/matches/{id}/push',
  'get /api/health',
  'get /api/matches',
  'get /api/matches/{id}',
  'get /api/matches/{id}/as/{playerId}',
  'get /api/matches/{id}/channels/{channel}/messages',
  'get /api/matches/{id}/export',
  'get /api/matches/{id}/gm',
  'get /api/matches/{id}/me',
  'get /api/matches/{id}/me/actions',
  'get /api/matches/{id}/phases/{phase}/post',
  'get /api/matches/{id}/spectate',
  'get /api/matches/{id}/votes',
  'get /api/matches/{id}/votes/post',
  'get /api/matches/{id}/webhooks',
  'get /api/push/key',
  'get /api/rulesets',
  'patch /api/matches/{id}/me',
  'patch /api/matches/{id}/settings',
  'post /api/matches',
  'post /api/matches/import',
  'post /api/matches/{id}/audit',
  'post /api/matches/{id}/channels/{channel}/messages',
  'post /api/matches/{id}/channels/{channel}/telegram-code',
  'post /api/matches/{id}/end',
  'post /api/matches/{id}/extend',
  'post /api/matches/{id}/gm/live-ticket',
  'post /api/matches/{id}/gm/telegram-code',
  'post /api/matches/{id}/live-ticket',
  'post /api/matches/{id}/me/actions',
  'post /api/matches/{id}/me/check',
  'post /api/matches/{id}/pause',
  'post /api/matches/{id}/players',
  'post /api/matches/{id}/players/{playerId}/substitute',
  'post /api/matches/{id}/push',
  'post /api/matches/{id}/replay',
  'post /api/matches/{id}/resolve',
  'post /api/matches/{id}/resume',
  'post /api/matches/{id}/rollback',
  'post /api/matches/{id}/start',
  'post /api/matches/{id}/telegram-link',
  'post /api/matches/{id}/trigger',
  'post /api/rulesets/{ruleset}/settings/check',
  'put /api/matches/{id}/webhooks',
];

const documentOf = async (): Promise<Document> => (await (await fetch(`${stack.url}/api/openapi.json`)).json()) as Document;
const operations = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`));

/** The document's operation a concrete request reached: a literal path before one with parameters. */
function operationOf(doc: Document, method: string, url: string): string | undefined {
  const path = url.split('?')[0]!;
  const templates = Object.keys(doc.paths)
    .filter((t) => doc.paths[t]![method])
    .sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0));
  const found = templates.find((t) => new RegExp(`^${t.replace(/\{\w+\}/g, '[^/]+')}$`).test(path));
  return found && `${method} ${found}`;
}

interface Answer {
  operation: string | undefined;
  status: number;
  code?: string;
}

/** A client that notes every answer with the operation it reached. */
function recording(doc: Document) {
  const api = client(stack.url);
  const answers: Answer[] = [];
  const note = (method: string, path: string, status: number, body: any) =>
    answers.push({ operation: operationOf(doc, method.toLowerCase(), path), status, code: body?.error?.code });
  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const r = await api.call(method, path, body, token);
    note(method, path, r.status, r.body);
    return r;
  };
  return {
    answers,
    note,
    call,
    get: (path: string, token?: string) => call('GET', path, undefined, token),
    post: (path: string, body?: unknown, token?: string) => call('POST', path, body ?? {}, token),
    patch: (path: string, body: unknown, token?: string) => call('PATCH', path, body, token),
    put: (path: string, body: unknown, token?: string) => call('PUT', path, body, token),
    del: (path: string, token?: string, body?: unknown) => call('DELETE', path, body, token),
  };
}

describe('issue 18: the OpenAPI document generated from the route definitions', () => {
  it('lists exactly the routes it listed before, with the gm and player bearer schemes', async () => {
    const doc = await documentOf();
    expect(operations(doc).sort()).toEqual([...ROUTES_BEFORE].sort());
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['gmToken', 'playerToken']);
  });

  it('every answer to real requests, successes and refusals, has a status the document lists for its operation', async () => {
    const doc = await documentOf();
    const api = recording(doc);
    const ok = async (r: Promise<{ status: number; body: any }>, status = 200) => {
      const answer = await r;
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      return answer.body;
    };

    // Anyone.
    await ok(api.get('/api/health'));
    await ok(api.get('/api/rulesets'));
    await ok(api.post('/api/rulesets/lupus/settings/check', { settings: { 'night-minutes': 60 } }));
    await api.post('/api/rulesets/chess/settings/check', {});
    await api.post('/api/rulesets/lupus/settings/check', '{not json');
    await api.post('/api/matches', { ruleset: 'chess', name: 'nope' });
    await ok(api.get('/api/matches'));
    await api.get('/api/matches?cursor=nonsense');
    await api.get('/api/matches/no-such-match');
    await api.get(`/api/matches/${'x'.repeat(80)}`);

    // A lobby: join, options, a seat freed; a second seat joined and refused once taken.
    const lobby = await ok(api.post('/api/matches', { ruleset: 'lupus', name: 'The lobby' }), 201);
    const seat = await ok(api.post(`/api/matches/${lobby.matchId}/players`, { name: 'Ugo' }), 201);
    await ok(api.patch(`/api/matches/${lobby.matchId}/me`, { options: {} }, seat.token));
    await api.post(`/api/matches/${lobby.matchId}/players`, { name: 'Ugo' });
    await api.post(`/api/matches/${lobby.matchId}/start`, {}, lobby.gmToken);
    await ok(api.del(`/api/matches/${lobby.matchId}/players/${seat.playerId}`, lobby.gmToken));

    // A running match of seven (the helper's create, joins and start go through the same client).
    const m = await startSeven(api, { 'check-mode': true }, 'statuses');
    const base = `/api/matches/${m.matchId}`;
    const { anna, bruno } = m.tokens;
    await ok(api.get(base));
    const tag = (await fetch(`${stack.url}${base}`)).headers.get('etag')!;
    const cached = await fetch(`${stack.url}${base}`, { headers: { 'if-none-match': tag } });
    api.note('GET', base, cached.status, null);
    expect(cached.status).toBe(304);
    await api.post(`${base}/players`, { name: 'Late' });

    // Who calls.
    await ok(api.post(`${base}/live-ticket`, {}, anna), 201);
    await ok(api.post(`${base}/gm/live-ticket`, {}, m.gm), 201);
    await api.post(`${base}/live-ticket`, {}, m.gm);
    await api.post(`${base}/gm/live-ticket`, {});
    // Telegram's codes (issue 45): refused while no bot runs, given once one does (the local Bot API server).
    await api.post(`${base}/telegram-link`, {}, anna);
    const telegram = await fakeTelegram();
    stack.ports.telegram = new PacedBot({ username: 'dusk_test_bot', token: telegram.token, baseUrl: telegram.baseUrl });
    await ok(api.post(`${base}/gm/telegram-code`, {}, m.gm), 201);
    await ok(api.post(`${base}/telegram-link`, {}, anna), 201);
    await api.post(`${base}/telegram-link`, {}, m.gm);
    await ok(api.post(`${base}/channels/pack/telegram-code`, {}, bruno), 201);
    await api.post(`${base}/channels/pack/telegram-code`, {}, anna);
    delete stack.ports.telegram;
    await telegram.close();
    await ok(api.get(`${base}/gm`, m.gm));
    await ok(api.get(`${base}/as/anna`, m.gm));
    await api.get(`${base}/gm`);
    await api.get(`${base}/gm`, anna);
    await api.get(`${base}/me`, m.gm);
    await api.get(`${base}/me`, 'not-a-token');
    await api.post(`${base}/pause`, {});
    await api.post(`${base}/me/actions`, { type: 'investigate', target: 'bruno' });
    await api.get(`${base}/gm?since=x&before=y`, m.gm);

    // A player's night.
    await ok(api.get(`${base}/me`, anna));
    await ok(api.get(`${base}/me/actions`, anna));
    await ok(api.post(`${base}/me/actions`, { type: 'investigate', target: 'bruno' }, anna), 201);
    await ok(api.del(`${base}/me/actions/investigate`, anna));
    await api.del(`${base}/me/actions/investigate`, anna);
    await api.del(`${base}/me/actions/investigate?phase=${'a'.repeat(65)}`, anna);
    await api.post(`${base}/me/actions`, { type: 'investigate', target: 'bruno', phase: 'day-9' }, anna);
    await api.post(`${base}/me/actions`, { type: 'investigate', target: 'nobody' }, anna);
    await api.post(`${base}/me/actions`, '{"type":', anna);
    await ok(api.post(`${base}/me/actions`, { type: 'investigate', target: 'bruno' }, anna), 201);
    await ok(api.post(`${base}/me/check`, {}, anna));
    await api.post(`${base}/me/check`, {}, anna);
    await ok(api.get(`${base}/channels/pack/messages`, bruno));
    await api.get(`${base}/channels/pack/messages`, anna);
    await ok(api.post(`${base}/channels/pack/messages`, { text: 'tonight' }, bruno), 201);
    await api.post(`${base}/channels/pack/messages`, { text: 'me too' }, anna);

    // The GM's lifecycle.
    await ok(api.patch(`${base}/settings`, { 'check-mode': true }, m.gm));
    await api.patch(`${base}/settings`, { 'player-count': 9 }, m.gm);
    await ok(api.post(`${base}/pause`, {}, m.gm));
    await api.post(`${base}/pause`, {}, m.gm);
    await ok(api.post(`${base}/resume`, {}, m.gm));
    await ok(api.post(`${base}/extend`, { minutes: 5 }, m.gm));
    await api.post(`${base}/extend`, { minutes: 0 }, m.gm);
    await ok(api.put(`${base}/webhooks`, { urls: [], remindBeforeMinutes: 10 }, m.gm));
    await api.put(`${base}/webhooks`, { urls: ['ftp://nowhere'], remindBeforeMinutes: 10 }, m.gm);
    await ok(api.get(`${base}/webhooks`, m.gm));
    await ok(api.get(`${base}/spectate`));
    await ok(api.get(`${base}/votes`));
    await api.get(`${base}/votes?phase=night-1`);
    await api.get(`${base}/phases/night-1/post`);
    await api.get(`${base}/votes/post`);

    // A resolution, its audit, its post, its rollback.
    await api.post(`${base}/resolve`, { phase: 'day-1' }, m.gm);
    await ok(api.post(`${base}/resolve`, { phase: 'night-1' }, m.gm));
    await ok(api.post(`${base}/trigger`, { phase: 'night-1' }, m.gm));
    await ok(api.post(`${base}/audit`, { phase: 'night-1' }, m.gm));
    await api.post(`${base}/audit`, { phase: 'day-7' }, m.gm);
    await ok(api.get(`${base}/phases/night-1/post?format=markdown&lang=it`));
    await api.get(`${base}/phases/night-1/post?format=html`);
    await ok(api.get(`${base}/votes/post?since=0`));
    await api.post(`${base}/rollback`, { phase: 'day-3' }, m.gm);
    await ok(api.post(`${base}/rollback`, { phase: 'night-1' }, m.gm));

    // The toolkit: a substitute, the record exported, imported and replayed, notifications, the end.
    await ok(api.post(`${base}/players/carla/substitute`, { name: 'Carlo' }, m.gm));
    await api.post(`${base}/players/nobody/substitute`, { name: 'Nemo' }, m.gm);
    const record = await ok(api.get(`${base}/export`, m.gm));
    await ok(api.post(`${base}/replay`, {}, m.gm));
    const imported = await ok(api.post('/api/matches/import', record), 201);
    expect(imported.identical).toBe(true);
    await api.post('/api/matches/import', { format: 'nonsense' });
    await api.post('/api/matches/import', { ...record, phases: record.phases.map((p: any) => ({ ...p, stateHash: '0'.repeat(64) })) });
    await ok(api.get('/api/push/key'));
    const device = {
      endpoint: 'https://push.example.org/send/1',
      keys: { p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: Buffer.alloc(16, 1).toString('base64url') },
    };
    await ok(api.post(`${base}/push`, device, anna), 201);
    await api.post(`${base}/push`, { endpoint: 'http://insecure.example.org' }, anna);
    await ok(api.del(`${base}/push`, anna, { endpoint: device.endpoint }));
    await api.post(`${base}/end`, { winner: 'martians' }, m.gm);
    await ok(api.post(`${base}/end`, { winner: 'draw' }, m.gm));
    await api.post(`${base}/me/actions`, { type: 'investigate', target: 'bruno' }, anna);
    await api.post(`${base}/end`, { winner: 'draw' }, m.gm);
    await api.post(`${base}/pause`, 'x'.repeat(70 * 1024), m.gm);

    const undocumented = api.answers.filter((a) => {
      if (!a.operation) return true;
      const [method, path] = a.operation.split(' ') as [string, string];
      return !(String(a.status) in doc.paths[path]![method]!.responses);
    });
    expect(undocumented).toEqual([]);
    // The requests reached every operation, and each one answered its success at least once.
    const reached = new Set(api.answers.map((a) => a.operation));
    expect(ROUTES_BEFORE.filter((op) => !reached.has(op))).toEqual([]);
    const succeeded = new Set(api.answers.filter((a) => a.status < 300).map((a) => a.operation));
    expect(ROUTES_BEFORE.filter((op) => !succeeded.has(op))).toEqual([]);
    // And the refusals were refusals of many kinds, not one status over and over.
    expect(new Set(api.answers.filter((a) => a.status >= 400).map((a) => a.status))).toEqual(new Set([400, 401, 403, 404, 409, 413]));
  });
});
