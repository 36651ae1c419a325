// Shared builders for the Kill Game tests.
import type { DiceMode } from '../../../engine/core/rng.js';
import { Match } from './harness.js';

type P = { id: string } & Record<string, unknown>;

/** A match opened at `tactic-<turn>` (default 2) with fixed zones, no monsters, rations off unless said. */
export function at(
  players: P[],
  opts: { settings?: Record<string, unknown>; setup?: Record<string, unknown>; dice?: DiceMode; seed?: string; turn?: number } = {},
): Match {
  return new Match({
    players,
    settings: { monsters: 0, 'k-rations': false, ...opts.settings },
    setup: { startTurn: opts.turn ?? 2, ...opts.setup },
    dice: opts.dice ?? 'succeed',
    seed: opts.seed ?? 'test',
  });
}

/** Closes the open tactic phase (no actions) so the action phase opens. */
export function toAction(m: Match): Match {
  if (m.phase?.startsWith('tactic-')) m.close();
  return m;
}

/** The first event of a kind to a reader in a phase. */
export function first(m: Match, phase: string, to: string, kind: string) {
  return m.eventsOf(phase, to, kind)[0];
}

export { Match };
