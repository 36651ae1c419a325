// Plays a scenario file (scenarios/FORMAT.md) against the Lupus ruleset through the test harness.
import { has, hiddenFrom, Match } from './harness.js';

interface ScenarioAction {
  player: string;
  type: string;
  reject?: string;
  [field: string]: unknown;
}

interface Expect {
  alive?: string[];
  dead?: string[];
  phase?: string | null;
  winner?: string | null;
  role?: Record<string, string>;
  events?: Array<Record<string, unknown>>;
  noEvents?: Array<Record<string, unknown>>;
  hidden?: Record<string, string[]>;
}

export interface Scenario {
  name: string;
  settings?: Record<string, unknown>;
  seed: string;
  dice: 'natural' | 'succeed' | 'fail';
  players: Array<{ id: string; name: string; [k: string]: unknown }>;
  phases: Array<{ phase: string; actions: ScenarioAction[]; expect?: Expect }>;
  expect?: Expect;
}

/** Returns the failures (empty when the scenario passes). */
export function runScenario(scenario: Scenario): string[] {
  const failures: string[] = [];
  const match = new Match(scenario.players as never, { settings: scenario.settings, seed: scenario.seed, dice: scenario.dice });
  const verify = (where: string, expect: Expect | undefined, phase: string | null) => {
    if (!expect) return;
    const facts = match.facts();
    for (const id of expect.alive ?? []) if (!facts.alive.includes(id)) failures.push(`${where}: ${id} should be alive`);
    for (const id of expect.dead ?? []) if (!facts.dead.includes(id)) failures.push(`${where}: ${id} should be dead`);
    if ('phase' in expect && match.phase !== expect.phase) failures.push(`${where}: phase ${match.phase} != ${expect.phase}`);
    if ('winner' in expect && match.state.winner !== expect.winner) {
      failures.push(`${where}: winner ${match.state.winner} != ${expect.winner}`);
    }
    for (const [id, role] of Object.entries(expect.role ?? {})) {
      if (facts.role?.[id] !== role) failures.push(`${where}: role of ${id} is ${facts.role?.[id]}, not ${role}`);
    }
    const events = phase ? match.of(phase) : [];
    for (const e of expect.events ?? []) if (!has(events, e)) failures.push(`${where}: missing event ${JSON.stringify(e)}`);
    for (const e of expect.noEvents ?? []) if (has(events, e)) failures.push(`${where}: unexpected event ${JSON.stringify(e)}`);
    for (const [reader, others] of Object.entries(expect.hidden ?? {})) {
      for (const other of others) if (!hiddenFrom(match, reader, other)) failures.push(`${where}: ${reader} learns ${other}`);
    }
  };
  for (const step of scenario.phases) {
    if (match.phase !== step.phase) {
      failures.push(`expected phase ${step.phase}, match is in ${match.phase}`);
      return failures;
    }
    for (const { player, reject, ...action } of step.actions) {
      const verdict = match.act(player, action as never);
      const wanted = reject ?? 'ok';
      if (verdict !== wanted) failures.push(`${step.phase}: ${player} ${JSON.stringify(action)} gave ${verdict}, not ${wanted}`);
    }
    if (match.phase === step.phase) match.close();
    verify(step.phase, step.expect, step.phase);
  }
  verify('end', scenario.expect, null);
  return failures;
}
