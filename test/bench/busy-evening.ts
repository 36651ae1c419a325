// Issue 47, a busy evening (the side-effect figures): a vote on a long day against one on a fresh day, a vote
// beside a burst of fifty re-votes, the GM's resolve with five silent push services, and the lag from a
// ballot's commit to its published count. All on the local stack, whose stream consumer drives the effects.
import { createECDH, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { WebSocket } from 'ws';
import { startLocalStack, type LocalStack } from '../../functions/local/stack.js';
import { startSeven, type SevenMatch } from '../integration/lupus-table.js';
import { client } from '../setup/stack.js';
import { keepAliveSend } from './http-send.js';
import { now, summarize, type Summary } from './measure.js';

export interface BusyEveningResult {
  /** Median single vote on a day with `earlierBallots` ballots over one on a fresh day. */
  ballotLongDayRatio: number;
  earlierBallots: number;
  voteFreshMs: Summary;
  voteLongDayMs: Summary;
  /** Another player's vote sent with 50 parallel re-votes, over an idle vote (medians). */
  ballotBurst: number;
  /** The idle votes, each taken in turn with a burst on the same day. */
  voteIdleMs: Summary;
  voteInBurstMs: Summary;
  /**
   * The same burst dealt over `instances` servers on one table, each with its own store, as Lambda instances
   * hold theirs: their writes race for the match's log position instead of queueing in one process. Not a target.
   */
  burstAcrossInstances: { instances: number; ratio: number; voteIdleMs: Summary; voteInBurstMs: Summary };
  /** The GM's resolve with five silent push services over one with none (medians). */
  resolveSilentPushRatio: number;
  resolveMs: Summary;
  resolveSilentPushMs: Summary;
  /** Commit (the request's announce) → both the count file and an open page's live message show the ballot, on the long day, ms. */
  publishLag: Summary;
  /** The same, to the count file alone. */
  publishLagFileMs: Summary;
  /** The same, to the live message alone (a spectator's socket on the local server). */
  publishLagLiveMs: Summary;
}

const round = (x: number) => Math.round(x * 100) / 100;
const VOTERS = ['anna', 'carla', 'dario', 'fabio', 'gina'] as const;
const TARGETS = ['bruno', 'elena', 'carla', 'anna'] as const;

export async function benchBusyEvening(
  stack: LocalStack,
  options: { samples: number; earlierBallots: number; resolveRuns: number; instances: number; spreadSamples: number },
  log: (s: string) => void,
): Promise<BusyEveningResult> {
  // node:http on a keep-alive agent, as the API bench calls it (http-send.ts): fetch's CPU is not the server's.
  const api = client(stack.url, keepAliveSend);
  const settled = () => stack.effects?.caughtUp() ?? Promise.resolve();
  const day = async (seed: string): Promise<SevenMatch> => {
    const m = await startSeven(api, {}, seed);
    const r = await api.post(`/api/matches/${m.matchId}/resolve`, { phase: 'night-1' }, m.gm);
    if (r.status !== 200) throw new Error(`night-1 did not resolve: ${JSON.stringify(r.body)}`);
    return m;
  };
  const vote = async (m: SevenMatch, voter: string, target: string) => {
    const t = now();
    const r = await api.post(
      `/api/matches/${m.matchId}/me/actions`,
      { type: 'vote', target: target === voter ? 'bruno' : target, phase: 'day-1' },
      m.tokens[voter],
    );
    if (r.status !== 201) throw new Error(`vote refused: ${JSON.stringify(r.body)}`);
    return now() - t;
  };
  /** Single votes one at a time, each after the consumer has finished with the one before. */
  const singles = async (m: SevenMatch, n: number, from = 0) => {
    const out: number[] = [];
    for (let i = from; i < from + n; i++) {
      await settled();
      out.push(await vote(m, VOTERS[i % VOTERS.length]!, TARGETS[(i + 1) % TARGETS.length]!));
    }
    return out;
  };

  // 1. A day with many earlier ballots (re-votes of the same voters) and a fresh day, measured in turns
  // (one vote on each, after the same warm-up), so that both meet the same process and machine.
  const long = await day('busy-long');
  log(`busy evening: casting ${options.earlierBallots} ballots on the long day`);
  for (let sent = 0; sent < options.earlierBallots; ) {
    const wave = Array.from({ length: Math.min(8, options.earlierBallots - sent) }, (_, i) => {
      const k = sent + i;
      return vote(long, VOTERS[k % VOTERS.length]!, TARGETS[k % TARGETS.length]!);
    });
    await Promise.all(wave);
    sent += wave.length;
  }
  await settled();
  await settled();
  const fresh = await day('busy-fresh');
  const voteFresh: number[] = [];
  const voteLong: number[] = [];
  for (let i = 0; i < options.samples; i++) {
    voteFresh.push(...(await singles(fresh, 1, i)));
    voteLong.push(...(await singles(long, 1, i)));
  }

  // 2. Publish lag on the long day: commit (the request's announce) → the file shows the ballot.
  const live = stack.ports.live!;
  let commitAt = 0;
  // The request's own notice (its actor's), not the consumer's later one with the count.
  stack.ports.live = {
    announce: (id, notice) => {
      if (id === long.matchId && notice.actor !== undefined && Number.isNaN(commitAt)) commitAt = now();
      return live.announce(id, notice);
    },
  };
  const file = join(stack.siteDir, 'matches', long.matchId, 'votes', 'day-1.json');
  const lags: number[] = [];
  const fileLags: number[] = [];
  const liveLags: number[] = [];
  // A spectator's open page: the consumer sends it the count it publishes (decision 12).
  const heard: Array<{ at: number; votes: { lines: Array<{ target: string; voters: string[] }> } }> = [];
  const socket = new WebSocket(`${stack.url.replace(/^http/, 'ws')}/api/live?match=${long.matchId}`);
  await new Promise<void>((ready, fail) => {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { kind: string; votes?: (typeof heard)[number]['votes'] };
      if (message.kind === 'hello') ready();
      else if (message.votes) heard.push({ at: now(), votes: message.votes });
    });
    socket.on('error', fail);
  });
  try {
    for (let i = 0; i < options.samples; i++) {
      await settled();
      const voter = VOTERS[i % VOTERS.length]!;
      const before = JSON.parse(await readFile(file, 'utf8')) as { lines: Array<{ target: string; voters: string[] }> };
      const was = before.lines.find((l) => l.voters.includes(voter))?.target;
      const target = TARGETS.find((t) => t !== voter && t !== was)!;
      const heardBefore = heard.length;
      commitAt = NaN;
      await vote(long, voter, target);
      const until = now() + 10_000;
      const shows = (count: typeof before) => count.lines.find((l) => l.voters.includes(voter))?.target === target;
      let fileAt = NaN;
      let liveAt = NaN;
      while (now() < until && (Number.isNaN(fileAt) || Number.isNaN(liveAt))) {
        if (Number.isNaN(fileAt) && shows(JSON.parse(await readFile(file, 'utf8').catch(() => '{"lines":[]}')) as typeof before))
          fileAt = now();
        if (Number.isNaN(liveAt)) liveAt = heard.slice(heardBefore).find((h) => shows(h.votes))?.at ?? NaN;
        await new Promise((r) => setTimeout(r, 5));
      }
      fileLags.push(fileAt - commitAt);
      liveLags.push(liveAt - commitAt);
      lags.push(Math.max(fileAt, liveAt) - commitAt);
    }
  } finally {
    stack.ports.live = live;
    socket.close();
  }

  // 3. One player's vote sent right after fifty re-votes of another, which a thread of their own sends
  // on connections it opened first (burst-worker.mjs): the crowd's phones are not the server's event loop.
  // Measured in turns with an idle vote on the same day, so that both meet the same process and machine.
  // Then the same, with the fifty dealt over `instances` servers on the same table, each with its own store
  // (its own log chain, head and kept reads), as Lambda instances would be: not a target, a figure to watch.
  const burstDay = await day('busy-burst');
  const others: LocalStack[] = [];
  for (let k = 1; k < options.instances; k++) {
    const other = await startLocalStack({
      dynamoEndpoint: stack.dynamoEndpoint,
      tableName: stack.tableName,
      ratePerMinute: 0,
      sweepEveryMs: 3_600_000,
      webDir: '/nonexistent',
    });
    // One consumer of the stream is the first server's; an instance's API does not consume it.
    await other.effects?.stop();
    others.push(other);
  }
  const crowd = new Worker(new URL('./burst-worker.mjs', import.meta.url), {
    workerData: { bases: [stack.url, ...others.map((o) => o.url)], token: burstDay.tokens.anna, matchId: burstDay.matchId, size: 50 },
  });
  const crowdSays = (round: number, what: 'sent' | 'done') =>
    new Promise<{ refused?: string[] }>((resolve) => {
      const listen = (m: { round: number; sent?: boolean; done?: boolean; refused?: string[] }) => {
        if (m.round !== round || !m[what]) return;
        crowd.off('message', listen);
        resolve(m);
      };
      crowd.on('message', listen);
    });
  let sentRounds = 0;
  /** `samples` turns of an idle vote, then a burst with the other player's vote beside it. */
  const bursts = async (samples: number, spread: boolean) => {
    const idle: number[] = [];
    const inBurst: number[] = [];
    for (let i = 0; i < samples; i++) {
      idle.push(...(await singles(burstDay, 1, i)));
      await settled();
      const r = sentRounds++;
      const sent = crowdSays(r, 'sent');
      const done = crowdSays(r, 'done');
      crowd.postMessage({ round: r, targets: [TARGETS[i % 2], TARGETS[(i + 1) % 2]], spread });
      await sent;
      inBurst.push(await vote(burstDay, 'dario', TARGETS[i % 2]!));
      const { refused } = await done;
      if (refused?.length) throw new Error(`re-votes refused: ${refused.slice(0, 3).join('; ')}`);
    }
    return { idle, inBurst };
  };
  let oneServer: Awaited<ReturnType<typeof bursts>>;
  let spreadOver: Awaited<ReturnType<typeof bursts>>;
  try {
    oneServer = await bursts(options.samples, false);
    log(`busy evening: the burst dealt over ${options.instances} servers`);
    spreadOver = await bursts(options.spreadSamples, true);
  } finally {
    await crowd.terminate();
    for (const other of others) await other.stop();
  }
  const { idle, inBurst } = oneServer;

  // 4. The GM's resolve, with no push subscription and with five silent push services.
  const held: Socket[] = [];
  const silent = createServer((socket) => void held.push(socket));
  await new Promise<void>((ready) => silent.listen(0, '127.0.0.1', ready));
  const silentAt = `https://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  const resolveOnce = async (withSilent: boolean) => {
    const m = await startSeven(api, {}, `busy-resolve-${randomBytes(3).toString('hex')}`);
    if (withSilent) {
      for (const who of VOTERS) {
        const ecdh = createECDH('prime256v1');
        ecdh.generateKeys();
        const sub = {
          endpoint: `${silentAt}/push/${who}`,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
        };
        const r = await api.post(`/api/matches/${m.matchId}/push`, sub, m.tokens[who]);
        if (r.status !== 201) throw new Error(`push subscription refused: ${JSON.stringify(r.body)}`);
      }
    }
    await settled();
    const t = now();
    const r = await api.post(`/api/matches/${m.matchId}/resolve`, { phase: 'night-1' }, m.gm);
    const ms = now() - t;
    if (r.status !== 200) throw new Error(`resolve refused: ${JSON.stringify(r.body)}`);
    return ms;
  };
  const resolvePlain: number[] = [];
  const resolveSilent: number[] = [];
  try {
    for (let i = 0; i < options.resolveRuns; i++) {
      resolvePlain.push(await resolveOnce(false));
      resolveSilent.push(await resolveOnce(true));
    }
  } finally {
    for (const s of held) s.destroy();
    silent.close();
  }

  const [fs, ls, idleS, burstS, rp, rs] = [voteFresh, voteLong, idle, inBurst, resolvePlain, resolveSilent].map(summarize) as [
    Summary,
    Summary,
    Summary,
    Summary,
    Summary,
    Summary,
  ];
  return {
    ballotLongDayRatio: round(ls.p50 / fs.p50),
    earlierBallots: options.earlierBallots,
    voteFreshMs: fs,
    voteLongDayMs: ls,
    ballotBurst: round(burstS.p50 / idleS.p50),
    burstAcrossInstances: {
      instances: options.instances,
      ratio: round(summarize(spreadOver.inBurst).p50 / summarize(spreadOver.idle).p50),
      voteIdleMs: summarize(spreadOver.idle),
      voteInBurstMs: summarize(spreadOver.inBurst),
    },
    voteIdleMs: idleS,
    voteInBurstMs: burstS,
    resolveSilentPushRatio: round(rs.p50 / rp.p50),
    resolveMs: rp,
    resolveSilentPushMs: rs,
    publishLag: summarize(lags),
    publishLagFileMs: summarize(fileLags),
    publishLagLiveMs: summarize(liveLags),
  };
}
