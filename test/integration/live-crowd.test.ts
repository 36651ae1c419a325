// Issue 47 (decision 14): the local server holds at most SOCKETS_PER_ADDRESS open live sockets per address,
// with real WebSockets; one more is refused with a clear 429 and the API's error body, a closed one frees its place.
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { SOCKETS_PER_ADDRESS } from '../../functions/service/live.js';
import { useStack } from '../setup/stack.js';
import { startSeven } from './lupus-table.js';

const { stack, api } = useStack({ sweepEveryMs: 3_600_000 });

type Opened = { socket: WebSocket } | { status: number; body: string };

/** A spectator's socket: open once the server says hello, or the status and body it was refused with. */
function open(matchId: string): Promise<Opened> {
  const socket = new WebSocket(`${stack.url.replace(/^http/, 'ws')}/api/live?match=${matchId}`);
  return new Promise((resolve, reject) => {
    socket.on('message', (data) => {
      if (JSON.parse(String(data)).kind === 'hello') resolve({ socket });
    });
    socket.on('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += String(chunk)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    socket.on('error', reject);
  });
}

const closed = (socket: WebSocket) =>
  new Promise<void>((done) => {
    socket.once('close', () => done());
    socket.close();
  });

describe('live sockets per address (issue 47)', () => {
  it('decision 14: past SOCKETS_PER_ADDRESS open sockets from one address the next is refused 429 rate-limited; closing one lets a new one in', async () => {
    const m = await startSeven(api, {}, 'live-crowd');
    // Opened all at once: the server counts a socket from its upgrade, before its ticket is read.
    const first = await Promise.all(Array.from({ length: SOCKETS_PER_ADDRESS + 5 }, () => open(m.matchId)));
    const accepted = first.flatMap((o) => ('socket' in o ? [o.socket] : []));
    const refused = first.flatMap((o) => ('status' in o ? [o] : []));
    try {
      expect(accepted).toHaveLength(SOCKETS_PER_ADDRESS);
      expect(refused).toHaveLength(5);
      for (const r of refused) {
        expect(r.status).toBe(429);
        expect(JSON.parse(r.body)).toEqual({ error: { code: 'rate-limited', message: expect.any(String) } });
      }
      await closed(accepted.shift()!);
      // The server learns of the close a moment after the page does.
      await expect
        .poll(async () => {
          const again = await open(m.matchId);
          if ('socket' in again) accepted.push(again.socket);
          return 'socket' in again;
        })
        .toBe(true);
      const over = await open(m.matchId);
      expect('status' in over && over.status).toBe(429);
    } finally {
      await Promise.all(accepted.map(closed));
    }
  }, 120_000);
});
