// MAF-3.2–3.7: counting the votes at the day close, and the ordered tie-breaks.
import type { Rng } from '../../core/rng.js';
import { RARITIES_HIGH_FIRST } from './ids.js';
import { catalogOf, hasSpecialty } from './state.js';
import type { MafiaState, PhaseRef, PlayerState } from './state.js';
import { statOf } from './stats.js';

export interface Ballot {
  voter: PlayerState;
  target: string;
}

export interface VoteOutcome {
  tally: Record<string, number>;
  leaders: string[];
  jailed: string | null;
  decidedBy: string;
}

/** MAF-3.6 (1): does he hold an item of this rarity? Starting bandit items do not count, nor maps. */
function holdsRarity(state: MafiaState, p: PlayerState, rarity: string): boolean {
  const cat = catalogOf(state);
  return p.items.some((c) => !c.starting && cat.item.get(c.item)?.rarity === rarity);
}

/** MAF-3.3, 3.4: counted votes (voter not day-blocked, strength at the close > 0), tally and leaders. */
export function countVotes(
  state: MafiaState,
  ballots: Ballot[],
  blocked: Set<string>,
  at: PhaseRef,
): { counted: Array<Ballot & { strength: number }>; tally: Record<string, number>; leaders: string[] } {
  const counted = ballots
    .filter((b) => !blocked.has(b.voter.id))
    .map((b) => ({ ...b, strength: statOf(state, b.voter, at, 'vote-strength') }))
    .filter((b) => b.strength > 0);
  const tally: Record<string, number> = {};
  for (const p of state.players) {
    const units = counted.filter((b) => b.target === p.id).reduce((sum, b) => sum + b.strength, 0);
    if (units > 0) tally[p.id] = units;
  }
  const top = Math.max(0, ...Object.values(tally));
  const leaders = state.players.filter((p) => top > 0 && tally[p.id] === top).map((p) => p.id);
  return { counted, tally, leaders };
}

/**
 * MAF-3.4, 3.5: what the leaders of a count come to before any tie-break: nobody (no counted vote, or a
 * tie on a tie-free day), the one leader, or the tie-break (MAF-3.6). The close and the board (tally.ts) share it.
 */
export function verdict(state: MafiaState, leaders: readonly string[], at: PhaseRef): 'none' | 'votes' | 'tie-break' {
  if (leaders.length === 0) return 'none';
  if (leaders.length === 1) return 'votes';
  return at.n <= state.settings['tie-free-days'] ? 'none' : 'tie-break';
}

/** MAF-3.5, 3.6: one leader is jailed; a tie jails nobody on tie-free days, else the ordered tie-breaks. */
export function decide(state: MafiaState, ballots: Ballot[], blocked: Set<string>, at: PhaseRef, rng: Rng): VoteOutcome {
  const { counted, tally, leaders } = countVotes(state, ballots, blocked, at);
  const first = verdict(state, leaders, at);
  if (first === 'none') return { tally, leaders, jailed: null, decidedBy: 'none' };
  if (first === 'votes') return { tally, leaders, jailed: leaders[0]!, decidedBy: 'votes' };
  const player = (id: string) => state.players.find((p) => p.id === id)!;
  let candidates = [...leaders];
  // (1) Holding protects: legendary down to thing.
  for (const rarity of RARITIES_HIGH_FIRST) {
    const holders = candidates.filter((id) => holdsRarity(state, player(id), rarity));
    if (holders.length > 0 && holders.length < candidates.length) candidates = candidates.filter((id) => !holders.includes(id));
    if (candidates.length === 1) return { tally, leaders, jailed: candidates[0]!, decidedBy: rarity };
  }
  // (2) Counted votes by guards (specialty not suspended).
  const guardVotes = (id: string) => counted.filter((b) => b.target === id && hasSpecialty(b.voter, 'guard', at)).length;
  const most = Math.max(...candidates.map(guardVotes));
  const byGuards = candidates.filter((id) => guardVotes(id) === most);
  if (byGuards.length < candidates.length) candidates = byGuards;
  if (candidates.length === 1) return { tally, leaders, jailed: candidates[0]!, decidedBy: 'guards' };
  // (3) Random (forced dice: the first remaining in seat order).
  return { tally, leaders, jailed: rng.pick(candidates), decidedBy: 'random' };
}
