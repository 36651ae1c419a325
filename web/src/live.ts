// Push while the page is open: a WebSocket to /api/live says "something new in this match"; the page
// then reads what is new. Without a connection (closed, refused, no server support) the page polls
// more often; a dropped connection is retried with a growing pause, and once back the page reads
// what it may have missed meanwhile.

export interface Live {
  /** Whether notices arrive now (the server greeted this connection). */
  connected(): boolean;
  stop(): void;
}

/** Listens for notices of one match as the holder of `token` (none: a spectator). */
export function listenLive(matchId: string, token: string | undefined, onNews: () => void): Live {
  let socket: WebSocket | null = null;
  let stopped = false;
  let greeted = false;
  let everGreeted = false;
  let pause = 1000;
  let retry: number | undefined;
  const open = () => {
    if (stopped || typeof WebSocket === 'undefined') return;
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const query = `match=${encodeURIComponent(matchId)}${token ? `&token=${encodeURIComponent(token)}` : ''}`;
    socket = new WebSocket(`${scheme}://${location.host}/api/live?${query}`);
    socket.onmessage = (message) => {
      try {
        const data = JSON.parse(String(message.data)) as { kind?: string; match?: string };
        if (data.kind === 'hello') {
          pause = 1000;
          greeted = true;
          if (everGreeted) onNews();
          everGreeted = true;
        }
        if (data.kind === 'new' && data.match === matchId) onNews();
      } catch {
        // Not ours: ignore.
      }
    };
    socket.onclose = () => {
      socket = null;
      greeted = false;
      if (stopped) return;
      retry = window.setTimeout(open, pause);
      pause = Math.min(pause * 2, 60_000);
    };
  };
  open();
  return {
    connected: () => greeted,
    stop() {
      stopped = true;
      if (retry !== undefined) clearTimeout(retry);
      socket?.close();
    },
  };
}
