// Vote counts as forum communities post them: the ruleset's own tally (decision 13) of the current ballots,
// read only from public `vote-cast` / `vote-withdrawn` events and the slots the close reads.
import { canRead, type StoredEvent } from '../../../engine/core/events.js';
import { originTime, seqPrefix } from '../../../engine/core/origin.js';
import type { Ruleset, TallyBallot } from '../../../engine/core/types.js';
import type { VoteChange, VoteCount } from './vote-count.js';
import type { Ports } from '../../ports.js';
import type { ActionOrder } from '../../records.js';
import { loadState, type Loaded } from '../context.js';

export type { VoteChange, VoteCount, VoteLine } from './vote-count.js';

const isBallotEvent = (e: StoredEvent) =>
  canRead(e, { as: 'public' }) && (e.event.kind === 'vote-cast' || e.event.kind === 'vote-withdrawn');

/** Whether these events carry a public ballot change (a vote count then needs publishing). */
export function hasPublicBallot(events: StoredEvent[]): boolean {
  return events.some(isBallotEvent);
}

/**
 * Pure: the current ballots of one phase from its public ballot events, in the order the close reads them
 * (their submissions' order), with the chronology. With `held` (what the store's slots hold now,
 * listActionOrders) a ballot counts only while the submission that cast it still holds its slot (decision 8,
 * D49). Without it (a record's history) the events are replayed in their stored order.
 */
export function ballotsOf(events: StoredEvent[], held?: readonly ActionOrder[]): { ballots: TallyBallot[]; history: VoteChange[] } {
  const ballots = new Map<string, { target: string | null; order: string }>();
  const history: VoteChange[] = [];
  const holding = held ? new Map(held.filter((h) => h.order !== null).map((h) => [h.order!, h.player])) : null;
  events.filter(isBallotEvent).forEach((e, i) => {
    const voter = String(e.event.voter);
    const target = typeof e.event.target === 'string' ? e.event.target : null;
    const withdrawn = e.event.kind === 'vote-withdrawn';
    history.push({
      at: originTime(e.origin),
      voter,
      target: withdrawn ? null : target,
      change: withdrawn ? 'withdraw' : target === null ? 'abstain' : 'vote',
    });
    if (holding) {
      const order = seqPrefix(e.origin);
      if (!withdrawn && holding.get(order) === voter) ballots.set(voter, { target, order });
      return;
    }
    // A ballot moved again counts from its latest casting.
    ballots.delete(voter);
    if (!withdrawn) ballots.set(voter, { target, order: String(i).padStart(12, '0') });
  });
  const inOrder = [...ballots].sort((a, b) => (a[1].order < b[1].order ? -1 : a[1].order > b[1].order ? 1 : 0));
  return { ballots: inOrder.map(([voter, b]) => ({ voter, target: b.target })), history };
}

/** What a count is without its match, phase, deadline and chronology. */
export type Counted = Omit<VoteCount, 'match' | 'phase' | 'open' | 'deadline' | 'history'>;

/**
 * Pure: the count the platform publishes is the ruleset's own tally (decision 13), with names; null when
 * the phase has no public vote. Its inputs are plain, so it can be called wherever the ballots are at hand.
 */
export function countOf(ruleset: Ruleset, state: unknown, ballots: readonly TallyBallot[], names: Record<string, string>): Counted | null {
  const tally = ruleset.tally(state, ballots);
  if (tally === null) return null;
  return {
    unit: tally.unit,
    living: tally.voters.length,
    lines: tally.lines.map((l) => ({
      target: l.target,
      name: names[l.target] ?? l.target,
      count: l.count,
      voters: l.voters,
      outcome: l.outcome,
      certain: l.certain,
    })),
    abstain: tally.abstain,
    notVoting: tally.waiting,
    barred: tally.barred,
    forced: tally.forced,
    decision: tally.decision,
    certain: tally.certain,
    names,
  };
}

/**
 * The count of `phase` (default: the open phase, else the last one), or null when its votes are not public:
 * the ruleset says which phases have public votes (`publicVotes`); without that hook, the record shows it.
 * `ballotEvents`, the phase's public ballot events where the caller keeps them (the stream's consumer,
 * functions/effects/chronology.ts), spare the read of the phase's events.
 */
export async function voteCount(ports: Ports, loaded: Loaded, phase?: string, ballotEvents?: StoredEvent[]): Promise<VoteCount | null> {
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
    ballotEvents ?? ports.store.listEvents(meta.id, [which]),
    ports.store.listPlayers(meta.id),
    ports.store.listActionOrders(meta.id, which),
  ]);
  const held = orders.some((o) => o.order !== null) ? orders : undefined;
  if (!ruleset.publicVotes && !hasPublicBallot(events)) return null;
  const names = Object.fromEntries(players.map((p) => [p.id, p.name]));
  const { ballots, history } = ballotsOf(events, held);
  const counted = countOf(ruleset, state, ballots, names);
  if (counted === null) return null;
  return { match: meta.id, phase: which, open, deadline: open && meta.status === 'running' ? meta.deadline : null, ...counted, history };
}

const json = (value: unknown) => `${JSON.stringify(value, null, 1)}\n`;

/**
 * Publishes `matches/<id>/votes/<phase>.json` for each of these phases whose votes are public. With `written`
 * (the bytes last written per file, kept by the caller) a file whose bytes did not change is not written again;
 * with `openBallots` the open phase is counted from them (see voteCount).
 */
export async function publishVoteCounts(
  ports: Ports,
  loaded: Loaded,
  phases: Array<string | null>,
  written?: Map<string, string>,
  openBallots?: StoredEvent[],
): Promise<Array<VoteCount | null>> {
  if (loaded.meta.status === 'lobby') return [];
  const published: Array<VoteCount | null> = [];
  for (const phase of new Set(phases)) {
    if (phase === null) continue;
    const count = await voteCount(ports, loaded, phase, phase === loaded.meta.phase ? openBallots : undefined);
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
