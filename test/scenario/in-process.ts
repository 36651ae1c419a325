// Runs a scenario through the engine and the platform's pure semantics, with no store and no HTTP.
import { findRuleset } from '../../engine/index.js';
import { canRead, withReaders, type StoredEvent } from '../../engine/core/events.js';
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
} from '../../engine/core/match.js';
import type { PendingAction, Ruleset } from '../../engine/core/types.js';
import type { ActResult, Driver } from './driver.js';
import { splitPlayer, type Scenario, type ScenarioAction } from './scenario.js';

export class InProcessDriver implements Driver {
  private rs!: Ruleset;
  private scenario!: Scenario;
  private state: unknown;
  private settings: Record<string, unknown> = {};
  private pending: PendingAction[] = [];
  private checked = new Set<string>();
  private log: StoredEvent[] = [];
  private seq = 0;

  async start(scenario: Scenario) {
    const rs = findRuleset(scenario.ruleset);
    if (!rs) throw new Error(`unknown ruleset "${scenario.ruleset}"`);
    this.rs = rs;
    this.scenario = scenario;
    const parsed = rs.settings.safeParse(scenario.settings);
    if (!parsed.success) throw new Error(`settings: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    this.settings = parsed.data as Record<string, unknown>;
    const optionKeys = Object.keys((rs.options as unknown as { shape?: object }).shape ?? {});
    const opened = startMatch(rs, {
      players: scenario.players.map((p) => ({ id: p.id, name: p.name, ...splitPlayer(p, optionKeys) })),
      settings: this.settings,
      seed: scenario.seed,
      dice: scenario.dice,
      setup: scenario.setup,
    });
    this.state = opened.state;
    this.record(opened.events, opened.phase ?? 'start');
  }

  private record(events: Parameters<typeof withReaders>[0], phase: string) {
    this.log.push(...withReaders(events, this.rs.channels(this.state), phase, `${String(this.seq++).padStart(8, '0')}-`));
  }

  private gate(player: string): Gate {
    const phase = this.rs.phase(this.state);
    return { status: phase === null ? 'ended' : 'running', open: phase !== null, checked: this.checked.has(player) };
  }

  async phase() {
    return this.rs.phase(this.state);
  }

  async act(action: ScenarioAction): Promise<ActResult> {
    const { player, reject: _reject, ...input } = action;
    const phase = this.rs.phase(this.state);
    const gate = this.gate(player);
    if (input.type === 'check') {
      const refused = checkRefusal(this.rs, gate, this.settings, this.state, player);
      if (refused) return refused;
      this.checked.add(player);
      if (everyoneChecked(this.rs, this.state, this.checked)) this.resolve();
      return { ok: true };
    }
    if (input.type === 'withdraw') {
      const result = withdrawAction(this.rs, gate, this.state, this.pending, player, String(input.slot ?? ''));
      if (!result.ok) return result;
      this.pending = this.pending.filter((p) => !(p.owner === result.owner && p.slot === result.slot));
      this.record(result.events, phase!);
      return { ok: true };
    }
    if (input.type === 'post') {
      const result = postMessage(this.rs, gate, this.state, player, String(input.channel ?? ''), String(input.text ?? ''));
      if (!result.ok) return result;
      this.record(result.events, phase ?? 'end');
      return { ok: true };
    }
    const result = submitAction(this.rs, gate, this.state, this.pending, player, input, this.seq++);
    if (!result.ok) return result;
    const { owner, slot } = result.stored;
    this.pending = [...this.pending.filter((p) => !(p.owner === owner && p.slot === slot)), result.stored];
    this.record(result.events, phase!);
    return { ok: true };
  }

  private resolve() {
    const phase = this.rs.phase(this.state)!;
    const closed = closePhase(this.rs, this.state, this.pending, this.scenario.seed, this.scenario.dice);
    this.state = closed.state;
    this.pending = [];
    this.checked.clear();
    this.record(closed.events, phase);
    if (closed.next !== null) this.record(closed.opening, closed.next);
  }

  async close(phase: string) {
    if (this.rs.phase(this.state) === phase) this.resolve();
  }

  /** A GM removal (not part of the scenario format; used by tests). */
  remove(player: string) {
    const phase = this.rs.phase(this.state)!;
    const result = this.rs.remove(this.state, player, this.pending);
    this.pending = pendingAfterRemoval(this.pending, player, result.withdrawn);
    this.state = result.state;
    this.record(result.events, phase);
  }

  async events(phase: string) {
    return this.log.filter((e) => e.phase === phase).map((e) => e.event);
  }

  async facts() {
    return { ...this.rs.facts(this.state), winner: this.rs.outcome(this.state) };
  }

  async sees(player: string) {
    return {
      view: this.rs.view(this.state, { as: 'player', id: player }),
      events: this.log.filter((e) => canRead(e, { as: 'player', id: player })).map((e) => e.event),
    };
  }

  get currentState() {
    return this.state;
  }

  async stop() {}
}
