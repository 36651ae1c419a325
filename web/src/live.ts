// Push while the page is open: a WebSocket says "something new in this match"; the page then reads what
// is new. The socket is the one the site's config names (on AWS, API Gateway's WebSocket stage), else
// /api/live on the page's own server (the local stack). Without a connection (closed, refused, no server
// support) the page polls more often; a dropped connection is retried with a growing pause, and once
// back the page reads what it may have missed meanwhile.

import { SITE_CONFIG_PATH, type SiteConfig } from '../site-config.js';

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

/** Listens for notices of one match as the holder of `token` (none: a spectator). */
export function listenLive(matchId: string, token: string | undefined, onNews: () => void): Live {
  let socket: WebSocket | null = null;
  let stopped = false;
  let greeted = false;
  let everGreeted = false;
  let pause = 1000;
  let retry: number | undefined;
  const open = async () => {
    if (stopped || typeof WebSocket === 'undefined') return;
    const base = await liveUrl();
    if (stopped) return;
    const query = `match=${encodeURIComponent(matchId)}${token ? `&token=${encodeURIComponent(token)}` : ''}`;
    socket = new WebSocket(`${base}?${query}`);
    const greet = () => {
      pause = 1000;
      greeted = true;
      if (everGreeted) onNews();
      everGreeted = true;
    };
    // The local server greets a connection it registered. API Gateway cannot speak from `$connect`: there
    // the connection is registered once it opens.
    if (base !== ownUrl()) socket.onopen = greet;
    socket.onmessage = (message) => {
      try {
        const data = JSON.parse(String(message.data)) as { kind?: string; match?: string };
        if (data.kind === 'hello') greet();
        if (data.kind === 'new' && data.match === matchId) onNews();
      } catch {
        // Not ours: ignore.
      }
    };
    socket.onclose = () => {
      socket = null;
      greeted = false;
      if (stopped) return;
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
