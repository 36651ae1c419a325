// A small in-memory match for Kill Game tests: the platform's pure semantics around the ruleset.
import { canRead, withReaders, type StoredEvent } from '../../../engine/core/events.js';
import {
  checkRefusal,
  closePhase,
  everyoneChecked,
  pendingAfterRemoval,
  startMatch,
  submitAction,
  withdrawAction,
  type Gate,
} from '../../../engine/core/match.js';
import type { DiceMode } from '../../../engine/core/rng.js';
import type { ActionInput, GameEvent, PendingAction } from '../../../engine/core/types.js';
import { killgame } from '../../../engine/rulesets/killgame/index.js';
import type { KillGameState } from '../../../engine/rulesets/killgame/state.js';
import type { ActResult, Driver } from '../../scenario/driver.js';
import type { Scenario, ScenarioAction } from '../../scenario/scenario.js';

export interface MatchInput {
  players: Array<{ id: string; name?: string } & Record<string, unknown>>;
  settings?: Record<string, unknown>;
  setup?: Record<string, unknown>;
  seed?: string;
  dice?: DiceMode;
}

/** One match in memory: submit, withdraw, check, close, remove; every event logged per phase. */
export class Match {
  state: KillGameState;
  settings: Record<string, unknown>;
  pending: PendingAction[] = [];
  checked = new Set<string>();
  log: StoredEvent[] = [];
  seq = 0;
  readonly seed: string;
  readonly dice: DiceMode;

  constructor(input: MatchInput) {
    this.seed = input.seed ?? 'seed';
    this.dice = input.dice ?? 'natural';
    this.settings = killgame.settings.parse(input.settings ?? {}) as Record<string, unknown>;
    const opened = startMatch(killgame, {
      players: input.players.map(({ id, name, ...fixed }) => ({ id, name: name ?? id, options: {}, fixed })),
      settings: this.settings,
      seed: this.seed,
      dice: this.dice,
      setup: input.setup ?? {},
    });
    this.state = opened.state as KillGameState;
    this.record(opened.events, opened.phase ?? 'start');
  }

  get phase(): string | null {
    return killgame.phase(this.state);
  }

  private record(events: GameEvent[], phase: string) {
    this.log.push(...withReaders(events, [], phase, `${String(this.seq++).padStart(8, '0')}-`));
  }

  private gate(player: string): Gate {
    const phase = this.phase;
    return { status: phase === null ? 'ended' : 'running', open: phase !== null, checked: this.checked.has(player) };
  }

  act(player: string, action: ActionInput): ActResult & { slot?: string } {
    const phase = this.phase;
    if (action.type === 'check') {
      const refused = checkRefusal(killgame, this.gate(player), this.settings, this.state, player);
      if (refused) return refused;
      this.checked.add(player);
      if (everyoneChecked(killgame, this.state, this.checked)) this.close();
      return { ok: true };
    }
    if (action.type === 'withdraw') {
      const result = withdrawAction(killgame, this.gate(player), this.state, this.pending, player, String(action.slot ?? ''));
      if (!result.ok) return result;
      this.pending = this.pending.filter((p) => !(p.owner === result.owner && p.slot === result.slot));
      this.record(result.events, phase!);
      return { ok: true };
    }
    const result = submitAction(killgame, this.gate(player), this.state, this.pending, player, action, this.seq++);
    if (!result.ok) return result;
    const { owner, slot } = result.stored;
    this.pending = [...this.pending.filter((p) => !(p.owner === owner && p.slot === slot)), result.stored];
    this.record(result.events, phase!);
    return { ok: true, slot };
  }

  /** Submits and throws when refused (for set-up steps of a test). */
  must(player: string, action: ActionInput): string | undefined {
    const r = this.act(player, action);
    if (!r.ok) throw new Error(`${player} ${action.type} refused: ${r.reason} (${r.message})`);
    return r.slot;
  }

  close(): GameEvent[] {
    const phase = this.phase!;
    const closed = closePhase(killgame, this.state, this.pending, this.seed, this.dice);
    this.state = closed.state as KillGameState;
    this.pending = [];
    this.checked.clear();
    this.record(closed.events, phase);
    if (closed.next !== null) this.record(closed.opening, closed.next);
    return closed.events;
  }

  remove(player: string): GameEvent[] {
    const phase = this.phase!;
    const result = killgame.remove(this.state, player, this.pending);
    this.pending = pendingAfterRemoval(this.pending, player, result.withdrawn);
    this.state = result.state;
    this.record(result.events, phase);
    return result.events;
  }

  events(phase: string): GameEvent[] {
    return this.log.filter((e) => e.phase === phase).map((e) => e.event);
  }

  /** Events of a phase addressed to one reader (or public). */
  eventsOf(phase: string, to: string, kind?: string): GameEvent[] {
    return this.events(phase).filter((e) => e.to === to && (kind === undefined || e.kind === kind));
  }

  seen(player: string): GameEvent[] {
    return this.log.filter((e) => canRead(e, { as: 'player', id: player })).map((e) => e.event);
  }

  facts() {
    return killgame.facts(this.state);
  }

  player(id: string) {
    return this.state.players.find((p) => p.id === id)!;
  }

  energy(id: string): number {
    const m = this.state.monsters.find((x) => x.id === id);
    return m ? m.energy : this.player(id).energy;
  }
}

/** A scenario driver on top of Match, for the conformance files. */
export class HarnessDriver implements Driver {
  private match!: Match;
  async start(s: Scenario) {
    const parsed = killgame.settings.safeParse(s.settings);
    if (!parsed.success) throw new Error(parsed.error.message);
    this.match = new Match({ players: s.players, settings: s.settings, setup: s.setup, seed: s.seed, dice: s.dice });
  }
  async phase() {
    return this.match.phase;
  }
  async act(action: ScenarioAction): Promise<ActResult> {
    const { player, reject: _r, ...input } = action;
    const r = this.match.act(player, input as ActionInput);
    return r.ok ? { ok: true } : r;
  }
  async close(phase: string) {
    if (this.match.phase === phase) this.match.close();
  }
  async events(phase: string) {
    return this.match.events(phase);
  }
  async facts() {
    return { ...this.match.facts(), winner: killgame.outcome(this.match.state) };
  }
  async sees(player: string) {
    return { view: killgame.view(this.match.state, { as: 'player', id: player }), events: this.match.seen(player) };
  }
  async stop() {}
}
