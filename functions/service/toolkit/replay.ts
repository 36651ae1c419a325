// Replay: re-runs a whole record (setup, removals, every resolution) with the engine and compares it byte for byte.
import { closePhase, pendingAfterRemoval, startMatch } from '../../../engine/core/match.js';
import { expand, withReaders, type StoredEvent } from '../../../engine/core/events.js';
import type { PendingAction, Ruleset } from '../../../engine/core/types.js';
import { canonical, noticeIsMade, rebuildSubmission, stepsOf, strayBallot } from './given-events.js';
import { rulesetSettings } from '../platform-settings.js';
import { stateHash, type MatchRecord } from './record.js';
import { winners } from './end.js';
import { unsubmittedFinal } from './import-finals.js';

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
  /** Every event as the replay rebuilt it, phase by phase in seq order (what an import stores). */
  events: StoredEvent[];
  /** Who won, as the replay's end says (absent while the match runs, or when nobody did). */
  winner?: string;
}

const bytes = canonical;
const bySeq = (a: StoredEvent, b: StoredEvent) => (a.seq < b.seq ? -1 : a.seq > b.seq ? 1 : 0);

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

/**
 * Re-runs the record: the setup from its start input, seed and dice; then per phase every step between
 * its opening and its close (removals, substitutions, submissions, posts, a forced end) rebuilt by the
 * engine from the state of the moment, the state compared with the recorded hash, the close from the
 * recorded final actions. Each phase's events, rebuilt, are compared with the record's byte for byte:
 * an event that no step makes is a difference like any other.
 */
export function replayRecord(ruleset: Ruleset, record: MatchRecord): ReplayResult {
  const states: Record<string, unknown> = {};
  const rebuilt: StoredEvent[] = [];
  let resolved = 0;
  let winner: string | null = null;
  const won = () => (winner !== null ? { winner } : {});
  const same = (): ReplayResult => ({ identical: true, resolved, states, events: rebuilt, ...won() });
  const differ = (d: Difference): ReplayResult => ({ identical: false, resolved, firstDifference: d, states, events: rebuilt, ...won() });
  const { match, start } = record;
  const phases = new Map(record.phases.map((p) => [p.phase, p]));
  const eventsOf = (phase: string) => phases.get(phase)?.events ?? [];
  if (start === null || match.seed === null) {
    const stray = record.phases.find((p) => p.events.length > 0);
    return stray
      ? differ({
          phase: stray.phase,
          event: 0,
          expected: stray.events[0],
          actual: null,
          message: 'a match that never started has no events',
        })
      : same();
  }

  const seed = match.seed;
  const seats = start.players.map((p) => p.id);
  const opened = startMatch(ruleset, {
    players: start.players,
    settings: rulesetSettings(start.settings),
    seed,
    dice: match.dice,
    setup: start.setup,
  });
  const first = match.history[0] ?? 'start';
  let carried = withReaders(opened.events, ruleset.channels(opened.state), first, { kind: 'start' });
  if (opened.phase !== (match.history[0] ?? null)) {
    return differ({ phase: first, message: `the setup opens ${opened.phase ?? 'no phase'}, the record ${match.history[0] ?? 'none'}` });
  }
  /** Compares a phase's rebuilt events with the record's; they are kept either way. */
  const settle = (phase: string, computed: StoredEvent[]): Difference | null => {
    computed.sort(bySeq);
    rebuilt.push(...computed);
    return compareEvents(phase, eventsOf(phase), computed);
  };
  if (match.history.length === 0) {
    const d = settle(first, carried);
    if (!d && opened.phase === null) winner = ruleset.outcome(opened.state);
    return d ? differ(d) : same();
  }

  const finish = (state: unknown, declared?: string): ReplayResult => {
    states.final = state;
    winner = declared ?? ruleset.outcome(state);
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
    const finals: PendingAction[] = rec?.actions ?? [];
    const computed: StoredEvent[] = carried;
    carried = [];
    const pending: PendingAction[] = [];
    const marks = new Map<string, StoredEvent>();
    let forced: unknown;
    for (const step of stepsOf(events)) {
      if (forced !== undefined) break;
      if (step.kind === 'removal' && seats.includes(step.origin.player)) {
        const removal = ruleset.remove(state, step.origin.player, pending);
        state = removal.state;
        computed.push(...withReaders(removal.events, ruleset.channels(state), phase, step.origin));
        pending.splice(0, pending.length, ...pendingAfterRemoval(pending, step.origin.player, removal.withdrawn));
      } else if (step.kind === 'substitution' && seats.includes(step.origin.player)) {
        // The name the seat had is the record's word (names are no rule).
        const replaced = step.events[0]?.event.replaced;
        computed.push(
          ...withReaders(
            [{ kind: 'substituted', to: 'public', player: step.origin.player, ...(typeof replaced === 'string' ? { replaced } : {}) }],
            [],
            phase,
            step.origin,
          ),
        );
      } else if (step.kind === 'forced-end') {
        const declared = String(step.events[0]!.event.winner);
        // A GM may declare only a winner the match has (end.ts): a forged one is a difference.
        if (!winners(ruleset, state, seats).has(declared)) {
          return differ({
            phase,
            event: events.indexOf(step.events[0]!),
            expected: step.events[0],
            actual: null,
            message: `event ${events.indexOf(step.events[0]!)} of ${phase} declares "${declared}", who is not of this match`,
          });
        }
        winner = declared;
        forced = ruleset.forceEnd ? ruleset.forceEnd(state, declared) : state;
        computed.push(
          ...withReaders(
            [{ kind: 'match-ended', to: 'public', winner: declared, forced: true }],
            ruleset.channels(forced),
            phase,
            step.origin,
          ),
        );
      } else if (step.kind === 'submission') {
        computed.push(...(rebuildSubmission(ruleset, state, phase, step, seats, finals, pending, marks) ?? []));
      }
    }
    states[phase] = state;
    const stray = strayBallot(pending, finals, marks);
    if (stray) {
      const at = events.indexOf(stray);
      return differ({
        phase,
        event: at,
        expected: stray,
        actual: null,
        message: `event ${at} of ${phase} shows an action the close did not read`,
      });
    }
    // Checked once the phase's events agree: an event that differs is named first.
    const unsubmitted = () => (forced === undefined ? unsubmittedFinal(ruleset, state, phase, finals, pending, seats) : null);
    if (rec?.state && rec.state !== stateHash(state)) {
      return differ({ phase, message: `the state of ${phase} (as it closed) differs from the record` });
    }
    const last = i === match.history.length - 1;
    if (forced !== undefined || ruleset.phase(state) === null || (last && match.status !== 'ended')) {
      const d = settle(phase, computed);
      if (d) return differ(d);
      const u = unsubmitted();
      if (u) return differ({ phase, message: u });
      return forced !== undefined ? finish(forced, winner ?? undefined) : ruleset.phase(state) === null ? finish(state) : same();
    }

    const closed = closePhase(ruleset, state, finals, seed, match.dice);
    resolved++;
    computed.push(...withReaders(closed.events, ruleset.channels(closed.state), phase, { kind: 'close' }));
    // A run of equal notices to several seats is stored once with its audience: each copy must be made.
    // Their seqs are the platform's, numbered as the close numbers them (resolve.ts), never the file's:
    // two notices under one seq would overwrite each other in the store.
    const made = events
      .filter(
        (e) => e.origin?.kind === 'notice' && expand(e).every((copy) => noticeIsMade(ruleset, state, phase, copy, record.noShows, finals)),
      )
      .sort(bySeq)
      .flatMap((e) => expand(e).map((copy) => copy.event));
    computed.push(...withReaders(made, ruleset.channels(state), phase, { kind: 'notice' }));
    const d = settle(phase, computed);
    if (d) return differ(d);
    const u = unsubmitted();
    if (u) return differ({ phase, message: u });
    state = closed.state;
    const expectedNext = last ? null : match.history[i + 1]!;
    if (closed.next !== expectedNext) {
      return differ({ phase, message: `the close opens ${closed.next ?? 'no phase'}, the record ${expectedNext ?? 'ends the match'}` });
    }
    if (closed.next === null) return finish(state);
    carried = withReaders(closed.opening, ruleset.channels(closed.state), closed.next, { kind: 'opening' });
  }
  return same();
}
