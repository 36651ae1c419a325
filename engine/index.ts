// The registry: every ruleset dusk ships, by id, each checked against the contract as it loads.
import { checkRuleset } from './core/check.js';
import type { Ruleset } from './core/types.js';
import { killgame } from './rulesets/killgame/index.js';
import { lupus } from './rulesets/lupus/index.js';
import { mafia } from './rulesets/mafia/index.js';

/** The rulesets by their own ids; a ruleset that breaks the contract stops the registry from loading. */
export function registry(list: readonly Ruleset[]): Readonly<Record<string, Ruleset>> {
  const byId: Record<string, Ruleset> = {};
  for (const ruleset of list) {
    checkRuleset(ruleset);
    if (Object.hasOwn(byId, ruleset.id)) throw new Error(`Ruleset "${ruleset.id}" is registered twice.`);
    byId[ruleset.id] = ruleset;
  }
  return Object.freeze(byId);
}

export const rulesets: Readonly<Record<string, Ruleset>> = registry([killgame, lupus, mafia]);

export function findRuleset(id: string): Ruleset | undefined {
  return Object.hasOwn(rulesets, id) ? rulesets[id] : undefined;
}

export type { Ruleset } from './core/types.js';
