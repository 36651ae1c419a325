// Tables the Lupus tests play with: the default 13 seats under readable ids, and small custom ones.
import type { ActionInput } from '../../../engine/core/types.js';
import { seats } from '../../support/lupus-seats.js';
import { Match, type MatchOptions, type Seat } from './harness.js';

/** LUP-4.1's table in the spec's order, each seat named after its role. */
export const THIRTEEN: Array<[string, string]> = [
  ['seer', 'veggente-gufato'],
  ['priest', 'parroco'],
  ['spirit', 'spirito-bianco'],
  ['medium', 'super-medium'],
  ['girl', 'bambina'],
  ['witch', 'strega'],
  ['bard', 'bardo'],
  ['cat', 'gatto-nero'],
  ['nightmare', 'lupo-dell-incubo'],
  ['hound', 'lupo-segugio'],
  ['ghost', 'lupo-spirito'],
  ['dracula', 'dracula'],
  ['necro', 'negromante'],
];

/**
 * The default table. Long tests skip days with everyone silent, so the abstention limit is
 * raised to its maximum unless a test sets it (LUP-8.3 would otherwise force self-votes).
 */
export function thirteen(options: MatchOptions = {}): Match {
  return new Match(THIRTEEN, { ...options, settings: { 'max-abstentions': 10, ...options.settings } });
}

/** The default table played through `phase`: the phases before it close with nobody acting, `phase` closes on `actions`. */
export function thirteenThrough(phase: string, actions: Array<[string, ActionInput]>, options: MatchOptions = {}): Match {
  const match = skipTo(thirteen(options), phase);
  match.play(actions);
  match.close();
  return match;
}

export interface TableOptions extends MatchOptions {
  /** Abstentions already spent (LUP-8.3), by seat. */
  abstentions?: Record<string, number>;
}

/** A custom table, its seats as a list or as a line of test/support/lupus-seats.ts (`'a b:zucca-semplice w:lupo-mannaro'`). */
export function table(line: string | Seat[], { abstentions = {}, ...options }: TableOptions = {}): Match {
  const list: Seat[] = typeof line === 'string' ? seats(line) : line;
  return new Match(
    list.map((s) => {
      const seat = Array.isArray(s) ? { id: s[0], role: s[1] } : s;
      return abstentions[seat.id] === undefined ? seat : { ...seat, abstentions: abstentions[seat.id] };
    }),
    options,
  );
}

/** Day or run-off ballots in the order given: a target, or null for an explicit abstention. */
export function votes(ballots: Record<string, string | null>): Array<[string, ActionInput]> {
  return Object.entries(ballots).map(([voter, target]) => [voter, target === null ? { type: 'abstain' } : { type: 'vote', target }]);
}

/** Closes phases with no actions until `phase` is open (days pass with everyone abstaining). */
export function skipTo(match: Match, phase: string): Match {
  for (let i = 0; i < 50 && match.phase !== phase; i++) {
    if (match.phase === null) throw new Error(`match ended before ${phase}`);
    match.close();
  }
  if (match.phase !== phase) throw new Error(`never reached ${phase}`);
  return match;
}

/** Burns `target` on the current day: every other living player votes him. */
export function burn(match: Match, target: string): Match {
  for (const p of match.state.players) {
    if (p.alive && p.id !== target) match.play([[p.id, { type: 'vote', target }]]);
  }
  if (match.state.players.find((p) => p.id === target)?.alive) {
    const other = match.state.players.find((p) => p.alive && p.id !== target)!;
    match.play([[target, { type: 'vote', target: other.id }]]);
  }
  match.close();
  return match;
}

/** Nine seats for the action and removal tests: the seer, five pumpkins, two werewolves and a hound. */
export const NINE = 'seer:veggente-gufato a b c d e:zucca-semplice w1 w2:lupo-mannaro w3:lupo-segugio';

/** `line`'s table at night 2, `burned` burned on day 1 (nobody acts otherwise). */
export function nightTwoAfterBurning(line: string | Seat[], burned: string, options: TableOptions = {}): Match {
  const match = skipTo(table(line, options), 'day-1');
  burn(match, burned);
  return match;
}

/** `line`'s table at the close of day 1 on `ballots` (night 1 passes with nobody acting): a tie opens `runoff-1`. */
export function afterDayOne(line: string | Seat[], ballots: Record<string, string | null>, options: TableOptions = {}): Match {
  const match = table(line, options);
  match.close();
  match.play(votes(ballots));
  match.close();
  return match;
}
