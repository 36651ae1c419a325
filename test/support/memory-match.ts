// One match in memory: the platform's own semantics (engine/core/match.ts) around a ruleset, with
// every event logged per phase and its readers. The unit-test harnesses build on it.
import { expand, readAs, withReaders, type StoredEvent } from '../../engine/core/events.js';
import {
  checkRefusal,
  closePhase,
  everyoneChecked,
  pendingAfterRemoval,
  postMessage,
  startMatch,
  submitAction,
  withdrawAction,
  applyChanges,
  type Gate,
  type StartInput,
} from '../../engine/core/match.js';
import type { DiceMode } from '../../engine/core/rng.js';
import type { ActionInput, GameEvent, PendingAction, Rejection, Ruleset, Viewer } from '../../engine/core/types.js';

export type MemoryMatchInput = StartInput;

export class MemoryMatch<S> {
  state: S;
  settings: Record<string, unknown>;
  events: StoredEvent[] = [];
  pending: PendingAction[] = [];
  checked = new Set<string>();
  seed: string;
  dice: DiceMode;
  protected seq = 0;

  constructor(
    readonly rs: Ruleset<S>,
    input: MemoryMatchInput,
  ) {
    this.seed = input.seed;
    this.dice = input.dice;
    this.settings = input.settings;
    const started = startMatch(rs, input);
    this.state = started.state as S;
    this.record(started.events);
  }

  get phase(): string | null {
    return this.rs.phase(this.state);
  }

  protected gate(player: string): Gate {
    const status = this.rs.outcome(this.state) !== null ? 'ended' : 'running';
    return { status, open: this.phase !== null, checked: this.checked.has(player) };
  }

  protected record(events: GameEvent[], phase = this.phase ?? 'ended') {
    this.events.push(...withReaders(events, this.rs.channels(this.state), phase, { kind: 'submission', at: this.seq++, salt: '000000' }));
  }

  /** Submits an action, a withdrawal, a check or a post: 'ok' or the rejection reason. */
  act(player: string, action: ActionInput): string {
    const result = this.attempt(player, action);
    return result.ok ? 'ok' : result.reason;
  }

  /** The same, with the whole rejection (reason and message). */
  attempt(player: string, action: ActionInput): { ok: true; slot?: string } | Rejection {
    const gate = this.gate(player);
    if (action.type === 'check') {
      const refused = checkRefusal(this.rs, gate, this.settings, this.state, player);
      if (refused) return refused;
      this.checked.add(player);
      if (everyoneChecked(this.rs, this.state, this.checked)) this.close();
      return { ok: true };
    }
    if (action.type === 'withdraw') {
      const result = withdrawAction(this.rs, gate, this.state, this.pending, player, String(action.slot ?? ''));
      if (!result.ok) return result;
      this.pending = applyChanges(this.pending, result.changes);
      this.record(result.events);
      return { ok: true };
    }
    if (action.type === 'post') {
      const result = postMessage(this.rs, gate, this.state, player, String(action.channel ?? ''), String(action.text ?? ''));
      if (!result.ok) return result;
      this.record(result.events);
      return { ok: true };
    }
    const result = submitAction(this.rs, gate, this.state, this.pending, player, action, this.seq++);
    if (!result.ok) return result;
    const { stored } = result;
    this.pending = applyChanges(this.pending, [{ owner: stored.owner, slot: stored.slot, stored }, ...result.changes]);
    this.record(result.events);
    return { ok: true, slot: stored.slot };
  }

  withdraw(player: string, slot: string): string {
    return this.act(player, { type: 'withdraw', slot });
  }

  post(player: string, channel: string, text: string): string {
    return this.act(player, { type: 'post', channel, text });
  }

  check(player: string): string {
    return this.act(player, { type: 'check' });
  }

  /** Closes the open phase; returns the events of the close (opening events go to the next phase). */
  close(): GameEvent[] {
    const phase = this.phase!;
    const closed = closePhase(this.rs, this.state, this.pending, this.seed, this.dice);
    this.state = closed.state as S;
    this.pending = [];
    this.checked.clear();
    this.record(closed.events, phase);
    if (closed.next !== null) this.record(closed.opening, closed.next);
    return closed.events;
  }

  /** A GM removal after the start. */
  remove(player: string): GameEvent[] {
    const phase = this.phase ?? 'ended';
    const out = this.rs.remove(this.state, player, this.pending);
    this.state = out.state;
    this.pending = pendingAfterRemoval(this.pending, player, out.withdrawn);
    this.record(out.events, phase);
    return out.events;
  }

  /** Every event of a phase. */
  of(phase: string): GameEvent[] {
    return this.events
      .filter((e) => e.phase === phase)
      .flatMap(expand)
      .map((e) => e.event);
  }

  /** What one player can read, over the whole match. */
  seenBy(player: string): GameEvent[] {
    return readAs(this.events, { as: 'player', id: player }).map((e) => e.event);
  }

  view(viewer: Viewer | string): any {
    return this.rs.view(this.state, typeof viewer === 'string' ? { as: 'player', id: viewer } : viewer);
  }

  facts() {
    return this.rs.facts(this.state);
  }

  /** Submits every action, failing loudly on an unexpected refusal. */
  play(actions: Array<[string, ActionInput]>): this {
    for (const [player, action] of actions) {
      const verdict = this.act(player, action);
      if (verdict !== 'ok') throw new Error(`${player} ${JSON.stringify(action)} refused: ${verdict}`);
    }
    return this;
  }
}

/** The events with at least these fields. */
export function find(events: GameEvent[], wanted: Record<string, unknown>): GameEvent[] {
  return events.filter((e) => Object.entries(wanted).every(([k, v]) => JSON.stringify(e[k]) === JSON.stringify(v)));
}

/** `{kind, to, ...fields}` appears among the events with at least these fields. */
export function has(events: GameEvent[], wanted: Record<string, unknown>): boolean {
  return find(events, wanted).length > 0;
}
