// The day's public vote board (MAF-3.2 – 3.5): vote units per target, what the close would do, and what is certain.
import type { Tally, TallyBallot, TallyLine } from '../../core/types.js';
import type { CatalogIndex, Effect } from './catalog.js';
import { catalogOf, findPlayer, inTown } from './state.js';
import type { MafiaState } from './state.js';
import { countVotes, verdict, type Ballot } from './votes.js';

/**
 * Whether something the public cannot see may still change a counted vote before the close: a day block
 * landed last night (MAF-9.16, 3.10: the vote is announced but not counted, D22), or a day item that
 * changes vote strength or blocks (MAF-3.3: strength at the close, after the day's items). Read from the
 * catalog alone, which is public, never from who holds what.
 */
function votesMayTurn(cat: CatalogIndex): boolean {
  const turns = (e: Effect) => e.type === 'block' || (e.type === 'stat' && e.stat === 'vote-strength');
  const nextDayBlock = (e: Effect) => e.type === 'block' && e.when === 'next-day';
  return (
    cat.catalog.items.some((it) => it.effect.some(nextDayBlock) || (it.phase === 'day' && it.effect.some(turns))) ||
    cat.catalog.sets.some((s) => s.active?.effect.some(nextDayBlock) ?? false)
  );
}

const DECISION = { none: 'nobody', votes: 'jailed', 'tie-break': 'tie-break' } as const;
/** What the verdict does to a leader: jailed, sent to the tie-break (MAF-3.6), or spared (a tie on a tie-free day). */
const LEADER = { none: 'spared', votes: 'jailed', 'tie-break': 'tie-break' } as const;

/**
 * MAF-3.1: day votes are public as cast. The board counts them as the close does (votes.ts countVotes,
 * verdict), each with its voter's strength as it stands (MAF-6.1: what it would count with if nothing else
 * changed). A day block is never assumed (D22: it stays secret until the close); it is one reason nothing
 * is certain while a catalog can block or change strength by day.
 */
export function tally(state: MafiaState, ballots: readonly TallyBallot[]): Tally | null {
  const at = state.phase;
  if (at?.kind !== 'day') return null;
  const town = state.players.filter(inTown);
  const voters = town.map((p) => p.id);
  const cast = new Map<string, string | null>();
  for (const b of ballots) {
    const voter = findPlayer(state, b.voter);
    if (!voter || !inTown(voter)) continue;
    const target = b.target === null ? undefined : findPlayer(state, b.target);
    cast.set(voter.id, target && inTown(target) && target.id !== voter.id ? target.id : null);
  }
  const counted: Ballot[] = [...cast].filter(([, t]) => t !== null).map(([v, t]) => ({ voter: findPlayer(state, v)!, target: t! }));
  const { tally: units, leaders } = countVotes(state, counted, new Set(), at);
  const v = verdict(state, leaders, at);
  const waiting = voters.filter((id) => !cast.has(id));

  // Certain only while nothing hidden can turn a vote; then a waiting voter may still add up to the cap.
  const fixed = !votesMayTurn(catalogOf(state));
  const cap = state.settings['vote-strength-cap'];
  const has = (id: string) => units[id] ?? 0;
  const most = (id: string) => has(id) + cap * waiting.filter((w) => w !== id).length;
  const alwaysAbove = (x: string, y: string) => has(x) > most(y);
  const certain = (id: string, outcome: string): boolean => {
    if (!fixed) return false;
    if (waiting.length === 0) return true;
    if (outcome === 'jailed') return voters.every((y) => y === id || alwaysAbove(id, y));
    if (outcome === 'safe') return most(id) === 0 || voters.some((x) => x !== id && alwaysAbove(x, id));
    return false;
  };

  const seat = (id: string) => voters.indexOf(id);
  const targets = [...new Set(counted.map((b) => b.target))];
  const lines: TallyLine[] = targets
    .sort((a, b) => has(b) - has(a) || seat(a) - seat(b))
    .map((target) => {
      const outcome = leaders.includes(target) ? LEADER[v] : 'safe';
      return {
        target,
        count: has(target),
        voters: counted.filter((b) => b.target === target).map((b) => b.voter.id),
        outcome,
        certain: certain(target, outcome),
      };
    });
  const decision = DECISION[v];
  return {
    unit: 'units',
    lines,
    voters,
    // MAF-0.3, 1.14: a player away is alive but out of town, and the public view shows it.
    barred: state.players.filter((p) => p.status === 'away').map((p) => p.id),
    abstain: [...cast].filter(([, t]) => t === null).map(([v]) => v),
    waiting,
    forced: [],
    decision,
    certain:
      decision === 'jailed'
        ? certain(leaders[0]!, 'jailed')
        : fixed && (waiting.length === 0 || (decision === 'nobody' && voters.every((id) => most(id) === 0))),
  };
}
