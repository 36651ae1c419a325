// Runs a scenario through the engine and the platform's pure semantics, with no store and no HTTP.
import { findRuleset } from '../rulesets.js';
import { readAs } from '../../engine/core/events.js';
import type { PendingAction, Ruleset } from '../../engine/core/types.js';
import { MemoryMatch } from '../support/memory-match.js';
import type { ActResult, Driver } from './driver.js';
import { splitPlayer, type Scenario, type ScenarioAction } from './scenario.js';

/** A ruleset seen through a test's lens: `pending` is every stored slot of the open phase, at the call. */
export type RulesetLens = (rs: Ruleset, pending: () => PendingAction[]) => Ruleset;

export class InProcessDriver implements Driver {
  private match!: MemoryMatch<unknown>;

  constructor(private readonly lens?: RulesetLens) {}

  async start(scenario: Scenario) {
    const found = findRuleset(scenario.ruleset);
    if (!found) throw new Error(`unknown ruleset "${scenario.ruleset}"`);
    const rs = this.lens ? this.lens(found, () => this.match.pending) : found;
    const parsed = rs.settings.safeParse(scenario.settings);
    if (!parsed.success) throw new Error(`settings: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    const optionKeys = Object.keys((rs.options as unknown as { shape?: object }).shape ?? {});
    this.match = new MemoryMatch(rs, {
      players: scenario.players.map((p) => ({ id: p.id, name: p.name, ...splitPlayer(p, optionKeys) })),
      settings: parsed.data as Record<string, unknown>,
      seed: scenario.seed,
      dice: scenario.dice,
      setup: scenario.setup,
    });
  }

  async phase() {
    return this.match.phase;
  }

  async act(action: ScenarioAction): Promise<ActResult> {
    const { player, reject: _reject, ...input } = action;
    return this.match.attempt(player, input);
  }

  async close(phase: string) {
    if (this.match.phase === phase) this.match.close();
  }

  /** A GM removal (not part of the scenario format; used by tests). */
  remove(player: string) {
    this.match.remove(player);
  }

  async events(phase: string) {
    return this.match.of(phase);
  }

  async facts() {
    return { ...this.match.facts(), winner: this.match.rs.outcome(this.match.state) };
  }

  async sees(player: string) {
    return {
      view: this.match.view(player),
      events: readAs(this.match.events, { as: 'player', id: player }).map((e) => e.event),
    };
  }

  get currentState() {
    return this.match.state;
  }

  async stop() {}
}
