// Toolkit test helpers: a webhook receiver on 127.0.0.1 (the only outgoing HTTP the tests make) and small API shortcuts.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSeven, type Api, type SevenMatch } from '../integration/lupus-table.js';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: any;
}

/** What the receiver answers: a status, or `hang` (never answers). */
export type Answer = number | 'hang';

export async function receiver(answer: (r: Received, index: number) => Answer = () => 200) {
  const requests: Received[] = [];
  const hanging = new Set<() => void>();
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      const received: Received = { path: req.url ?? '', headers: req.headers, body: text ? JSON.parse(text) : null };
      requests.push(received);
      const a = answer(received, requests.length - 1);
      if (a === 'hang') {
        hanging.add(() => res.destroy());
        return;
      }
      res.writeHead(a, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    requests,
    async waitFor(count: number, ms = 5000) {
      const until = Date.now() + ms;
      while (requests.length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      return requests;
    },
    async close() {
      for (const end of hanging) end();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

export const settle = (ms = 150) => new Promise((r) => setTimeout(r, ms));

export function shortcuts(api: Api, m: SevenMatch) {
  const base = `/api/matches/${m.matchId}`;
  return {
    base,
    act: (who: string, body: object) => api.post(`${base}/me/actions`, body, m.tokens[who]),
    resolve: (phase: string) => api.post(`${base}/resolve`, { phase }, m.gm),
    me: async (who: string) => (await api.get(`${base}/me`, m.tokens[who])).body,
    gm: async () => (await api.get(`${base}/gm`, m.gm)).body,
    summary: async () => (await api.get(base)).body,
    post: (who: string, channel: string, text: string) => api.post(`${base}/channels/${channel}/messages`, { text }, m.tokens[who]),
  };
}

/** The seven seats with Carla removed during night 1, then night 1 resolved: day 1 open with six players and one death. */
export async function dayOneWithoutCarla(api: Api, seed: string) {
  const m = await startSeven(api, {}, seed);
  const s = shortcuts(api, m);
  await api.del(`${s.base}/players/carla`, m.gm);
  await s.resolve('night-1');
  return { m, s };
}
