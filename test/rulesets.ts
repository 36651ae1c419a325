// Every shipped ruleset, loaded before the test file runs, for tests that read them directly
// (engine/index.ts loads each on first use, so the service and the Lambda bundles never wait for all).
import { rulesets as registry } from '../engine/index.js';
import type { Ruleset } from '../engine/core/types.js';

export const rulesets: Readonly<Record<string, Ruleset>> = await registry.loadAll();

export function findRuleset(id: string): Ruleset | undefined {
  return Object.hasOwn(rulesets, id) ? rulesets[id] : undefined;
}
