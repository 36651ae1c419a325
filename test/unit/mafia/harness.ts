// A small in-memory Mafia match for the unit tests: the platform's own semantics
// (engine/core/match.ts) applied to the ruleset, with fixed seats as scenarios give them.
import { canRead, type StoredEvent } from '../../../engine/core/events.js';
import {
  checkRefusal,
  closePhase,
  everyoneChecked,
  pendingAfterRemoval,
  postMessage,
  startMatch,
  submitAction,
  withdrawAction,
  type Gate,
} from '../../../engine/core/match.js';
import type { DiceMode } from '../../../engine/core/rng.js';
import type { ActionInput, GameEvent, PendingAction, Viewer } from '../../../engine/core/types.js';
import { mafia } from '../../../engine/rulesets/mafia/index.js';
import { settingsSchema } from '../../../engine/rulesets/mafia/settings.js';
import type { MafiaState, PlayerState } from '../../../engine/rulesets/mafia/state.js';

export interface Seat {
  id: string;
  name?: string;
  role?: string;
  team?: string;
  specialization?: string;
  specialty?: string;
  inventory?: Record<string, number>;
  maps?: string[];
  effects?: Array<Record<string, unknown>>;
  state?: string;
  /** Join options, besides the fixed keys (MAF-1.9). */
  options?: Record<string, unknown>;
}

export interface MatchOptions {
  settings?: Record<string, unknown>;
  seed?: string;
  dice?: DiceMode;
  setup?: Record<string, unknown>;
}

export class Match {
  state: MafiaState;
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
      const { id, name, options: opts, ...fixed } = s;
      return { id, name: name ?? `Player ${i + 1}`, options: opts ?? {}, fixed: fixed as Record<string, unknown> };
    });
    const started = startMatch(mafia, { players, settings: this.settings, seed: this.seed, dice: this.dice, setup: options.setup ?? {} });
    this.state = started.state as MafiaState;
    this.record(started.events);
  }

  get phase(): string | null {
    return mafia.phase(this.state);
  }

  private gate(player: string): Gate {
    const status = this.state.winner ? 'ended' : 'running';
    return { status, open: this.phase !== null, checked: this.checked.has(player) };
  }

  private record(events: GameEvent[], phase = this.phase ?? 'ended') {
    const readers = new Map(mafia.channels(this.state).map((c) => [c.id, c.readers]));
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
    const result = submitAction(mafia, this.gate(player), this.state, this.pending, player, action, this.seq++);
    if (!result.ok) return result.reason;
    const { stored } = result;
    this.pending = this.pending.filter((p) => !(p.owner === stored.owner && p.slot === stored.slot));
    this.pending.push(stored);
    this.record(result.events);
    return 'ok';
  }

  withdraw(player: string, slot: string): string {
    const result = withdrawAction(mafia, this.gate(player), this.state, this.pending, player, slot);
    if (!result.ok) return result.reason;
    this.pending = this.pending.filter((p) => !(p.owner === result.owner && p.slot === result.slot));
    this.record(result.events);
    return 'ok';
  }

  post(player: string, channel: string, text: string): string {
    const result = postMessage(mafia, this.gate(player), this.state, player, channel, text);
    if (!result.ok) return result.reason;
    this.record(result.events);
    return 'ok';
  }

  check(player: string): string {
    const refused = checkRefusal(mafia, this.gate(player), this.settings, this.state, player);
    if (refused) return refused.reason;
    this.checked.add(player);
    if (everyoneChecked(mafia, this.state, this.checked)) this.close();
    return 'ok';
  }

  /** Closes the open phase; returns the events of the close. */
  close(): GameEvent[] {
    const phase = this.phase!;
    const closed = closePhase(mafia, this.state, this.pending, this.seed, this.dice);
    this.state = closed.state as MafiaState;
    this.pending = [];
    this.checked.clear();
    this.record(closed.events, phase);
    return closed.events;
  }

  /** Plays the actions (each must be accepted), then closes the phase. */
  night(actions: Array<[string, ActionInput]> = []): GameEvent[] {
    this.play(actions);
    return this.close();
  }

  remove(player: string): GameEvent[] {
    const phase = this.phase ?? 'ended';
    const out = mafia.remove(this.state, player, this.pending);
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
    return mafia.view(this.state, typeof viewer === 'string' ? { as: 'player', id: viewer } : viewer);
  }

  facts() {
    return mafia.facts(this.state);
  }

  stats(id: string): Record<string, number> {
    return this.facts().stats![id]!;
  }

  inv(id: string): Record<string, number> {
    return this.facts().inventory![id]!;
  }

  /** How many copies (or `map:<item>`) a player holds; 0 when none. */
  count(id: string, key: string): number {
    return this.inv(id)[key] ?? 0;
  }

  p(id: string): PlayerState {
    return this.state.players.find((p) => p.id === id)!;
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
  return find(events, wanted).length > 0;
}

export function find(events: GameEvent[], wanted: Record<string, unknown>): GameEvent[] {
  return events.filter((e) => Object.entries(wanted).every(([k, v]) => JSON.stringify(e[k]) === JSON.stringify(v)));
}

/**
 * The generic `hidden` check of scenarios/FORMAT.md: no JSON object the reader can see holds the
 * other player's id together with his role or faction.
 */
export function leaks(data: unknown, id: string, secrets: string[]): boolean {
  if (Array.isArray(data)) return data.some((d) => leaks(d, id, secrets));
  if (!data || typeof data !== 'object') return false;
  const entries = Object.entries(data as Record<string, unknown>);
  const isSecret = (v: unknown) => typeof v === 'string' && secrets.includes(v);
  if (entries.some(([, v]) => v === id) && entries.some(([, v]) => isSecret(v))) return true;
  if (entries.some(([k, v]) => k === id && (isSecret(v) || (v && typeof v === 'object' && Object.values(v).some(isSecret))))) return true;
  return entries.some(([, v]) => leaks(v, id, secrets));
}

export function hiddenFrom(match: Match, reader: string, other: string): boolean {
  const facts = match.facts();
  const secrets = [facts.role![other]!, facts.faction![other]!];
  return !leaks(match.view(reader), other, secrets) && !leaks(match.seenBy(reader), other, secrets);
}

// ---- Tables -------------------------------------------------------------------------------------

/** `town('p3', 'guard', {...})` */
export const town = (id: string, specialty = 'mage', extra: Partial<Seat> = {}): Seat => ({ id, role: 'townsperson', specialty, ...extra });
export const bandit = (id: string, role = 'bandit', specialty = 'mage', extra: Partial<Seat> = {}): Seat => ({ id, role, specialty, ...extra });

/**
 * Eight seats: b1 boss (mage), b2 plain bandit (archaeologist), t1..t6 townsfolk with the given
 * specialties (default archaeologist, blacksmith, guard, mage, mage, mage). Override any seat by id.
 */
export function eight(overrides: Record<string, Partial<Seat>> = {}, options: MatchOptions = {}): Match {
  const seats: Seat[] = [
    bandit('b1', 'boss', 'mage'),
    bandit('b2', 'bandit', 'archaeologist'),
    town('t1', 'archaeologist'),
    town('t2', 'blacksmith'),
    town('t3', 'guard'),
    town('t4', 'mage'),
    town('t5', 'mage'),
    town('t6', 'mage'),
  ].map((s) => ({ ...s, ...(overrides[s.id] ?? {}) }));
  return new Match(seats, options);
}

/** A table opening at night 1 (the usual place for night tests). */
export const eightAtNight = (overrides: Record<string, Partial<Seat>> = {}, options: MatchOptions = {}) =>
  eight(overrides, { ...options, setup: { startPhase: 'night-1', ...(options.setup ?? {}) } });

/** n seats: the first `bandits` fixed as bandits (team only), the rest town; specialties mage. */
export function crowd(n: number, options: MatchOptions = {}, bandits = 0): Match {
  const seats: Seat[] = Array.from({ length: n }, (_, i) =>
    i < bandits ? { id: `p${i + 1}`, team: 'bandits', specialty: 'mage' } : { id: `p${i + 1}`, specialty: 'mage' },
  );
  return new Match(seats, options);
}
