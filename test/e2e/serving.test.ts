// Issue 15 item 6: the local stack serves the page and the published files compressed, with the cache
// policy CloudFront applies (hashed assets kept a year, the HTML revalidated by its ETag).
import { rm } from 'node:fs/promises';
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../functions/local/stack.js';
import { client, testStack } from '../setup/stack.js';
import { buildPage } from './browser.js';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET with node:http, so the body arrives as sent (fetch would decompress it). */
function get(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((done, fail) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', fail);
    req.end();
  });
}

describe('issue 15: the local stack serves compressed and cacheable files', { timeout: 120_000 }, () => {
  let stack: LocalStack;
  let webDir = '';
  let html = '';

  beforeAll(async () => {
    webDir = await buildPage('serving');
    stack = await testStack({ webDir });
    html = (await get(`${stack.url}/`)).body.toString('utf8');
  });

  afterAll(async () => {
    await stack?.stop();
    if (webDir) await rm(webDir, { recursive: true, force: true });
  });

  const assets = () => [...html.matchAll(/(?:src|href)="\/(app-[0-9a-f]{10}\.(?:js|css))"/g)].map((m) => m[1]!);

  it('the HTML names the bundle and the stylesheet by content hash; both are kept a year, immutable, and sent gzipped, smaller than raw', async () => {
    expect(assets()).toHaveLength(2);
    for (const name of assets()) {
      const raw = await get(`${stack.url}/${name}`);
      const zipped = await get(`${stack.url}/${name}`, { 'accept-encoding': 'gzip, br' });
      expect(raw.status).toBe(200);
      expect(zipped.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toMatch(/accept-encoding/i);
      expect(zipped.body.length).toBeLessThan(raw.body.length);
      expect(gunzipSync(zipped.body).equals(raw.body)).toBe(true);
    }
  });

  it('the HTML (and every hash-router page) is revalidated: no-cache with an ETag, 304 when unchanged', async () => {
    for (const path of ['/', '/index.html', '/m/some-match']) {
      const first = await get(`${stack.url}${path}`, { 'accept-encoding': 'gzip' });
      expect(first.status, path).toBe(200);
      expect(first.headers['cache-control'], path).toBe('no-cache');
      expect(first.headers['content-type'], path).toMatch(/text\/html/);
      const tag = first.headers.etag as string;
      expect(tag, path).toMatch(/"[^"]+"/);
      const again = await get(`${stack.url}${path}`, { 'if-none-match': tag });
      expect(again.status, path).toBe(304);
      expect(again.body.length).toBe(0);
    }
  });

  it('API JSON and published match files are compressed too; a published phase file is cached as S3 serves it and revalidates by ETag', async () => {
    const api = client(stack.url);
    const created = await api.post('/api/matches', { ruleset: 'lupus', name: 'Serving' });
    expect(created.status).toBe(201);
    const rulesets = await get(`${stack.url}/api/rulesets`, { 'accept-encoding': 'gzip' });
    const rulesetsRaw = await get(`${stack.url}/api/rulesets`);
    expect(rulesets.headers['content-encoding']).toBe('gzip');
    expect(rulesets.body.length).toBeLessThan(rulesetsRaw.body.length);
    // Below 1 KB an answer goes out as it is, as CloudFront sends it (gzip would only make it longer).
    const small = await get(`${stack.url}/api/matches/${created.body.matchId}`, { 'accept-encoding': 'gzip' });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(Number(small.headers['content-length'])).toBe(small.body.length);
    // A published file, written where the publisher writes them.
    const big = JSON.stringify({
      events: Array.from({ length: 200 }, (_, i) => ({ kind: 'vote-cast', to: 'public', voter: `p${i}`, target: 'anna' })),
    });
    await stack.ports.publisher.put(`matches/${created.body.matchId}/phases/day-1.json`, big);
    const path = `${stack.url}/matches/${created.body.matchId}/phases/day-1.json`;
    const zipped = await get(path, { 'accept-encoding': 'gzip' });
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-type']).toMatch(/json/);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['cache-control']).toBe('public, max-age=60');
    expect(zipped.body.length).toBeLessThan(Buffer.byteLength(big));
    expect(gunzipSync(zipped.body).toString('utf8')).toBe(big);
    expect((await get(path, { 'if-none-match': zipped.headers.etag as string })).status).toBe(304);
  });

  it('every API answer, gzipped or not, read or refused, says no-store and nosniff; a large one is the same JSON either way and still revalidates', async () => {
    const api = client(stack.url);
    const created = await api.post('/api/matches', { ruleset: 'killgame', name: 'Headers', settings: { 'max-players': 24 } });
    for (let i = 0; i < 24; i++)
      expect((await api.post(`/api/matches/${created.body.matchId}/players`, { name: `Player number ${i + 1}` })).status).toBe(201);
    const path = `${stack.url}/api/matches/${created.body.matchId}`;
    const zipped = await get(path, { 'accept-encoding': 'gzip' });
    const plain = await get(path);
    expect(plain.body.length).toBeGreaterThanOrEqual(1024);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(Number(zipped.headers['content-length'])).toBe(zipped.body.length);
    expect(gunzipSync(zipped.body).toString('utf8')).toBe(plain.body.toString('utf8'));
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    // A compressed body is no longer the bytes the strong tag named: the tag goes weak, and still matches.
    expect(zipped.headers.etag).toBe(`W/${plain.headers.etag as string}`);
    expect((await get(path, { 'if-none-match': plain.headers.etag as string, 'accept-encoding': 'gzip' })).status).toBe(304);
    const refused = await get(`${stack.url}/api/matches/no-such-match`, { 'accept-encoding': 'gzip' });
    const unknown = await get(`${stack.url}/api/no/such/route`);
    for (const answer of [zipped, plain, refused, unknown]) {
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(refused.status).toBe(404);
    expect(JSON.parse(refused.body.toString('utf8')).error.code).toBe('not-found');
  });
});
