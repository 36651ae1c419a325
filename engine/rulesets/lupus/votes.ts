// Sections 8 and 9: the day vote, the run-off, and what a burning leaves behind.
import type { Rng } from '../../core/rng.js';
import type { GameEvent, PendingAction } from '../../core/types.js';
import { catCurse } from './curse.js';
import { kill } from './deaths.js';
import type { Stored } from './pending.js';
import { field, indexActions } from './pending.js';
import type { LupusPlayer, LupusState } from './state.js';
import { factionOf, findPlayer, getPlayer, isWolf, living } from './state.js';
import { checkVictory } from './victory.js';

/** LUP-8.4 / LUP-9.3: the Parroco's removal takes one vote off, never below 0; consumed at the close. */
function applyRemoval(state: LupusState, stored: Stored, tally: Record<string, number>, n: number) {
  for (const priest of living(state).filter((p) => p.role === 'parroco')) {
    const target = field(stored.get(priest.id, 'remove-vote'), 'target');
    if (!target) continue;
    priest.removeVoteDay = n;
    if (target in tally) tally[target] = Math.max(0, tally[target]! - 1);
  }
}

/** The highest tally and who holds it, in seat order. */
function top(ids: string[], tally: Record<string, number>): { max: number; holders: string[] } {
  const max = Math.max(0, ...ids.map((id) => tally[id] ?? 0));
  return { max, holders: ids.filter((id) => (tally[id] ?? 0) === max) };
}

/** Stake deaths: public `death`, the Super Medium's next report (LUP-7.12), the cat's curse (LUP-8.7). */
function burn(state: LupusState, dead: LupusPlayer[], rng: Rng): GameEvent[] {
  const events: GameEvent[] = [];
  for (const p of dead) {
    const death = kill(state, p, 'stake');
    if (!death) continue;
    events.push(death);
    state.stakeDeaths.push({ player: p.id, wolf: isWolf(p) });
  }
  for (const cat of dead.filter((p) => p.role === 'gatto-nero')) catCurse(state, cat, rng);
  return events;
}

/** A voter's stored day ballot as the close reads it: a living target, an abstention (null), or none at all. */
export type DayBallot = { target: string | null } | undefined;

/**
 * LUP-8.2, LUP-8.3: every living voter's final day ballot (null: an abstention), in seat order; a voter with
 * no ballot once his abstentions reached the limit votes for himself (`forced`). The close and the board share it.
 */
export function dayBallots(
  state: LupusState,
  ballotOf: (voter: string) => DayBallot,
): { ballots: Record<string, string | null>; forced: string[] } {
  const ballots: Record<string, string | null> = {};
  const forced: string[] = [];
  for (const p of living(state)) {
    const ballot = ballotOf(p.id);
    const target = ballot?.target ? findPlayer(state, ballot.target) : undefined;
    if (target?.alive) {
      ballots[p.id] = target.id;
    } else if (!ballot && p.abstentions >= state.rules.maxAbstentions) {
      // LUP-8.3 (D-10): past the limit silence is a vote against himself.
      ballots[p.id] = p.id;
      forced.push(p.id);
    } else {
      ballots[p.id] = null;
    }
  }
  return { ballots, forced };
}

/** Votes received per target (forced votes included), before any removal. */
export function headCount(ballots: Record<string, string | null>): Record<string, number> {
  const tally: Record<string, number> = {};
  for (const target of Object.values(ballots)) if (target) tally[target] = (tally[target] ?? 0) + 1;
  return tally;
}

/** What a day's tally does (LUP-8.5, D-32): nobody, the one on top to the stake, or a tie by `tie-rule`. */
export type DayVerdict = 'nobody' | 'stake' | 'runoff' | 'lot' | 'spared';

/** LUP-8.5: the verdict of a day tally over these voters (seat order) and who holds the top. */
export function dayVerdict(state: LupusState, voters: string[], tally: Record<string, number>): { verdict: DayVerdict; holders: string[] } {
  const { max, holders } = top(voters, tally);
  if (max === 0) return { verdict: 'nobody', holders: [] };
  if (holders.length === 1) return { verdict: 'stake', holders };
  const rule = state.rules.tieRule;
  return { verdict: rule === 'runoff' ? 'runoff' : rule === 'random' ? 'lot' : 'spared', holders };
}

/** LUP-8.2 – LUP-8.6 */
export function resolveDay(state: LupusState, actions: readonly PendingAction[], rng: Rng): GameEvent[] {
  const n = state.phase!.n;
  const stored = indexActions(actions);
  const voters = living(state);
  const { ballots, forced } = dayBallots(state, (id) => {
    const ballot = stored.get(id, 'ballot');
    return ballot ? { target: ballot.type === 'vote' ? (field(ballot, 'target') ?? null) : null } : undefined;
  });
  for (const p of voters) if (ballots[p.id] === null && p.abstentions < state.rules.maxAbstentions) p.abstentions += 1;

  const tally = headCount(ballots);
  applyRemoval(state, stored, tally, n);

  // LUP-8.5 (D-32)
  const { verdict, holders } = dayVerdict(
    state,
    voters.map((p) => p.id),
    tally,
  );
  let dead: string[] = [];
  let runoff: string[] | null = null;
  if (verdict === 'stake') dead = holders;
  else if (verdict === 'runoff') runoff = holders;
  else if (verdict === 'lot') dead = [rng.pick(holders)];

  state.day = { n, ballots, forced };
  state.stakeDeaths = [];
  const events: GameEvent[] = [{ kind: 'day-result', to: 'public', ballots, forced, runoff }];
  events.push(
    ...burn(
      state,
      dead.map((id) => getPlayer(state, id)),
      rng,
    ),
  );
  const ended = checkVictory(state);
  if (ended.length === 0) {
    state.runoff = runoff;
    state.phase = runoff ? { kind: 'runoff', n } : { kind: 'night', n: n + 1 };
  }
  return [...events, ...ended];
}

/** LUP-9.1 – LUP-9.5 */
export function resolveRunoff(state: LupusState, actions: readonly PendingAction[], rng: Rng): GameEvent[] {
  const n = state.phase!.n;
  const stored = indexActions(actions);
  const candidates = (state.runoff ?? []).filter((id) => findPlayer(state, id)?.alive);
  const day = state.day?.n === n ? state.day : null;

  // LUP-9.2 (D-11, D-35): silence carries a real day vote for a candidate over; abstention is free.
  const ballots: Record<string, string | null> = {};
  for (const p of living(state)) {
    const ballot = stored.get(p.id, 'ballot');
    const named = field(ballot, 'target');
    const carried = day && !day.forced.includes(p.id) ? day.ballots[p.id] : null;
    if (ballot) ballots[p.id] = ballot.type === 'vote' && named && candidates.includes(named) ? named : null;
    else ballots[p.id] = carried && candidates.includes(carried) ? carried : null;
  }

  const tally: Record<string, number> = {};
  for (const target of Object.values(ballots)) if (target) tally[target] = (tally[target] ?? 0) + 1;
  applyRemoval(state, stored, tally, n);

  // LUP-9.4 (D-12, D-13, D-14): the village voters break a tie; if they tie too, all still tied burn.
  let dead: string[] = [];
  if (candidates.length > 0) {
    const tied = top(candidates, tally).holders;
    const villageVoters: Record<string, number> = {};
    for (const [voter, target] of Object.entries(ballots)) {
      if (target && factionOf(getPlayer(state, voter)) === 'village') {
        villageVoters[target] = (villageVoters[target] ?? 0) + 1;
      }
    }
    dead = tied.length === 1 ? tied : top(tied, villageVoters).holders;
  }

  state.runoff = null;
  const events: GameEvent[] = [{ kind: 'runoff-result', to: 'public', dead }];
  events.push(
    ...burn(
      state,
      dead.map((id) => getPlayer(state, id)),
      rng,
    ),
  );
  const ended = checkVictory(state);
  if (ended.length === 0) state.phase = { kind: 'night', n: n + 1 };
  return [...events, ...ended];
}
