// Plays one scenario on a driver and reports the first failure, or none.
import type { Driver } from './driver.js';
import { check, type Mismatch } from './assert.js';
import type { Scenario } from './scenario.js';

export interface ScenarioResult {
  name: string;
  ok: boolean;
  phase?: string;
  failure?: string;
}

const short = (v: unknown) => {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > 400 ? `${s.slice(0, 400)}…` : s;
};

function describe(where: string, m: Mismatch): string {
  return `${where}: ${m.assertion}: expected ${short(m.expected)}, got ${short(m.actual)}`;
}

export async function runScenario(driver: Driver, scenario: Scenario): Promise<ScenarioResult> {
  const result = (failure?: string, phase?: string): ScenarioResult => ({
    name: scenario.name,
    ok: failure === undefined,
    ...(phase ? { phase } : {}),
    ...(failure ? { failure } : {}),
  });
  try {
    await driver.start(scenario);
  } catch (error) {
    return result(`start: ${(error as Error).message}`);
  }
  for (const step of scenario.phases) {
    const current = await driver.phase();
    if (current !== step.phase) return result(`expected the match to be in ${step.phase}, it is in ${current}`, step.phase);
    for (const [i, action] of step.actions.entries()) {
      const outcome = await driver.act(action);
      const label = `action ${i + 1} (${action.player} ${action.type})`;
      if (action.reject !== undefined) {
        if (outcome.ok) return result(`${label}: expected rejection ${action.reject}, it was accepted`, step.phase);
        if (outcome.reason !== action.reject)
          return result(`${label}: expected rejection ${action.reject}, got ${outcome.reason} (${outcome.message})`, step.phase);
      } else if (!outcome.ok) {
        return result(`${label}: rejected ${outcome.reason} (${outcome.message})`, step.phase);
      }
    }
    await driver.close(step.phase);
    const mismatch = await check(step.expect, {
      facts: await driver.facts(),
      phase: await driver.phase(),
      events: await driver.events(step.phase),
      sees: (p) => driver.sees(p),
    });
    if (mismatch) return result(describe(step.phase, mismatch), step.phase);
  }
  const final = await check(scenario.expect, {
    facts: await driver.facts(),
    phase: await driver.phase(),
    events: null,
    sees: (p) => driver.sees(p),
  });
  if (final) return result(describe('end', final));
  return result();
}
