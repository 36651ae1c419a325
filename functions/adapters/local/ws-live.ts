// The LiveChannel on the local server's own port: WebSockets at /api/live (the `ws` package).
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { LiveChannel, Ports } from '../../ports.js';
import type { LiveConnection, LiveNotice } from '../../records.js';

type Connection = LiveConnection & { address: string };
import { loadMeta } from '../../service/context.js';
import { hears, liveMessage, readerForTicket, SOCKETS_PER_ADDRESS } from '../../service/live.js';

export const LIVE_PATH = '/api/live';

export class LocalLive implements LiveChannel {
  private readonly sockets = new Map<WebSocket, Connection>();
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 1024 });
  private next = 0;
  /** Sockets per address, open or still being checked (a burst of upgrades counts before its tickets are read). */
  private readonly perAddress = new Map<string, number>();

  private hold(address: string): boolean {
    const n = this.perAddress.get(address) ?? 0;
    if (n >= SOCKETS_PER_ADDRESS) return false;
    this.perAddress.set(address, n + 1);
    return true;
  }

  private release(address: string): void {
    const n = (this.perAddress.get(address) ?? 1) - 1;
    if (n > 0) this.perAddress.set(address, n);
    else this.perAddress.delete(address);
  }

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
    const refuse = (status: string, code?: string) => {
      const body = code ? JSON.stringify({ error: { code, message: 'Too many open pages from this address; close some.' } }) : '';
      socket.end(
        `HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    };
    const address = request.socket.remoteAddress ?? 'unknown';
    if (!this.hold(address)) return refuse('429 Too Many Requests', 'rate-limited');
    let held = true;
    const letGo = () => {
      if (held) this.release(address);
      held = false;
    };
    try {
      const matchId = url.searchParams.get('match') ?? '';
      const meta = await loadMeta(ports, matchId).then(
        (l) => l.meta,
        () => null,
      );
      if (!meta) {
        letGo();
        return refuse('404 Not Found');
      }
      const reader = await readerForTicket(ports.store, meta, url.searchParams.get('ticket') ?? undefined, ports.clock.now());
      if (!reader) {
        letGo();
        return refuse('401 Unauthorized');
      }
      socket.once('close', letGo);
      this.wss.handleUpgrade(request, socket, head, (ws) => {
        const connection: Connection = { id: `local-${++this.next}`, matchId, reader, address };
        this.sockets.set(ws, connection);
        ws.on('close', () => this.sockets.delete(ws));
        ws.on('error', () => this.sockets.delete(ws));
        ws.send(JSON.stringify({ kind: 'hello', match: matchId }));
      });
    } catch {
      letGo();
      refuse('500 Internal Server Error');
    }
  }

  async announce(matchId: string, notice: LiveNotice): Promise<void> {
    for (const [ws, connection] of this.sockets) {
      if (connection.matchId === matchId && ws.readyState === ws.OPEN && hears(connection, notice))
        ws.send(liveMessage(matchId, connection, notice));
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
