// Flooding and guessing: per-address and per-player limits answer a clear 429 (with Retry-After), a
// forged X-Forwarded-For does not buy new addresses, a flood changes nothing, and guessing tokens
// gets the same 401 every time until the address is cut off.
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSeven, type SevenMatch } from '../integration/lupus-table.js';
import { client } from '../setup/stack.js';
import { snapshotStack, type Snapshotting } from './helpers.js';

const PER_MINUTE = 25;
let env: Snapshotting;
let m: SevenMatch;
let port: number;

/** One request from a chosen loopback address (127.0.0.x), so that each test has its own "client". */
function from(
  address: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise<{ status: number; body: any; retryAfter: string | undefined }>((done, fail) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        localAddress: address,
        headers: {
          ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () =>
          done({
            status: res.statusCode!,
            body: text ? JSON.parse(text) : null,
            retryAfter: res.headers['retry-after'] as string | undefined,
          }),
        );
      },
    );
    req.on('error', fail);
    if (body) req.write(body);
    req.end();
  });
}

beforeAll(async () => {
  env = await snapshotStack({ ratePerMinute: PER_MINUTE });
  port = Number(new URL(env.stack.url).port);
  // Nine requests from 127.0.0.1, under the limit; every test below uses its own addresses.
  m = await startSeven(client(env.stack.url), {}, 'flood');
});
afterAll(async () => env?.stack.stop());

describe('rate limits', () => {
  it('per address: a clear 429 with Retry-After once the address is over its limit; other addresses go on', async () => {
    const results = [];
    for (let i = 0; i < PER_MINUTE + 5; i++) results.push(await from('127.0.0.2', 'GET', '/api/rulesets'));
    expect(results.slice(0, PER_MINUTE).every((r) => r.status === 200)).toBe(true);
    for (const r of results.slice(PER_MINUTE)) {
      expect(r.status).toBe(429);
      expect(r.body).toEqual({ error: { code: 'rate-limited', message: expect.any(String) } });
      expect(Number(r.retryAfter)).toBeGreaterThan(0);
    }
    expect((await from('127.0.0.3', 'GET', '/api/rulesets')).status).toBe(200);
  });

  it('a forged X-Forwarded-For does not make an address new', async () => {
    const statuses = [];
    for (let i = 0; i < PER_MINUTE + 5; i++) {
      const r = await from('127.0.0.4', 'GET', '/api/rulesets', { headers: { 'x-forwarded-for': `198.51.100.${i}` } });
      statuses.push(r.status);
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });

  it('per player: one token spread over many addresses is still cut off', async () => {
    const statuses = [];
    for (let i = 0; i < PER_MINUTE + 5; i++) {
      const r = await from(`127.0.1.${i + 1}`, 'GET', `/api/matches/${m.matchId}/me`, { token: m.tokens.carla });
      statuses.push(r.status);
    }
    expect(statuses.slice(0, PER_MINUTE).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(PER_MINUTE).every((s) => s === 429)).toBe(true);
    // Another player is not held back by Carla's flood.
    expect((await from('127.0.2.1', 'GET', `/api/matches/${m.matchId}/me`, { token: m.tokens.dario })).status).toBe(200);
  });

  it('a flood of submissions changes nothing past the limit: the stored action is the last one accepted', async () => {
    let last: string | null = null;
    const targets = ['bruno', 'carla', 'dario', 'elena', 'fabio', 'gina'];
    let refused = 0;
    for (let i = 0; i < PER_MINUTE + 10; i++) {
      const target = targets[i % targets.length]!;
      const r = await from(`127.0.3.${i + 1}`, 'POST', `/api/matches/${m.matchId}/me/actions`, {
        token: m.tokens.anna,
        body: { type: 'investigate', target },
      });
      if (r.status === 201) last = target;
      else {
        expect(r.status).toBe(429);
        refused++;
      }
    }
    expect(refused).toBe(10);
    const gm = await from('127.0.4.1', 'GET', `/api/matches/${m.matchId}/gm`, { token: m.gm });
    expect(gm.body.pending.map((p: { action: unknown }) => p.action)).toEqual([{ type: 'investigate', target: last }]);
  });

  it('guessing tokens: the same 401 for every guess, then 429 for the guesser; the real player is unaffected', async () => {
    const before = await env.settled(m.matchId);
    const answers = [];
    for (let i = 0; i < PER_MINUTE + 5; i++) {
      const guess = `${['anna', 'bruno', 'gm', 'nobody'][i % 4]}.${randomBytes(32).toString('base64url')}`;
      answers.push(await from('127.0.5.1', 'GET', `/api/matches/${m.matchId}/me`, { token: guess }));
    }
    const refusals = answers.slice(0, PER_MINUTE);
    expect(new Set(refusals.map((r) => JSON.stringify([r.status, r.body])))).toEqual(
      new Set([JSON.stringify([401, { error: { code: 'unauthorized', message: 'The token is not valid for this match.' } }])]),
    );
    expect(answers.slice(PER_MINUTE).every((r) => r.status === 429)).toBe(true);
    expect((await from('127.0.5.2', 'GET', `/api/matches/${m.matchId}/me`, { token: m.tokens.bruno })).status).toBe(200);
    expect(await env.snapshot(m.matchId)).toBe(before);
  });

  it('per seat behind one address (decision 14): seven players sharing an address each get their own limit; anonymous requests there keep the address’s', async () => {
    // A match of its own: the tokens of the one above have spent their minute in the tests before.
    const own = await startSeven(client(env.stack.url), {}, 'flood-seats');
    const seats = Object.entries(own.tokens);
    const statuses: number[] = [];
    for (let i = 0; i < PER_MINUTE - 1; i++) {
      const round = await Promise.all(seats.map(([, token]) => from('127.0.6.1', 'GET', `/api/matches/${own.matchId}/me`, { token })));
      statuses.push(...round.map((r) => r.status));
    }
    // Far more than the address's limit from one address, and no one refused.
    expect(statuses.length).toBeGreaterThan(PER_MINUTE * 6);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const anonymous = [];
    for (let i = 0; i < PER_MINUTE + 2; i++) anonymous.push((await from('127.0.6.1', 'GET', `/api/matches/${own.matchId}`)).status);
    expect(anonymous.slice(0, PER_MINUTE).every((s) => s === 200)).toBe(true);
    expect(anonymous.slice(PER_MINUTE)).toEqual([429, 429]);
    // A guessed token there is anonymous: the address's limit, already spent.
    expect(
      (await from('127.0.6.1', 'GET', `/api/matches/${own.matchId}/me`, { token: `anna.${randomBytes(32).toString('base64url')}` })).status,
    ).toBe(429);
  });

  it('tokens are long random secrets: 256 bits after the seat, none shares a secret with another', () => {
    const secrets = Object.values(m.tokens).map((t) => t.split('.')[1]!);
    for (const s of [...secrets, m.gm.split('.')[1]!]) {
      expect(s).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(s, 'base64url')).toHaveLength(32);
    }
    expect(new Set(secrets).size).toBe(secrets.length);
  });
});
