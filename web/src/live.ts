// Push while the page is open: a WebSocket brings each change of the match as its reader may see it (the
// events, the new vote count), which the page shows without a request; only a change of the match itself
// (a new phase, a pause) or one too large to carry says "read again". The socket is the one the site's
// config names (on AWS, API Gateway's WebSocket stage), else /api/live on the page's own server (the local
// stack). A player's or the GM's socket connects with a single-use ticket asked for with the token in its
// header, never with the token in the URL (decision 14). Without a connection (closed, refused, no server
// support) the page polls with its cursors; a dropped connection is retried with a growing pause, and once
// back the page reads what it may have missed meanwhile. A socket closed because its seat changed hands
// is not reopened with that seat's token.

import { api } from './api.js';
import { SITE_CONFIG_PATH, type SiteConfig } from '../site-config.js';
import type { Ev } from './types.js';

/** One change as the server pushed it (functions/service/live.ts `LiveMessage`). */
export interface LiveChange {
  events: Ev[];
  /** The open day's count after the change, when it changed. */
  votes?: unknown;
  /** This player's submissions after his own write (from this device or another): shown without a read. */
  submitted?: Array<{ slot: string; type: string; [k: string]: unknown }>;
  /** Read the views again (with their cursors): the match itself changed, or the change was too large to carry. */
  reread?: true;
}

export interface LiveHandlers {
  /** A change pushed while connected. */
  change(change: LiveChange): void;
  /** Connected again after a gap: what happened meanwhile is to be read. */
  missed(): void;
}

/** The close code the server gives a socket whose seat changed hands or was freed. */
const SEAT_CHANGED = 4001;

export interface Live {
  /** Whether notices arrive now (the server greeted this connection, or API Gateway opened it). */
  connected(): boolean;
  stop(): void;
}

let liveBase: Promise<string> | undefined;

/** Where to connect, asked once per page. */
const ownUrl = () => `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/live`;

function liveUrl(): Promise<string> {
  const own = ownUrl();
  liveBase ??= fetch(`/${SITE_CONFIG_PATH}`, { cache: 'no-cache' })
    .then((r): Promise<SiteConfig> | SiteConfig => (r.ok ? r.json() : {}))
    .then((config) => (typeof config.live === 'string' && config.live.startsWith('wss://') ? config.live : own))
    .catch(() => own);
  return liveBase;
}

/** A ticket for one socket, asked for with the token in its header; null when the token proves nothing. */
async function ticketFor(matchId: string, token: LiveToken): Promise<string | null> {
  const request = { params: { id: matchId }, token: token.token };
  try {
    const answer = token.gm
      ? await api('POST', '/api/matches/{id}/gm/live-ticket', request)
      : await api('POST', '/api/matches/{id}/live-ticket', request);
    return answer.ticket;
  } catch {
    return null;
  }
}

/** Whose socket: a player's token, or the GM's. */
export interface LiveToken {
  token: string;
  gm: boolean;
}

/** Listens for the changes of one match as the holder of `token` (none: a spectator). */
export function listenLive(matchId: string, token: LiveToken | undefined, on: LiveHandlers): Live {
  let socket: WebSocket | null = null;
  let stopped = false;
  let greeted = false;
  let everGreeted = false;
  let pause = 1000;
  let retry: number | undefined;
  const open = async () => {
    if (stopped || typeof WebSocket === 'undefined') return;
    const base = await liveUrl();
    const ticket = token ? await ticketFor(matchId, token) : null;
    if (stopped) return;
    // A token that no longer proves a seat (a substitute took it): no socket; the page's reads say why.
    if (token && ticket === null) return;
    const query = `match=${encodeURIComponent(matchId)}${ticket ? `&ticket=${encodeURIComponent(ticket)}` : ''}`;
    socket = new WebSocket(`${base}?${query}`);
    const greet = () => {
      pause = 1000;
      greeted = true;
      if (everGreeted) on.missed();
      everGreeted = true;
    };
    // The local server greets a connection it registered. API Gateway cannot speak from `$connect`: there
    // the connection is registered once it opens.
    if (base !== ownUrl()) socket.onopen = greet;
    socket.onmessage = (message) => {
      try {
        const data = JSON.parse(String(message.data)) as { kind?: string; match?: string } & Partial<LiveChange>;
        if (data.kind === 'hello') greet();
        if (data.kind === 'change' && data.match === matchId && Array.isArray(data.events)) {
          on.change({
            events: data.events,
            ...('votes' in data ? { votes: data.votes } : {}),
            ...(Array.isArray(data.submitted) ? { submitted: data.submitted } : {}),
            ...(data.reread ? { reread: true } : {}),
          });
        }
      } catch {
        // Not ours: ignore.
      }
    };
    socket.onclose = (event) => {
      socket = null;
      greeted = false;
      if (stopped) return;
      if (event.code === SEAT_CHANGED) {
        // The seat is someone else's now: the page reads again and learns it; no socket with this token.
        stopped = true;
        on.missed();
        return;
      }
      retry = window.setTimeout(() => void open(), pause);
      pause = Math.min(pause * 2, 60_000);
    };
  };
  void open();
  return {
    connected: () => greeted,
    stop() {
      stopped = true;
      if (retry !== undefined) clearTimeout(retry);
      socket?.close();
    },
  };
}
