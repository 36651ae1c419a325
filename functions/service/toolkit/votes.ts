// Vote counts as forum communities post them, built only from public `vote-cast` / `vote-withdrawn` events.
import { canRead, type StoredEvent } from '../../../engine/core/events.js';
import { originTime, seqPrefix } from '../../../engine/core/origin.js';
import type { Ruleset, VoteRule } from '../../../engine/core/types.js';
import type { ActionOrder, Ports } from '../../ports.js';
import { loadState, type Loaded } from '../context.js';

export interface VoteLine {
  target: string;
  name: string;
  count: number;
  /** Voters in the order their current vote was cast. */
  voters: string[];
  /**
   * What the close would do on these ballots under the ruleset's rule: `leads`, he alone has the most;
   * `one-short` (L-1), one more vote makes him that; null otherwise, or without a rule.
   */
  standing?: 'leads' | 'one-short' | null;
}

export interface VoteChange {
  /** When it happened (epoch ms), when the record says. */
  at: number | null;
  voter: string;
  /** The new target; null for an abstention or a withdrawal. */
  target: string | null;
  change: 'vote' | 'abstain' | 'withdraw';
}

export interface VoteCount {
  match: string;
  phase: string;
  open: boolean;
  /** The open phase's deadline (null once closed, or while paused). */
  deadline: number | null;
  living: number;
  /** Votes a candidate needs to hold a majority of the living voters (enough to have the most). */
  majority: number;
  /** How the ruleset decides this vote (the most votes at the close; a tie's way), null without the hook. */
  rule?: VoteRule | null;
  lines: VoteLine[];
  abstain: string[];
  notVoting: string[];
  names: Record<string, string>;
  history: VoteChange[];
}

type CountedLine = Omit<VoteLine, 'standing'>;

/** The standing of each line under a most-votes rule: the sole leader leads, leaders tied are one short. */
export function standings(lines: CountedLine[], rule: VoteRule | null): Array<VoteLine['standing']> {
  const top = Math.max(0, ...lines.map((l) => l.count));
  const leaders = lines.filter((l) => l.count === top).length;
  return lines.map((l) => (!rule || top === 0 || l.count !== top ? null : leaders === 1 ? 'leads' : 'one-short'));
}

const isBallotEvent = (e: StoredEvent) =>
  canRead(e, { as: 'public' }) && (e.event.kind === 'vote-cast' || e.event.kind === 'vote-withdrawn');

/** Whether these events carry a public ballot change (a vote count then needs publishing). */
export function hasPublicBallot(events: StoredEvent[]): boolean {
  return events.some(isBallotEvent);
}


/** The living voters in seat order: the seats the ruleset's public roster does not show dead. */
function livingOf(ruleset: Ruleset, state: unknown, seats: string[]): string[] {
  const dead = new Set(ruleset.roster(state).filter((p) => !p.alive).map((p) => p.id));
  return seats.filter((id) => !dead.has(id));
}

/**
 * Pure: the count of one phase from its public ballot events. With `held` (what the store's slots hold
 * now, listActionOrders) a ballot counts only while the submission that cast it still holds its slot, and
 * ballots go in the order of those submissions: exactly the ballots the close reads (decision 8, D49).
 * Without it (a record's history) the events are replayed in their stored order.
 */
export function countVotes(
  events: StoredEvent[],
  living: string[],
  held?: readonly ActionOrder[],
): { lines: CountedLine[] } & Pick<VoteCount, 'abstain' | 'notVoting' | 'history' | 'majority' | 'living'> {
  const ballots = new Map<string, { target: string | null; order: string }>();
  const history: VoteChange[] = [];
  const holding = held ? new Map(held.filter((h) => h.order !== null).map((h) => [h.order!, h.player])) : null;
  events.filter(isBallotEvent).forEach((e, i) => {
    const voter = String(e.event.voter);
    const target = typeof e.event.target === 'string' ? e.event.target : null;
    const withdrawn = e.event.kind === 'vote-withdrawn';
    history.push({ at: originTime(e.origin), voter, target: withdrawn ? null : target, change: withdrawn ? 'withdraw' : target === null ? 'abstain' : 'vote' });
    if (holding) {
      const order = seqPrefix(e.origin);
      if (!withdrawn && holding.get(order) === voter) ballots.set(voter, { target, order });
      return;
    }
    // A ballot moved again counts from its latest casting.
    ballots.delete(voter);
    if (!withdrawn) ballots.set(voter, { target, order: String(i).padStart(12, '0') });
  });
  const alive = new Set(living);
  const lines = new Map<string, { voters: string[]; reached: string }>();
  const abstain: string[] = [];
  for (const [voter, ballot] of [...ballots].sort((a, b) => (a[1].order < b[1].order ? -1 : a[1].order > b[1].order ? 1 : 0))) {
    if (!alive.has(voter)) continue;
    if (ballot.target === null) {
      abstain.push(voter);
      continue;
    }
    const line = lines.get(ballot.target) ?? { voters: [], reached: '' };
    line.voters.push(voter);
    line.reached = ballot.order;
    lines.set(ballot.target, line);
  }
  const seat = (id: string) => (living.indexOf(id) < 0 ? Number.MAX_SAFE_INTEGER : living.indexOf(id));
  return {
    // Most votes first; a tie goes to whoever reached the count first, then to seat order.
    lines: [...lines]
      .sort((a, b) => b[1].voters.length - a[1].voters.length || a[1].reached.localeCompare(b[1].reached) || seat(a[0]) - seat(b[0]))
      .map(([target, line]) => ({ target, name: target, count: line.voters.length, voters: line.voters })),
    abstain,
    notVoting: living.filter((id) => !ballots.has(id)),
    history,
    living: living.length,
    majority: Math.floor(living.length / 2) + 1,
  };
}

/**
 * The count of `phase` (default: the open phase, else the last one), or null when its votes are not public:
 * the ruleset says which phases have public votes (`publicVotes`); without that hook, the record shows it.
 */
export async function voteCount(ports: Ports, loaded: Loaded, phase?: string): Promise<VoteCount | null> {
  const { meta, ruleset } = loaded;
  const which = phase ?? meta.phase ?? meta.history[meta.history.length - 1];
  if (which === undefined || !meta.history.includes(which)) return null;
  // STATE#phase is the phase as it was while open (until its close): who was alive to vote.
  const state = which === meta.phase && meta.status !== 'ended' ? await loadState(ports, meta) : await ports.store.getState(meta.id, which);
  if (state === null || (ruleset.publicVotes && !ruleset.publicVotes(state))) return null;
  const open = meta.phase === which && meta.status !== 'ended';
  // The phase's slots are its ballots (the close reads them; they stay after it). A phase whose slots
  // carry no submission order (an imported record) is counted from its events alone.
  const [events, players, orders] = await Promise.all([
    ports.store.listEvents(meta.id, [which]),
    ports.store.listPlayers(meta.id),
    ports.store.listActionOrders(meta.id, which),
  ]);
  const held = orders.some((o) => o.order !== null) ? orders : undefined;
  if (!ruleset.publicVotes && !hasPublicBallot(events)) return null;
  const names = Object.fromEntries(players.map((p) => [p.id, p.name]));
  const counted = countVotes(events, livingOf(ruleset, state, players.map((p) => p.id)), held);
  const rule = ruleset.voteRule?.(state) ?? null;
  const standing = standings(counted.lines, rule);
  return {
    match: meta.id,
    phase: which,
    open,
    deadline: open && meta.status === 'running' ? meta.deadline : null,
    ...counted,
    lines: counted.lines.map((l, i) => ({ target: l.target, name: names[l.target] ?? l.target, count: l.count, voters: l.voters, standing: standing[i]! })),
    rule,
    names,
  };
}

const json = (value: unknown) => `${JSON.stringify(value, null, 1)}\n`;

/**
 * Publishes `matches/<id>/votes/<phase>.json` for each of these phases whose votes are public. With `written`
 * (the bytes last written per file, kept by the caller) a file whose bytes did not change is not written again.
 */
export async function publishVoteCounts(
  ports: Ports,
  loaded: Loaded,
  phases: Array<string | null>,
  written?: Map<string, string>,
): Promise<Array<VoteCount | null>> {
  if (loaded.meta.status === 'lobby') return [];
  const published: Array<VoteCount | null> = [];
  for (const phase of new Set(phases)) {
    if (phase === null) continue;
    const count = await voteCount(ports, loaded, phase);
    const key = `matches/${loaded.meta.id}/votes/${phase}.json`;
    const body = count ? json(count) : null;
    if (body !== null && written?.get(key) !== body) {
      await ports.publisher.put(key, body);
      written?.set(key, body);
    }
    published.push(count);
  }
  return published;
}
