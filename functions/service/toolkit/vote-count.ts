// The published vote count (GET /votes, matches/<id>/votes/<phase>.json, the page's board, the vote posts):
// the ruleset's own tally of a phase's public vote (decision 13) with names, deadline and chronology. Types only.

/** One line: a player voted for, in the ruleset's unit, and what the close would do to him. */
export interface VoteLine {
  target: string;
  name: string;
  /** Votes for him in the count's `unit`. */
  count: number;
  /** Voters in ballot order. */
  voters: string[];
  /** The ruleset's id for what the close does to him on these ballots (Mafia `jailed`, Lupus `stake`, `runoff`, `safe`, ...). */
  outcome: string;
  /** No ballot still to come and no action the public cannot rule out can change `outcome` (while the cast ballots stand). */
  certain: boolean;
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
  /** What a line's count counts: `heads`, or `units` of vote strength (Mafia, MAF-3.2). */
  unit: 'heads' | 'units';
  /** How many may vote. */
  living: number;
  lines: VoteLine[];
  abstain: string[];
  /** Voters with no ballot yet, in seat order. */
  notVoting: string[];
  /** Alive but not allowed to vote, where the public knows it (Mafia: away), in seat order. */
  barred: string[];
  /** Voters without a ballot whom the close counts as voting for themselves (Lupus, LUP-8.3). */
  forced: string[];
  /** What the close decides on these ballots, in the ruleset's ids (`jailed`, `stake`, `runoff`, `tie-break`, `lot`, `nobody`). */
  decision: string;
  certain: boolean;
  names: Record<string, string>;
  history: VoteChange[];
}
