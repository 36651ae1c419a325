// functions/local/transport.ts on a real Node server: what API Gateway and CloudFront do in front of
// the API, and nothing to the paths it does not own.
import { createServer, request, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { apiTransport } from '../../functions/local/transport.js';

const OPTIONS = { prefix: '/api/', maxBodyBytes: 100, compressFrom: 1024 };
let server: Server | undefined;

async function serve(listener: RequestListener): Promise<string> {
  server = createServer(apiTransport(listener, OPTIONS));
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', () => done()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function send(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }>((done, fail) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', fail);
    req.end(init.body);
  });
}

afterEach(async () => {
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
  server = undefined;
});

describe('the local API transport', () => {
  it('hands the API its body whole, and of a longer one no more than the chunk that crossed the limit', async () => {
    const seen: Array<number | undefined> = [];
    const url = await serve((req, res) => {
      seen.push((req as IncomingMessage & { rawBody?: Buffer }).rawBody?.length);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
    await send(`${url}/api/x`, { method: 'POST', body: 'x'.repeat(40) });
    await send(`${url}/api/x`, { method: 'POST', body: 'x'.repeat(4 * 1024 * 1024), headers: { connection: 'close' } });
    await send(`${url}/api/x`);
    await send(`${url}/page`, { method: 'POST', body: 'x'.repeat(40) });
    expect(seen[0]).toBe(40);
    expect(seen[1]).toBeGreaterThan(100);
    expect(seen[1]).toBeLessThan(1024 * 1024);
    // A GET has no body to read; a path that is not the API's is left as it came.
    expect(seen.slice(2)).toEqual([undefined, undefined]);
  });

  it('gzips a large answer written in pieces, with its length, and leaves small ones, other paths and refusing clients alone', async () => {
    const large = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ i, name: `item ${i}` })) });
    const url = await serve((req, res) => {
      const body = req.url === '/api/small' ? '{"ok":true}' : large;
      res.writeHead(200, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked', ETag: '"abc"' });
      res.write(body.slice(0, 100));
      res.end(body.slice(100));
    });
    const zipped = await send(`${url}/api/large`, { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['transfer-encoding']).toBeUndefined();
    expect(Number(zipped.headers['content-length'])).toBe(zipped.body.length);
    expect(zipped.headers.etag).toBe('W/"abc"');
    expect(gunzipSync(zipped.body).toString('utf8')).toBe(large);
    const small = await send(`${url}/api/small`, { headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString('utf8')).toBe('{"ok":true}');
    for (const plain of [await send(`${url}/api/large`), await send(`${url}/page`, { headers: { 'accept-encoding': 'gzip' } })]) {
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString('utf8')).toBe(large);
    }
  });
});
