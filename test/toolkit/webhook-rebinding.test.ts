// Issue 13 item 7: webhook delivery connects to the address it vetted. The host is resolved once; the
// connection goes to that answer (Host header kept), so a resolver that changes its answer between the
// check and the connection (DNS rebinding) cannot point a delivery at an internal address.
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { HttpNotifier, type Dial, type Resolve } from '../../functions/adapters/http-notifier.js';
import { receiver } from './helpers.js';

/** A resolver that gives its answers in turn (the last one again when they run out), counting calls. */
function changing(answers: string[]): Resolve & { calls: number } {
  const resolve = (async () => {
    const address = answers[Math.min(resolve.calls, answers.length - 1)]!;
    resolve.calls++;
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  }) as unknown as Resolve & { calls: number };
  resolve.calls = 0;
  return resolve;
}

describe('webhook delivery and DNS rebinding', () => {
  it('connects to the first answer, once resolved, with the URL’s host as Host header', async () => {
    const r = await receiver(() => 204);
    try {
      const port = new URL(r.base).port;
      // Allowed internal (as the local stack), to reach the local receiver: the second answer would be elsewhere.
      const resolve = changing(['127.0.0.1', '10.255.255.1']);
      const notifier = new HttpNotifier({ allowInternal: true, timeoutMs: 2_000, resolve });
      expect(await notifier.post(`http://hooks.example.test:${port}/a`, '{"n":1}', {})).toEqual({ status: 204 });
      expect(resolve.calls).toBe(1);
      expect(r.requests.map((x) => [x.path, x.headers.host, x.body])).toEqual([['/a', `hooks.example.test:${port}`, { n: 1 }]]);
    } finally {
      await r.close();
    }
  });

  it('a host that first answers a public address, then loopback, never reaches loopback', async () => {
    const r = await receiver(() => 204);
    try {
      const port = new URL(r.base).port;
      // The socket's connect is where the address is used: it records what it was asked for and, since no
      // packet may leave this machine, takes the receiver's place. A second resolution would give loopback.
      const asked: string[] = [];
      const dial: Dial = (to) => {
        asked.push(`${to.address}:${to.port}`);
        return connect({ host: '127.0.0.1', port: Number(port) });
      };
      const resolve = changing(['8.8.8.8', '127.0.0.1']);
      const notifier = new HttpNotifier({ timeoutMs: 2_000, resolve, dial });
      expect(await notifier.post(`http://rebind.example.test:${port}/b`, '{}', {})).toEqual({ status: 204 });
      expect(resolve.calls).toBe(1);
      expect(asked).toEqual([`8.8.8.8:${port}`]);
      expect(r.requests.map((x) => [x.path, x.headers.host])).toEqual([['/b', `rebind.example.test:${port}`]]);
      // Loopback at the check is refused before any connection, and the refusal says why.
      const direct = new HttpNotifier({ timeoutMs: 500, resolve: changing(['127.0.0.1']), dial });
      await expect(direct.post(`http://rebind.example.test:${port}/c`, '{}', {})).rejects.toThrow(
        'refused: rebind.example.test is an internal address (127.0.0.1: Loopback (RFC 1122))',
      );
      expect(asked).toHaveLength(1);
      expect(r.requests).toHaveLength(1);
    } finally {
      await r.close();
    }
  });
});
