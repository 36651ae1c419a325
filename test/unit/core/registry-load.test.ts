// The registry as it loads (engine/index.ts): every shipped ruleset under its own id, each loaded on
// first use and checked against the contract (engine/core/check.ts) then. The import happens inside
// the test: a module that throws on import fails its test file before any test runs, and StrykerJS
// counts no failed test then, so a broken check would go unseen.
import { expect, it, vi } from 'vitest';

it('loads every shipped ruleset under its own id, each keeping the contract, none before it is asked for', async () => {
  // The unit project shares one module registry between files: start from an unloaded registry.
  vi.resetModules();
  const { rulesets, findRuleset } = await import('../../../engine/index.js');
  const { rulesetProblems } = await import('../../../engine/core/check.js');
  expect(rulesets.ids).toEqual(['killgame', 'lupus', 'mafia']);
  expect(rulesets.loaded('mafia')).toBeUndefined();
  const lupus = await findRuleset('lupus');
  expect(lupus?.id).toBe('lupus');
  expect(rulesets.loaded('lupus')).toBe(lupus);
  expect(rulesets.loaded('mafia')).toBeUndefined();
  expect(await findRuleset('chess')).toBeUndefined();
  for (const [id, ruleset] of Object.entries(await rulesets.loadAll())) {
    expect(ruleset.id).toBe(id);
    expect(rulesetProblems(ruleset), id).toEqual([]);
  }
});
