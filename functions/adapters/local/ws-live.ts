// The LiveChannel on the local server's own port: WebSockets at /api/live (the `ws` package).
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { LiveChannel, LiveConnection, LiveNotice, Ports } from '../../ports.js';
import { loadMeta } from '../../service/context.js';
import { hears, liveMessage, readerFor } from '../../service/live.js';

export const LIVE_PATH = '/api/live';

export class LocalLive implements LiveChannel {
  private readonly sockets = new Map<WebSocket, LiveConnection>();
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  private next = 0;

  /** Takes the upgrades of `server` at /api/live?match=<id>[&token=<token>]; a bad match or token is 401/404. */
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
      const reader = await readerFor(ports.store, meta, url.searchParams.get('token') ?? undefined);
      if (!reader) return refuse('401 Unauthorized');
      this.wss.handleUpgrade(request, socket, head, (ws) => {
        const connection: LiveConnection = { id: `local-${++this.next}`, matchId, reader };
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
    const message = liveMessage(matchId);
    for (const [ws, connection] of this.sockets) {
      if (connection.matchId === matchId && ws.readyState === ws.OPEN && hears(connection, notice)) ws.send(message);
    }
  }

  close(): void {
    for (const ws of this.sockets.keys()) ws.terminate();
    this.sockets.clear();
    this.wss.close();
  }
}
