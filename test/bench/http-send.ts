// The bench's HTTP client: node:http on a keep-alive agent, as a curl loop or a lean client would
// call the API, answering with just the status and the text: fetch (undici), or a web Response built
// for each answer, spends this process's CPU on loopback that the bench would count as the API's.
import { Agent, request } from 'node:http';
import type { Send } from '../setup/stack.js';

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

export const keepAliveSend: Send = (url, init) =>
  new Promise((done, fail) => {
    const target = new URL(url);
    const body = typeof init.body === 'string' ? init.body : undefined;
    const headers: Record<string, string> = { ...(init.headers as Record<string, string> | undefined) };
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: init.method ?? 'GET',
        agent,
        headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          done({ status: res.statusCode ?? 500, text: () => Promise.resolve(text) });
        });
        res.on('error', fail);
      },
    );
    req.on('error', fail);
    req.end(body);
  });
