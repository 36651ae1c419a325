// The LiveChannel on the local server's own port: WebSockets at /api/live (the `ws` package).
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { LiveChannel, Ports } from '../../ports.js';
import type { LiveConnection, LiveNotice } from '../../records.js';

type Connection = LiveConnection & { address: string };
import { loadMeta } from '../../service/context.js';
import { hears, liveMessage, readerForTicket } from '../../service/live.js';

export const LIVE_PATH = '/api/live';
/** Open sockets per address: a household's tabs, never a flood (decision 14). */
export const SOCKETS_PER_ADDRESS = 60;

export class LocalLive implements LiveChannel {
  private readonly sockets = new Map<WebSocket, Connection>();
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  private next = 0;

  /** Takes the upgrades of `server` at /api/live?match=<id>[&ticket=<ticket>]; a bad match or ticket is 404/401, too many sockets from one address 429. */
  attach(server: Server, ports: Ports): void {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const url = new URL(request.url ?? '/', 'http://local');
      if (url.pathname !== LIVE_PATH) {
        socket.destroy();
        return;
      }
      void this.accept(ports, url, request, socket, head);
    });
  }

  private async accept(ports: Ports, url: URL, request: IncomingMessage, socket: Duplex, head: Buffer) {
    const refuse = (status: string) => {
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    try {
      const matchId = url.searchParams.get('match') ?? '';
      const meta = await loadMeta(ports, matchId).then((l) => l.meta, () => null);
      if (!meta) return refuse('404 Not Found');
      const address = request.socket.remoteAddress ?? 'unknown';
      if ([...this.sockets.values()].filter((c) => c.address === address).length >= SOCKETS_PER_ADDRESS) return refuse('429 Too Many Requests');
      const reader = await readerForTicket(ports.store, meta, url.searchParams.get('ticket') ?? undefined, ports.clock.now());
      if (!reader) return refuse('401 Unauthorized');
      this.wss.handleUpgrade(request, socket, head, (ws) => {
        const connection: Connection = { id: `local-${++this.next}`, matchId, reader, address };
        this.sockets.set(ws, connection);
        ws.on('close', () => this.sockets.delete(ws));
        ws.on('error', () => this.sockets.delete(ws));
        ws.send(JSON.stringify({ kind: 'hello', match: matchId }));
      });
    } catch {
      refuse('500 Internal Server Error');
    }
  }

  async announce(matchId: string, notice: LiveNotice): Promise<void> {
    for (const [ws, connection] of this.sockets) {
      if (connection.matchId === matchId && ws.readyState === ws.OPEN && hears(connection, notice)) ws.send(liveMessage(matchId, connection, notice));
    }
  }

  async closeSeat(matchId: string, playerId: string): Promise<void> {
    for (const [ws, connection] of this.sockets) {
      const { reader } = connection;
      if (connection.matchId === matchId && reader.as === 'player' && reader.id === playerId) {
        this.sockets.delete(ws);
        // 4001: the seat changed hands; the page does not reconnect with what it held.
        ws.close(4001, 'seat-changed');
      }
    }
  }

  close(): void {
    for (const ws of this.sockets.keys()) ws.terminate();
    this.sockets.clear();
    this.wss.close();
  }
}
