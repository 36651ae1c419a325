// A small in-memory match for Kill Game tests: the platform's pure semantics around the ruleset.
import type { DiceMode } from '../../../engine/core/rng.js';
import type { ActionInput, GameEvent } from '../../../engine/core/types.js';
import { killgame } from '../../../engine/rulesets/killgame/index.js';
import type { KillGameState } from '../../../engine/rulesets/killgame/state.js';
import type { ActResult } from '../../scenario/driver.js';
import { MemoryMatch } from '../../support/memory-match.js';

export interface MatchInput {
  players: Array<{ id: string; name?: string } & Record<string, unknown>>;
  settings?: Record<string, unknown>;
  setup?: Record<string, unknown>;
  seed?: string;
  dice?: DiceMode;
}

/** One match in memory (test/support/memory-match.ts), with Kill Game's helpers. */
export class Match {
  private readonly core: MemoryMatch<KillGameState>;

  constructor(input: MatchInput) {
    this.core = new MemoryMatch(killgame, {
      players: input.players.map(({ id, name, ...fixed }) => ({ id, name: name ?? id, options: {}, fixed })),
      settings: killgame.settings.parse(input.settings ?? {}) as Record<string, unknown>,
      seed: input.seed ?? 'seed',
      dice: input.dice ?? 'natural',
      setup: input.setup ?? {},
    });
  }

  get state(): KillGameState {
    return this.core.state;
  }
  set state(state: KillGameState) {
    this.core.state = state;
  }
  get settings() {
    return this.core.settings;
  }
  get pending() {
    return this.core.pending;
  }
  get log() {
    return this.core.events;
  }
  get phase(): string | null {
    return this.core.phase;
  }

  act(player: string, action: ActionInput): ActResult & { slot?: string } {
    return this.core.attempt(player, action);
  }

  /** Submits and throws when refused (for set-up steps of a test). */
  must(player: string, action: ActionInput): string | undefined {
    const r = this.act(player, action);
    if (!r.ok) throw new Error(`${player} ${action.type} refused: ${r.reason} (${r.message})`);
    return r.slot;
  }

  close(): GameEvent[] {
    return this.core.close();
  }

  remove(player: string): GameEvent[] {
    return this.core.remove(player);
  }

  events(phase: string): GameEvent[] {
    return this.core.of(phase);
  }

  /** Events of a phase addressed to one reader (or public). */
  eventsOf(phase: string, to: string, kind?: string): GameEvent[] {
    return this.events(phase).filter((e) => e.to === to && (kind === undefined || e.kind === kind));
  }

  seen(player: string): GameEvent[] {
    return this.core.seenBy(player);
  }

  facts() {
    return this.core.facts();
  }

  player(id: string) {
    return this.state.players.find((p) => p.id === id)!;
  }

  energy(id: string): number {
    const m = this.state.monsters.find((x) => x.id === id);
    return m ? m.energy : this.player(id).energy;
  }
}
