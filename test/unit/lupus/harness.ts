// A small in-memory match for the Lupus tests: the platform's own semantics (engine/core/match.ts)
// applied to the ruleset, plus a reader of the public scenario files.
import { canRead, type StoredEvent } from '../../../engine/core/events.js';
import {
  closePhase,
  everyoneChecked,
  pendingAfterRemoval,
  postMessage,
  startMatch,
  submitAction,
  withdrawAction,
  checkRefusal,
  type Gate,
} from '../../../engine/core/match.js';
import type { DiceMode } from '../../../engine/core/rng.js';
import type { ActionInput, GameEvent, PendingAction, Viewer } from '../../../engine/core/types.js';
import { lupus, type LupusState } from '../../../engine/rulesets/lupus/index.js';
import { settingsSchema } from '../../../engine/rulesets/lupus/settings.js';
import { reveals } from '../../scenario/assert.js';

export type Seat = [id: string, role: string] | { id: string; role?: string; abstentions?: number; name?: string };

export interface MatchOptions {
  settings?: Record<string, unknown>;
  seed?: string;
  dice?: DiceMode;
}

export class Match {
  state: LupusState;
  settings: Record<string, unknown>;
  events: StoredEvent[] = [];
  pending: PendingAction[] = [];
  checked = new Set<string>();
  seed: string;
  dice: DiceMode;
  private seq = 0;

  constructor(seats: Seat[], options: MatchOptions = {}) {
    this.seed = options.seed ?? 'test';
    this.dice = options.dice ?? 'natural';
    this.settings = settingsSchema.parse(options.settings ?? {});
    const players = seats.map((s, i) => {
      const seat = Array.isArray(s) ? { id: s[0], role: s[1] } : s;
      const { id, name, ...fixed } = seat;
      return { id, name: name ?? `Player ${i + 1}`, options: {}, fixed: fixed as Record<string, unknown> };
    });
    const started = startMatch(lupus, { players, settings: this.settings, seed: this.seed, dice: this.dice, setup: {} });
    this.state = started.state as LupusState;
    this.record(started.events);
  }

  get phase(): string | null {
    return lupus.phase(this.state);
  }

  private gate(player: string): Gate {
    const status = this.state.winner ? 'ended' : 'running';
    return { status, open: this.phase !== null, checked: this.checked.has(player) };
  }

  private record(events: GameEvent[], phase = this.phase ?? 'ended') {
    const readers = new Map(lupus.channels(this.state).map((c) => [c.id, c.readers]));
    for (const event of events) {
      const stored: StoredEvent = { phase, seq: String(this.seq++).padStart(8, '0'), event };
      const r = readers.get(event.to);
      if (r) stored.readers = [...r];
      this.events.push(stored);
    }
  }

  /** Submits an action; returns 'ok' or the rejection reason. */
  act(player: string, action: ActionInput): string {
    if (action.type === 'check') return this.check(player);
    if (action.type === 'withdraw') return this.withdraw(player, String(action.slot));
    if (action.type === 'post') return this.post(player, String(action.channel), String(action.text ?? ''));
    const result = submitAction(lupus, this.gate(player), this.state, this.pending, player, action, this.seq++);
    if (!result.ok) return result.reason;
    const { stored } = result;
    this.pending = this.pending.filter((p) => !(p.owner === stored.owner && p.slot === stored.slot));
    this.pending.push(stored);
    this.record(result.events);
    return 'ok';
  }

  withdraw(player: string, slot: string): string {
    const result = withdrawAction(lupus, this.gate(player), this.state, this.pending, player, slot);
    if (!result.ok) return result.reason;
    this.pending = this.pending.filter((p) => !(p.owner === result.owner && p.slot === result.slot));
    this.record(result.events);
    return 'ok';
  }

  post(player: string, channel: string, text: string): string {
    const result = postMessage(lupus, this.gate(player), this.state, player, channel, text);
    if (!result.ok) return result.reason;
    this.record(result.events);
    return 'ok';
  }

  check(player: string): string {
    const refused = checkRefusal(lupus, this.gate(player), this.settings, this.state, player);
    if (refused) return refused.reason;
    this.checked.add(player);
    if (everyoneChecked(lupus, this.state, this.checked)) this.close();
    return 'ok';
  }

  /** Closes the open phase; returns the events of the close. */
  close(): GameEvent[] {
    const phase = this.phase!;
    const closed = closePhase(lupus, this.state, this.pending, this.seed, this.dice);
    this.state = closed.state as LupusState;
    this.pending = [];
    this.checked.clear();
    this.record(closed.events, phase);
    return closed.events;
  }

  remove(player: string): GameEvent[] {
    const phase = this.phase ?? 'ended';
    const out = lupus.remove(this.state, player, this.pending);
    this.state = out.state;
    this.pending = pendingAfterRemoval(this.pending, player, out.withdrawn);
    this.record(out.events, phase);
    return out.events;
  }

  /** Every event of a phase. */
  of(phase: string): GameEvent[] {
    return this.events.filter((e) => e.phase === phase).map((e) => e.event);
  }

  /** What one player can read, over the whole match. */
  seenBy(player: string): GameEvent[] {
    return this.events.filter((e) => canRead(e, { as: 'player', id: player })).map((e) => e.event);
  }

  view(viewer: Viewer | string): any {
    return lupus.view(this.state, typeof viewer === 'string' ? { as: 'player', id: viewer } : viewer);
  }

  facts() {
    return lupus.facts(this.state);
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

/** `{kind, to, ...fields}` appears among the events with at least these fields. */
export function has(events: GameEvent[], wanted: Record<string, unknown>): boolean {
  return events.some((e) => Object.entries(wanted).every(([k, v]) => JSON.stringify(e[k]) === JSON.stringify(v)));
}

export function find(events: GameEvent[], wanted: Record<string, unknown>): GameEvent[] {
  return events.filter((e) => Object.entries(wanted).every(([k, v]) => JSON.stringify(e[k]) === JSON.stringify(v)));
}

/** The generic `hidden` check of scenarios/FORMAT.md, as the scenario runner applies it. */
export function hiddenFrom(match: Match, reader: string, other: string): boolean {
  const facts = match.facts();
  const secrets = [facts.role![other]!, facts.faction![other]!];
  return !reveals([match.view(reader), match.seenBy(reader)], other, secrets);
}
