// The registry: every ruleset dusk ships, by id.
import type { Ruleset } from './core/types.js';
import { killgame } from './rulesets/killgame/index.js';
import { lupus } from './rulesets/lupus/index.js';
import { mafia } from './rulesets/mafia/index.js';

export const rulesets: Readonly<Record<string, Ruleset>> = { killgame, lupus, mafia };

export function findRuleset(id: string): Ruleset | undefined {
  return Object.hasOwn(rulesets, id) ? rulesets[id] : undefined;
}

export type { Ruleset } from './core/types.js';
