// The API's edges, through the real local server over HTTP: overlong path ids are 404 (never 500),
// unknown /api routes answer JSON 404 (not the page), a 10 MB body gets a readable 413; and one
// address creating 120 matches is cut off after its hourly allowance while every other lobby stays listed.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../functions/local/stack.js';
import { client, testStack } from '../setup/stack.js';

const CREATE_PER_HOUR = 10;
let stack: LocalStack;
let port: number;

beforeAll(async () => {
  stack = await testStack({ createPerHour: CREATE_PER_HOUR, webDir: 'web/public' });
  port = Number(new URL(stack.url).port);
});
afterAll(async () => stack?.stop());

/** One raw HTTP request from a chosen loopback address; the body is sent whole, with its length. */
function send(method: string, path: string, options: { body?: Buffer | string; from?: string } = {}) {
  const body = options.body === undefined ? undefined : Buffer.from(options.body);
  return new Promise<{ status: number; type: string; text: string }>((done, fail) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        localAddress: options.from ?? '127.0.0.1',
        headers: body ? { 'content-type': 'application/json', 'content-length': body.length } : {},
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => done({ status: res.statusCode!, type: String(res.headers['content-type'] ?? ''), text }));
      },
    );
    req.on('error', fail);
    if (body) req.write(body);
    req.end();
  });
}

const code = (text: string) => (JSON.parse(text) as { error: { code: string } }).error.code;

describe('edges of the API over HTTP (issue 13 item 7)', () => {
  it('path ids of thousands of characters: 404 not-found on every kind of parameter, never 500', async () => {
    const long = 'a'.repeat(5000);
    const paths = [
      `/api/matches/${long}`,
      `/api/matches/${long}/me`,
      `/api/matches/abc/as/${long}`,
      `/api/matches/abc/channels/${long}/messages`,
      `/api/matches/abc/me/actions/${long}`,
      `/api/matches/abc/players/${long}/substitute`,
    ];
    for (const path of paths) {
      const r = await send(path.endsWith('/substitute') ? 'POST' : 'GET', path);
      expect(r.status, path.slice(0, 60)).toBe(404);
      expect(code(r.text)).toBe('not-found');
    }
  });

  it('unknown /api routes answer JSON 404, while other paths still get the page', async () => {
    for (const [method, path] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/matches/abc/nonsense'],
      ['GET', '/api/'],
      ['DELETE', '/api/health/x'],
    ]) {
      const r = await send(method!, path!);
      expect(r.status, path).toBe(404);
      expect(r.type).toContain('application/json');
      expect(code(r.text)).toBe('not-found');
    }
    const page = await send('GET', '/some/page/path');
    expect(page.status).toBe(200);
    expect(page.type).toContain('text/html');
  });

  it('a 10 MB body: 413 body-too-large with the error body, and the server goes on', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024, 'x');
    for (const path of ['/api/matches', '/api/matches/import', '/api/matches/abc/me/actions']) {
      const r = await send('POST', path, { body: big });
      expect(r.status, path).toBe(413);
      expect(code(r.text)).toBe('body-too-large');
    }
    expect((await send('GET', '/api/health')).status).toBe(200);
  });

  it('120 anonymous creates from one address: 429 create-limited after the limit; every other lobby stays listed', async () => {
    const api = client(stack.url);
    const others: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await send('POST', '/api/matches', {
        from: `127.0.0.${20 + i}`,
        body: JSON.stringify({ ruleset: 'lupus', name: `Honest ${i}` }),
      });
      expect(r.status).toBe(201);
      others.push(JSON.parse(r.text).matchId);
    }
    const answers = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        send('POST', '/api/matches', { from: '127.0.0.9', body: JSON.stringify({ ruleset: 'lupus', name: `Flood ${i}` }) }),
      ),
    );
    const created = answers.filter((r) => r.status === 201);
    const refused = answers.filter((r) => r.status === 429);
    expect(created.length).toBe(CREATE_PER_HOUR);
    expect(refused.length).toBe(120 - CREATE_PER_HOUR);
    for (const r of refused) expect(code(r.text)).toBe('create-limited');
    // Another address still creates.
    expect(
      (await send('POST', '/api/matches', { from: '127.0.0.30', body: JSON.stringify({ ruleset: 'lupus', name: 'Late' }) })).status,
    ).toBe(201);

    // Every lobby is reachable through the pages of the list, and the published index's pages.
    const seen: Array<{ id: string; createdAt: number; players: number }> = [];
    let cursor: string | null = null;
    do {
      const page: { body: { matches: typeof seen; next: string | null } } = await api.get(
        `/api/matches${cursor ? `?cursor=${cursor}` : ''}`,
      );
      seen.push(...page.body.matches);
      cursor = page.body.next;
    } while (cursor);
    for (const id of others) expect(seen.map((m) => m.id)).toContain(id);
    expect(seen.every((m) => typeof m.createdAt === 'number' && m.players === 0)).toBe(true);
    expect(new Set(seen.map((m) => m.id)).size).toBe(seen.length);
    const published: string[] = [];
    let file: string | null = 'index.json';
    while (file) {
      const page: { body: { matches: Array<{ id: string }>; next: string | null } } = await api.get(`/matches/${file}`);
      published.push(...page.body.matches.map((m) => m.id));
      file = page.body.next;
    }
    for (const id of others) expect(published).toContain(id);
    expect((await api.get('/api/matches?cursor=not-a-cursor')).body.error.code).toBe('invalid-cursor');
  });
});
