// The load run: many players in many matches submitting, replacing and withdrawing actions through
// the local HTTP API while phases close under them; then the count. Every accepted action must be
// stored exactly once (the last accepted write of each slot, nothing else), every phase resolved
// exactly once (close commits counted at the store) and re-resolvable to the same bytes (audit).
import { rulesets } from '../rulesets.js';
import type { LocalStack } from '../../functions/local/stack.js';
import { cpus, loadavg } from 'node:os';
import { ConditionFailed } from '../../functions/store-errors.js';
import type { Store } from '../../functions/ports.js';
import { auditPhase } from '../../functions/service/audit.js';
import { payloadFor, rand, type Rand } from '../properties/legal.js';
import { optionsFor, tableFor } from '../properties/tables.js';
import { client } from '../setup/stack.js';

/** Polls (50 ms apart) for the resolutions claimed before the count to finish: two minutes. */
const SETTLE_POLLS = 2_400;

export interface LoadOptions {
  seconds: number;
  matches: number;
  playersPerMatch: number;
  /** Pause between a player's requests, uniform in [min, max] ms. */
  thinkMs: [number, number];
  /** Rulesets to cycle through (default: every installed one). */
  rulesets?: string[];
  seed?: number;
  log?: (line: string) => void;
  /**
   * More stacks on the same table: other processes (Lambda instances) serving the same matches. Each
   * request goes to one of them at random, so a process's kept reads go stale under it.
   */
  processes?: LocalStack[];
}

interface Accepted {
  match: string;
  phase: string;
  player: string;
  owner: string;
  slot: string;
  seq: number;
  /** Order of this player's own requests (each player sends one request at a time). */
  n: number;
}

interface Withdrawal {
  match: string;
  phase: string;
  player: string;
  slot: string;
  n: number;
  /** Withdrawn by the player's own later write (KG-4.2, decision 42), not asked for. */
  cascade?: true;
}

export interface Latency {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface LoadReport {
  /** The machine the figures come from: latency under load says as much about it as about dusk. */
  machine: { cpus: number; loadavgBefore: number[]; loadavgAfter: number[] };
  seconds: number;
  matches: number;
  players: number;
  byRuleset: Record<string, number>;
  requests: number;
  submissions: { accepted: number; refused: Record<string, number>; perSecond: number; latencyMs: Latency };
  withdrawals: { accepted: number; cascaded: number; latencyMs: Latency };
  reads: { count: number; latencyMs: Latency };
  serverErrors: number;
  phases: { resolved: number; closeCommits: number; audited: number; auditDifferences: string[] };
  stored: { actions: number; checkedSlots: number; lost: string[]; phantom: string[]; duplicated: string[]; stale: string[] };
  /** Everything above that breaks a guarantee; empty means the run passed. */
  violations: string[];
}

export function percentiles(samples: number[]): Latency {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => (s.length === 0 ? 0 : s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!);
  const round = (x: number) => Math.round(x * 10) / 10;
  return { count: s.length, p50: round(at(50)), p95: round(at(95)), p99: round(at(99)), max: round(s[s.length - 1] ?? 0) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The slots of the player's other actions an accepted write withdrew, as its answer lists them. */
const alsoWithdrawn = (body: unknown): string[] => (body as { alsoWithdrawn?: string[] } | undefined)?.alsoWithdrawn ?? [];

export async function runLoad(stack: LocalStack, options: LoadOptions): Promise<LoadReport> {
  const log = options.log ?? (() => undefined);
  const api = client(stack.url);
  const ids = options.rulesets ?? Object.keys(rulesets);
  const r = rand(options.seed ?? 1);

  // Count the resolver's close commits at the store, whoever makes them (timer, sweeper, retries).
  const closeCommits = new Map<string, number>();
  const base = stack.ports.store;
  const stacks = [stack, ...(options.processes ?? [])];
  const bases = stacks.map((s) => s.ports.store);
  // While counting, no new claim is granted (a resolver asking gets "someone else has it").
  let frozen = false;
  for (const s of stacks) {
    const own = s.ports.store;
    const counted: Store = Object.create(own);
    counted.putMeta = async (meta, expectVersion) => {
      if (frozen && meta.phaseStatus === 'resolving') throw new ConditionFailed('the load run is counting');
      await own.putMeta(meta, expectVersion);
    };
    counted.commit = async (write) => {
      await own.commit(write);
      const phase = write.step.origin.kind === 'close' ? write.step.phase : undefined;
      if (phase) closeCommits.set(`${write.meta.id}/${phase}`, (closeCommits.get(`${write.meta.id}/${phase}`) ?? 0) + 1);
    };
    s.ports.store = counted;
  }
  /** A player's request reaches one process of the stacks, at random. */
  const apis = stacks.map((s) => client(s.url));

  // The matches: cycling through the rulesets, each with its table for the size asked.
  interface Seat {
    match: string;
    player: string;
    token: string;
  }
  const seats: Seat[] = [];
  const matchIds: string[] = [];
  const byRuleset: Record<string, number> = {};
  for (let i = 0; i < options.matches; i++) {
    const rs = rulesets[ids[i % ids.length]!]!;
    const table = tableFor(rs, options.playersPerMatch);
    const created = await api.post('/api/matches', { ruleset: rs.id, name: `Load ${i + 1}`, settings: table.settings });
    if (created.status !== 201) throw new Error(`create ${rs.id}: ${JSON.stringify(created.body)}`);
    const { matchId, gmToken } = created.body as { matchId: string; gmToken: string };
    for (let p = 0; p < table.players; p++) {
      const joined = await api.post(`/api/matches/${matchId}/players`, { name: `Player ${p + 1}`, options: optionsFor(rs, p) });
      if (joined.status !== 201) throw new Error(`join ${rs.id}: ${JSON.stringify(joined.body)}`);
      seats.push({ match: matchId, player: joined.body.playerId, token: joined.body.token });
    }
    const started = await api.post(`/api/matches/${matchId}/start`, {}, gmToken);
    if (started.status !== 200) throw new Error(`start ${rs.id}: ${JSON.stringify(started.body)}`);
    matchIds.push(matchId);
    byRuleset[rs.id] = (byRuleset[rs.id] ?? 0) + 1;
  }
  log(`${matchIds.length} matches, ${seats.length} players: ${JSON.stringify(byRuleset)}`);

  const accepted: Accepted[] = [];
  const withdrawals: Withdrawal[] = [];
  const refused: Record<string, number> = {};
  const latency = { submit: [] as number[], withdraw: [] as number[], read: [] as number[] };
  let serverErrors = 0;
  let requests = 0;
  const end = Date.now() + options.seconds * 1000;

  const timed = async <T>(bucket: number[], run: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    try {
      return await run();
    } finally {
      bucket.push(performance.now() - t0);
      requests++;
    }
  };

  async function player(seat: Seat, pr: Rand) {
    let n = 0;
    const api = {
      get: (path: string, token: string) => pr.pick(apis).get(path, token),
      post: (path: string, body: unknown, token: string) => pr.pick(apis).post(path, body, token),
      del: (path: string, token: string) => pr.pick(apis).del(path, token),
    };
    const mine: Array<{ phase: string; slot: string }> = [];
    await sleep(pr.int(0, options.thinkMs[1]));
    while (Date.now() < end) {
      n++;
      const offered = await timed(latency.read, () => api.get(`/api/matches/${seat.match}/me/actions`, seat.token));
      if (offered.status >= 500) serverErrors++;
      const list = (offered.body?.actions ?? []) as Parameters<typeof payloadFor>[0][];
      const phase = offered.body?.phase as string | null;
      const own = mine.filter((x) => x.phase === phase);
      if (own.length > 0 && pr.chance(0.15)) {
        const { slot } = pr.pick(own);
        n++;
        const out = await timed(latency.withdraw, () => api.del(`/api/matches/${seat.match}/me/actions/${slot}`, seat.token));
        if (out.status === 200) {
          withdrawals.push({ match: seat.match, phase: phase!, player: seat.player, slot, n });
          for (const gone of alsoWithdrawn(out.body))
            withdrawals.push({ match: seat.match, phase: phase!, player: seat.player, slot: gone, n, cascade: true });
        } else if (out.status >= 500) serverErrors++;
        else refused[out.body?.error?.code ?? out.status] = (refused[out.body?.error?.code ?? out.status] ?? 0) + 1;
      } else if (list.length > 0) {
        const payload = payloadFor(pr.pick(list), pr);
        if (payload) {
          n++;
          const sent = await timed(latency.submit, () => api.post(`/api/matches/${seat.match}/me/actions`, payload, seat.token));
          if (sent.status === 201) {
            const [p, owner, slot, seq] = String(sent.body.actionId).split('.') as [string, string, string, string];
            accepted.push({ match: seat.match, phase: p, player: seat.player, owner, slot, seq: Number(seq), n });
            if (owner === seat.player) mine.push({ phase: p, slot });
            // KG-4.2, decision 42: his other actions that no longer pass were withdrawn with it.
            for (const gone of alsoWithdrawn(sent.body))
              withdrawals.push({ match: seat.match, phase: p, player: seat.player, slot: gone, n, cascade: true });
          } else if (sent.status >= 500) serverErrors++;
          else refused[sent.body?.error?.code ?? sent.status] = (refused[sent.body?.error?.code ?? sent.status] ?? 0) + 1;
        }
      }
      await sleep(pr.int(options.thinkMs[0], options.thinkMs[1]));
    }
  }

  const loadBefore = loadavg();
  const started = Date.now();
  await Promise.all(seats.map((seat, i) => player(seat, rand((options.seed ?? 1) * 1_000_003 + i))));
  const elapsed = (Date.now() - started) / 1000;
  log(`load done in ${elapsed.toFixed(1)} s: ${requests} requests, ${accepted.length} accepted submissions`);
  void r;

  // The count, on a still table: no new claims, the scheduler stopped, the resolutions in flight finished.
  frozen = true;
  const stopSchedulers = () => stacks.forEach((s) => (s.ports.scheduler as { stop?: () => void }).stop?.());
  stopSchedulers();
  // A resolution claimed before the freeze still commits and finishes; on a loaded machine that can take
  // many seconds, and reading the table before it has would count a commit the history does not show yet.
  let still = false;
  for (let i = 0; i < SETTLE_POLLS; i++) {
    const busy = await Promise.all(matchIds.map(async (m) => base.getMeta(m)));
    still = !busy.every((meta) => meta!.phaseStatus === 'open' && meta!.needsPublish === null);
    if (!still) break;
    await sleep(50);
  }
  stopSchedulers(); // again: a resolution that finished meanwhile set the next phase's timer
  const loadAfter = loadavg();
  const violations: string[] = [];
  if (still) violations.push(`a resolution was still in flight ${(SETTLE_POLLS * 50) / 1000} s after the load`);
  const lost: string[] = [];
  const phantom: string[] = [];
  const duplicated: string[] = [];
  const stale: string[] = [];
  let storedActions = 0;
  let checkedSlots = 0;
  let resolved = 0;
  let audited = 0;
  const auditDifferences: string[] = [];
  const metas = await Promise.all(matchIds.map(async (m) => (await base.getMeta(m))!));
  for (const meta of metas) {
    const match = meta.id;
    const closedPhases = meta.status === 'ended' ? meta.history : meta.history.slice(0, -1);
    for (const phase of meta.history) {
      const stored = (await base.listPending(match, phase)).filter((a) => !(a as { auto?: boolean }).auto);
      storedActions += stored.length;
      const mineAccepted = accepted.filter((a) => a.match === match && a.phase === phase);
      const bySeq = new Map<number, Accepted[]>();
      for (const a of mineAccepted) bySeq.set(a.seq, [...(bySeq.get(a.seq) ?? []), a]);
      const storedKeys = new Set<string>();
      for (const s of stored) {
        const key = `${match}/${phase}/${s.owner}/${s.slot}`;
        if (storedKeys.has(key)) duplicated.push(key);
        storedKeys.add(key);
        if (!bySeq.has(s.seq)) phantom.push(`${key} seq ${s.seq}`);
      }
      // For a player's own slot his requests are sequential: the last accepted write decides.
      const slots = new Map<string, Array<{ n: number; seq?: number }>>();
      for (const a of mineAccepted.filter((x) => x.owner === x.player)) {
        const key = `${a.player}/${a.slot}`;
        slots.set(key, [...(slots.get(key) ?? []), { n: a.n, seq: a.seq }]);
      }
      for (const w of withdrawals.filter((x) => x.match === match && x.phase === phase)) {
        const key = `${w.player}/${w.slot}`;
        if (slots.has(key)) slots.set(key, [...slots.get(key)!, { n: w.n }]);
      }
      for (const [key, ops] of slots) {
        checkedSlots++;
        const last = ops.sort((a, b) => a.n - b.n)[ops.length - 1]!;
        const [owner, slot] = key.split('/') as [string, string];
        // KG-4.2, decision 43: a withdrawn countable slot keeps a `withdrawn` mark so its number is never reused.
        const there = stored.find((s) => s.owner === owner && s.slot === slot && s.action.type !== 'withdrawn');
        if (last.seq === undefined && there) stale.push(`${match}/${phase}/${key}: withdrawn but stored`);
        // What the player did to the slot, in order, so that a failure says it without a rerun.
        const story = ops.map((o) => (o.seq === undefined ? `withdrawn@${o.n}` : `seq ${o.seq}@${o.n}`)).join(', ');
        if (last.seq !== undefined && !there)
          lost.push(`${meta.ruleset} ${match}/${phase}/${key}: accepted seq ${last.seq} not stored (${story})`);
        if (last.seq !== undefined && there && there.seq !== last.seq)
          stale.push(`${match}/${phase}/${key}: stored ${there.seq}, last accepted ${last.seq}`);
      }
    }
    for (const phase of closedPhases) {
      resolved++;
      const commits = closeCommits.get(`${match}/${phase}`) ?? 0;
      if (commits !== 1) violations.push(`${match}/${phase} resolved ${commits} times`);
      const audit = await auditPhase(stack.ports, match, phase).catch((e: Error) => ({ identical: false, firstDifference: e.message }));
      audited++;
      if (!audit.identical) auditDifferences.push(`${match}/${phase}: ${audit.firstDifference}`);
    }
    for (const key of closeCommits.keys()) {
      const [m, phase] = key.split('/') as [string, string];
      if (m === match && !closedPhases.includes(phase)) violations.push(`${key} committed but not in the history`);
    }
  }
  const commitsTotal = [...closeCommits.values()].reduce((a, b) => a + b, 0);
  if (lost.length) violations.push(`${lost.length} accepted actions lost`);
  if (phantom.length) violations.push(`${phantom.length} stored actions nobody had accepted`);
  if (duplicated.length) violations.push(`${duplicated.length} slots stored twice`);
  if (stale.length) violations.push(`${stale.length} slots not holding their last accepted write`);
  if (auditDifferences.length) violations.push(`${auditDifferences.length} phases not re-resolvable to the same bytes`);
  if (serverErrors) violations.push(`${serverErrors} server errors (5xx)`);
  if (resolved === 0) violations.push('no phase was resolved: run longer than a phase');

  stacks.forEach((s, i) => (s.ports.store = bases[i]!));
  const two = (xs: number[]) => xs.map((x) => Math.round(x * 100) / 100);
  return {
    machine: { cpus: cpus().length, loadavgBefore: two(loadBefore), loadavgAfter: two(loadAfter) },
    seconds: Math.round(elapsed * 10) / 10,
    matches: matchIds.length,
    players: seats.length,
    byRuleset,
    requests,
    submissions: {
      accepted: accepted.length,
      refused,
      perSecond: Math.round((accepted.length / elapsed) * 10) / 10,
      latencyMs: percentiles(latency.submit),
    },
    withdrawals: {
      accepted: withdrawals.filter((w) => !w.cascade).length,
      cascaded: withdrawals.filter((w) => w.cascade).length,
      latencyMs: percentiles(latency.withdraw),
    },
    reads: { count: latency.read.length, latencyMs: percentiles(latency.read) },
    serverErrors,
    phases: { resolved, closeCommits: commitsTotal, audited, auditDifferences: auditDifferences.slice(0, 10) },
    stored: {
      actions: storedActions,
      checkedSlots,
      lost: lost.slice(0, 10),
      phantom: phantom.slice(0, 10),
      duplicated: duplicated.slice(0, 10),
      stale: stale.slice(0, 10),
    },
    violations,
  };
}
