// The push delay (issue 16): from a submission's commit to the notice arriving at the player's open
// page, a real WebSocket on the local server (functions/adapters/local/ws-live.ts). The commit instant
// is the LiveChannel's announce call, which the service makes once the write is stored.
import { WebSocket } from 'ws';
import type { AvailableAction } from '../../engine/core/types.js';
import type { LocalStack } from '../../functions/local/stack.js';
import type { LiveChannel } from '../../functions/ports.js';
import { client } from '../setup/stack.js';
import { now, summarize, type Summary } from './measure.js';

export interface PushResult {
  ruleset: string;
  /** Commit (announce) → the notice read by the page's socket. */
  pushMs: Summary;
  /** The request sent → the notice read: what the player waits for, the HTTP round trip included. */
  requestToPushMs: Summary;
}

function connect(url: string): Promise<{ socket: WebSocket; next: () => Promise<number> }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const waiting: Array<(t: number) => void> = [];
    socket.on('message', (data) => {
      const t = now();
      if ((JSON.parse(String(data)) as { kind: string }).kind === 'hello') return resolve({ socket, next });
      waiting.shift()?.(t);
    });
    socket.on('error', reject);
    const next = () => new Promise<number>((done) => waiting.push(done));
  });
}

export async function benchPushDelay(stack: LocalStack, samples: number, log: (s: string) => void): Promise<PushResult> {
  const live = stack.ports.live;
  if (!live) throw new Error('the local stack has no LiveChannel');
  const api = client(stack.url);
  const created = await api.post('/api/matches', { ruleset: 'killgame', name: 'Bench push', settings: { 'max-players': 24 } });
  const { matchId, gmToken } = created.body as { matchId: string; gmToken: string };
  const tokens: string[] = [];
  for (let i = 0; i < 24; i++)
    tokens.push((await api.post(`/api/matches/${matchId}/players`, { name: `Push ${i + 1}` })).body.token as string);
  const started = await api.post(`/api/matches/${matchId}/start`, {}, gmToken);
  if (started.status !== 200) throw new Error(`push bench match did not start: ${JSON.stringify(started.body)}`);
  const offered = (await api.get(`/api/matches/${matchId}/me/actions`, tokens[0]!)).body.actions as AvailableAction[];
  const chosen = offered.find((a) => Object.values(a.fields).some((f) => f.kind === 'zone'))!;
  const [field, spec] = Object.entries(chosen.fields).find(([, f]) => f.kind === 'zone')!;
  const zones = (spec as { options: string[] }).options;

  const ticket = (await api.post(`/api/matches/${matchId}/live-ticket`, {}, tokens[0]!)).body.ticket as string;
  const page = await connect(`${stack.url.replace(/^http/, 'ws')}/api/live?match=${matchId}&ticket=${encodeURIComponent(ticket)}`);
  const commits: number[] = [];
  const watched: LiveChannel = {
    announce: (id, notice) => {
      if (id === matchId) commits.push(now());
      return live.announce(id, notice);
    },
  };
  stack.ports.live = watched;
  const push: number[] = [];
  const whole: number[] = [];
  try {
    for (let i = 0; i < samples; i++) {
      commits.length = 0;
      const heard = page.next();
      const sent = now();
      const answer = await api.post(
        `/api/matches/${matchId}/me/actions`,
        { type: chosen.type, [field]: zones[i % zones.length]! },
        tokens[0]!,
      );
      if (answer.status !== 201) throw new Error(`push bench submission refused: ${JSON.stringify(answer.body)}`);
      const at = await heard;
      push.push(at - commits[0]!);
      whole.push(at - sent);
    }
  } finally {
    stack.ports.live = live;
    page.socket.close();
  }
  const result = { ruleset: 'killgame', pushMs: summarize(push), requestToPushMs: summarize(whole) };
  log(`push delay: commit → page p50 ${result.pushMs.p50} ms, request → page p50 ${result.requestToPushMs.p50} ms`);
  return result;
}
