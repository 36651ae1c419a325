// The registry: every ruleset dusk ships, by id. Each is checked against the contract the first time
// it is read, so a process that serves only Lupus matches never parses Mafia's settings schema at all,
// and none of them is parsed while a Lambda function starts.
import { checkRuleset } from './core/check.js';
import type { Ruleset } from './core/types.js';
import { killgame } from './rulesets/killgame/index.js';
import { lupus } from './rulesets/lupus/index.js';
import { mafia } from './rulesets/mafia/index.js';

/**
 * The rulesets by their own ids; an id registered twice stops the registry from loading. Reading a
 * ruleset (`rulesets.lupus`, `Object.values(rulesets)`) checks it against the contract the first time
 * (engine/core/check.ts) and throws, naming every problem, if it breaks it: before any match can use it.
 */
export function registry(list: readonly Ruleset[]): Readonly<Record<string, Ruleset>> {
  const byId: Record<string, Ruleset> = {};
  for (const ruleset of list) {
    if (Object.hasOwn(byId, ruleset.id)) throw new Error(`Ruleset "${ruleset.id}" is registered twice.`);
    let kept = false;
    Object.defineProperty(byId, ruleset.id, {
      enumerable: true,
      get: () => {
        if (!kept) kept = checkRuleset(ruleset) === ruleset;
        return ruleset;
      },
    });
  }
  return Object.freeze(byId);
}

export const rulesets: Readonly<Record<string, Ruleset>> = registry([killgame, lupus, mafia]);

export function findRuleset(id: string): Ruleset | undefined {
  return Object.hasOwn(rulesets, id) ? rulesets[id] : undefined;
}

export type { Ruleset } from './core/types.js';
