// The day's public vote board (LUP-8.2 – LUP-8.5): heads per target, what the close would do, and what is certain.
import type { Tally, TallyBallot, TallyLine } from '../../core/types.js';
import { dayBallots, dayVerdict, headCount, type DayVerdict } from './votes.js';
import type { LupusState } from './state.js';
import { living } from './state.js';

/** A line's fate under the day's verdict: the verdict for those on top, `safe` for the rest. */
const fateOf = (verdict: DayVerdict, onTop: boolean): string => (onTop && verdict !== 'nobody' ? verdict : 'safe');

/**
 * LUP-8.5: "certain" only when no ballot not yet cast and no unused Parroco removal can change it. The
 * public knows the table (LUP-4.4), not whether its Parroco lives or has used his removal: every Parroco of
 * the table may still take one vote off anyone. Cast ballots are taken to stand.
 */
function certainty(state: LupusState, voters: string[], cast: Map<string, string | null>, verdict: DayVerdict, holders: string[]) {
  const removals = state.table.filter((r) => r === 'parroco').length;
  const waiting = voters.filter((id) => !cast.has(id));
  if (waiting.length === 0 && removals === 0) return { line: () => true, decision: true };
  // Votes each has from cast ballots alone; a waiting voter may still name anyone alive but himself,
  // or, past his abstention limit, stay silent and vote for himself (LUP-8.3).
  const base: Record<string, number> = {};
  for (const target of cast.values()) if (target) base[target] = (base[target] ?? 0) + 1;
  const byId = new Map(state.players.map((p) => [p.id, p]));
  const most = (id: string) =>
    (base[id] ?? 0) +
    waiting.filter((w) => w !== id).length +
    (waiting.includes(id) && byId.get(id)!.abstentions >= state.rules.maxAbstentions ? 1 : 0);
  const least = (id: string) => Math.max(0, (base[id] ?? 0) - removals);
  const alwaysAbove = (x: string, y: string) => least(x) > most(y);
  const line = (id: string) => {
    if (verdict === 'stake' && holders[0] === id) return voters.every((y) => y === id || alwaysAbove(id, y));
    if (holders.includes(id)) return false;
    // Safe for good: someone always stays above him, or he can never get a vote (LUP-8.5: 0 kills nobody).
    return most(id) === 0 || voters.some((x) => x !== id && alwaysAbove(x, id));
  };
  // Nobody on top stays so only while nobody can get a vote at all.
  const decision = verdict === 'stake' ? line(holders[0]!) : verdict === 'nobody' ? voters.every((id) => most(id) === 0) : false;
  return { line, decision };
}

/** LUP-8.2: day ballots are public as cast; run-off ballots are secret (LUP-9.1), so a run-off has no board. */
export function tally(state: LupusState, ballots: readonly TallyBallot[]): Tally | null {
  if (state.phase?.kind !== 'day') return null;
  const voters = living(state).map((p) => p.id);
  const alive = new Set(voters);
  const cast = new Map<string, string | null>();
  for (const b of ballots) if (alive.has(b.voter)) cast.set(b.voter, b.target !== null && alive.has(b.target) ? b.target : null);
  const { ballots: final, forced } = dayBallots(state, (id) => (cast.has(id) ? { target: cast.get(id)! } : undefined));
  const counted = headCount(final);
  const { verdict, holders } = dayVerdict(state, voters, counted);
  const sure = certainty(state, voters, cast, verdict, holders);
  const seat = (id: string) => voters.indexOf(id);
  // Voters in ballot order, then the forced ones in seat order.
  const order = [...cast.keys(), ...forced];
  const lines: TallyLine[] = Object.keys(counted)
    .sort((a, b) => counted[b]! - counted[a]! || seat(a) - seat(b))
    .map((target) => ({
      target,
      count: counted[target]!,
      voters: order.filter((v) => final[v] === target),
      outcome: fateOf(verdict, holders.includes(target)),
      certain: sure.line(target),
    }));
  return {
    unit: 'heads',
    lines,
    voters,
    barred: [],
    abstain: [...cast.keys()].filter((v) => final[v] === null),
    waiting: voters.filter((id) => !cast.has(id)),
    forced,
    // A tie that kills nobody decides nobody, as a day with no vote does.
    decision: verdict === 'spared' ? 'nobody' : verdict,
    certain: sure.decision,
  };
}
