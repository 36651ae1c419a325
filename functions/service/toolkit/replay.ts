// Replay: re-runs a whole record (setup, removals, every resolution) with the engine and compares it byte for byte.
import { closePhase, startMatch } from '../../../engine/core/match.js';
import { withReaders, type StoredEvent } from '../../../engine/core/events.js';
import type { Ruleset } from '../../../engine/core/types.js';
import { FORCED_END } from './end.js';
import { rulesetSettings } from './policy.js';
import { stateHash, type MatchRecord } from './record.js';

/** Where a replay first parts from its record. */
export interface Difference {
  phase: string;
  /** Index of the first differing event among the phase's start or close events, when events differ. */
  event?: number;
  expected?: unknown;
  actual?: unknown;
  message: string;
}

export interface ReplayResult {
  identical: boolean;
  /** Phases re-resolved. */
  resolved: number;
  firstDifference?: Difference;
  /** The states the replay computed, by state key (a phase, or `final`). */
  states: Record<string, unknown>;
}

const START = '!start-';
const CLOSE = '~close-';
/** lifecycle.ts marks a removal's events so (functions/service/audit.ts reads the same marker). */
const REMOVAL = /^\d{15}-removal-([a-z0-9-]+)-\d{6}$/;

const bytes = (e: unknown) => JSON.stringify(e);

function compareEvents(phase: string, recorded: StoredEvent[], computed: StoredEvent[]): Difference | null {
  for (let i = 0; i < Math.max(recorded.length, computed.length); i++) {
    if (bytes(recorded[i]) !== bytes(computed[i])) {
      return {
        phase,
        event: i,
        expected: recorded[i] ?? null,
        actual: computed[i] ?? null,
        message: `event ${i} of ${phase} differs`,
      };
    }
  }
  return null;
}

function removalsIn(events: StoredEvent[]): string[] {
  const seen: string[] = [];
  for (const e of events) {
    const player = REMOVAL.exec(e.seq)?.[1];
    if (player !== undefined && !seen.includes(player)) seen.push(player);
  }
  return seen;
}

/**
 * Re-runs the record: the setup from its start input, seed and dice; then per phase, the removals it
 * recorded (in order), the state compared with the recorded hash, the close from the recorded final
 * actions and its events compared byte for byte. Submission events (votes cast, messages) are the
 * record's own and not recomputed; substitutions never touch the state.
 */
export function replayRecord(ruleset: Ruleset, record: MatchRecord): ReplayResult {
  const states: Record<string, unknown> = {};
  let resolved = 0;
  const same = (): ReplayResult => ({ identical: true, resolved, states });
  const differ = (d: Difference): ReplayResult => ({ identical: false, resolved, firstDifference: d, states });
  const { match, start } = record;
  if (start === null || match.seed === null) return same();

  const seed = match.seed;
  const phases = new Map(record.phases.map((p) => [p.phase, p]));
  const eventsOf = (phase: string) => phases.get(phase)?.events ?? [];
  const opened = startMatch(ruleset, {
    players: start.players,
    settings: rulesetSettings(start.settings),
    seed,
    dice: match.dice,
    setup: start.setup,
  });
  const first = match.history[0] ?? 'start';
  const startDiff = compareEvents(
    first,
    eventsOf(first).filter((e) => e.seq.startsWith(START)),
    withReaders(opened.events, ruleset.channels(opened.state), first, START),
  );
  if (startDiff) return differ(startDiff);
  if (opened.phase !== (match.history[0] ?? null)) {
    return differ({ phase: first, message: `the setup opens ${opened.phase ?? 'no phase'}, the record ${match.history[0] ?? 'none'}` });
  }

  const finish = (state: unknown): ReplayResult => {
    states.final = state;
    const recorded = record.final?.state ?? null;
    if (recorded !== null && recorded !== stateHash(state)) {
      return differ({ phase: match.history[match.history.length - 1] ?? first, message: 'the final state differs from the record' });
    }
    return same();
  };

  let state = opened.state;
  for (let i = 0; i < match.history.length; i++) {
    const phase = match.history[i]!;
    const rec = phases.get(phase);
    const events = rec?.events ?? [];
    for (const player of removalsIn(events)) state = ruleset.remove(state, player, []).state;
    states[phase] = state;
    if (rec?.state && rec.state !== stateHash(state)) {
      return differ({ phase, message: `the state of ${phase} (as it closed) differs from the record` });
    }
    const forced = events.find((e) => FORCED_END.test(e.seq) && e.event.kind === 'match-ended');
    if (forced) {
      const winner = String(forced.event.winner);
      return finish(ruleset.forceEnd ? ruleset.forceEnd(state, winner) : state);
    }
    if (ruleset.phase(state) === null) return finish(state);
    const last = i === match.history.length - 1;
    if (last && match.status !== 'ended') return same();

    const closed = closePhase(ruleset, state, rec?.actions ?? [], seed, match.dice);
    resolved++;
    const closeDiff = compareEvents(
      phase,
      events.filter((e) => e.seq.startsWith(CLOSE)),
      withReaders(closed.events, ruleset.channels(closed.state), phase, CLOSE),
    );
    if (closeDiff) return differ(closeDiff);
    state = closed.state;
    const expectedNext = last ? null : match.history[i + 1]!;
    if (closed.next !== expectedNext) {
      return differ({ phase, message: `the close opens ${closed.next ?? 'no phase'}, the record ${expectedNext ?? 'ends the match'}` });
    }
    if (closed.next === null) return finish(state);
  }
  return same();
}
