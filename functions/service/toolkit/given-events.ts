// The events of a record that happened between a phase's opening and its close (submissions, posts,
// substitutions, removals, a forced end, no-show notices): each is rebuilt by the step that makes it,
// so a file can only carry what some step of a match would have written (decision 9).
import { withReaders, type EventOrigin, type StoredEvent } from '../../../engine/core/events.js';
import { seqPrefix } from '../../../engine/core/origin.js';
import type { ActionInput, GameEvent, PendingAction, Ruleset } from '../../../engine/core/types.js';

/** JSON with every object's keys sorted: the same value gives the same text. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

type Timed = Extract<EventOrigin, { at: number }>;

/** The steps taken while a phase is open, each with the events it wrote; `unknown`: an event no step writes. */
export type Step =
  | { [K in Timed['kind']]: { kind: K; origin: Extract<Timed, { kind: K }>; events: StoredEvent[] } }[Timed['kind']]
  | { kind: 'unknown'; events: StoredEvent[] };

/** The file's events between opening and close, grouped into the steps that wrote them (in seq order). */
export function stepsOf(events: StoredEvent[]): Step[] {
  const steps: Step[] = [];
  // A record's event whose seq no step writes has no origin (record.ts).
  const originOf = (e: StoredEvent): EventOrigin | undefined => e.origin;
  const sorted = events
    .filter((e) => !UNTIMED.includes(originOf(e)?.kind ?? 'submission'))
    .sort((a, b) => (a.seq < b.seq ? -1 : a.seq > b.seq ? 1 : 0));
  for (const e of sorted) {
    const last = steps[steps.length - 1];
    const origin = originOf(e) as Timed | undefined;
    if (origin && last && last.kind !== 'unknown' && seqPrefix(last.origin) === seqPrefix(origin)) last.events.push(e);
    else steps.push(origin ? ({ kind: origin.kind, origin, events: [e] } as Step) : { kind: 'unknown', events: [e] });
  }
  return steps;
}

const UNTIMED: readonly EventOrigin['kind'][] = ['start', 'opening', 'close', 'notice'];

/** Equal as JSON values (a DynamoDB map keeps no key order, so submission events come back reordered). */
const same = (a: StoredEvent[], b: StoredEvent[]) => canonical(a) === canonical(b);
/** The same event with the same readers (the seq aside). */
const sameContent = (a: StoredEvent, b: StoredEvent) => same([{ ...a, seq: b.seq }], [b]);

/** Action inputs worth trying for a submission: the phase's final actions, and the ballots its events name. */
function candidates(group: StoredEvent[], finals: PendingAction[]): ActionInput[] {
  const out: ActionInput[] = finals.map((a) => a.action as ActionInput);
  for (const { event } of group) {
    if (event.kind !== 'vote-cast') continue;
    out.push(event.target === null || event.target === undefined ? { type: 'abstain' } : { type: 'vote', target: String(event.target) });
  }
  const seen = new Set<string>();
  return out.filter((a) => {
    const key = JSON.stringify(a);
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/** Who may have made a submission: the player its events name first, then every seat. */
function authors(group: StoredEvent[], seats: string[]): string[] {
  const named = group
    .flatMap(({ event }) => [event.voter, event.from, event.player])
    .filter((p): p is string => typeof p === 'string' && seats.includes(p));
  return [...new Set([...named, ...seats])];
}

const slotKey = (a: { owner: string; slot: string }) => `${a.owner}\u0000${a.slot}`;

/**
 * What the submissions left in a slot must be what the close read there: the first event of a
 * submission whose action (of the same type) is not the slot's final one, or null. A slot the close
 * found empty or holding another kind of action (replaced without a public trace) is not judged here.
 */
export function strayBallot(pending: PendingAction[], finals: PendingAction[], marks: Map<string, StoredEvent>): StoredEvent | null {
  for (const held of pending) {
    const final = finals.find((a) => a.owner === held.owner && a.slot === held.slot);
    if (final && final.action.type === held.action.type && canonical(final.action) !== canonical(held.action))
      return marks.get(slotKey(held)) ?? null;
  }
  return null;
}

/**
 * Rebuilds one submission (a post, an action, a withdrawal) as the engine makes it from the state the
 * phase had then; `pending` (what was stored so far) is updated. Null when no submission makes these events.
 */
export function rebuildSubmission(
  ruleset: Ruleset,
  state: unknown,
  phase: string,
  step: Extract<Step, { kind: 'submission' }>,
  seats: string[],
  finals: PendingAction[],
  pending: PendingAction[],
  marks: Map<string, StoredEvent>,
): StoredEvent[] | null {
  const channels = ruleset.channels(state);
  const stored = (events: GameEvent[]) => withReaders(events, channels, phase, step.origin);
  const group = step.events;
  const who = authors(group, seats);
  const first = group[0]!.event;
  if (group.length === 1 && first.kind === 'message' && typeof first.text === 'string') {
    for (const p of who) {
      const posted = ruleset.post(state, p, first.to, first.text);
      if (posted.ok && same(stored(posted.events), group)) return stored(posted.events);
    }
  }
  for (const p of who) {
    for (const action of candidates(group, finals)) {
      const verdict = ruleset.validate(state, p, action, pending);
      if (!verdict.ok || !same(stored(verdict.events ?? []), group)) continue;
      const next = pending.filter((a) => !(a.owner === verdict.owner && a.slot === verdict.slot));
      pending.splice(0, pending.length, ...next, { player: p, owner: verdict.owner, slot: verdict.slot, action: verdict.action, seq: 0 });
      marks.set(slotKey(verdict), group[0]!);
      return stored(verdict.events ?? []);
    }
    // Only what was stored then can be withdrawn (an action that left no event is never withdrawn publicly).
    for (const held of [...pending]) {
      if (!ruleset.withdraw) break;
      const verdict = ruleset.withdraw(state, p, held, pending);
      if (!verdict.ok || !same(stored(verdict.events ?? []), group)) continue;
      const next = pending.filter((a) => !(a.owner === held.owner && a.slot === held.slot));
      pending.splice(0, pending.length, ...next);
      marks.delete(slotKey(held));
      return stored(verdict.events ?? []);
    }
  }
  return null;
}

/**
 * A close's notices (origin `notice`): a no-show warning to a seat the record counts as missing this phase,
 * or what validating one of the phase's default actions says.
 */
export function noticeIsMade(
  ruleset: Ruleset,
  state: unknown,
  phase: string,
  notice: StoredEvent,
  noShows: Record<string, string[]>,
  finals: PendingAction[],
): boolean {
  const { event } = notice;
  const channels = ruleset.channels(state);
  if (event.kind === 'no-show') {
    const missed = noShows[event.to] ?? [];
    const expected: GameEvent = { kind: 'no-show', to: event.to, missed: event.missed, limit: event.limit };
    return (
      missed.includes(phase) &&
      typeof event.missed === 'number' &&
      event.missed >= 1 &&
      event.missed <= missed.length &&
      (event.limit === null || (typeof event.limit === 'number' && Number.isInteger(event.limit) && event.limit > 0)) &&
      sameContent(withReaders([expected], channels, phase, { kind: 'notice' })[0]!, notice)
    );
  }
  return finals
    .filter((a) => a.auto)
    .some((a) => {
      const verdict = ruleset.validate(state, a.player, a.action as ActionInput, []);
      return verdict.ok && withReaders(verdict.events ?? [], channels, phase, { kind: 'notice' }).some((e) => sameContent(e, notice));
    });
}
