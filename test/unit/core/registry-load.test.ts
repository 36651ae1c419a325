// The registry as it loads (engine/index.ts): every shipped ruleset under its own id, each checked
// against the contract (engine/core/check.ts) when it is read. The import
// happens inside the test: a module that throws on import fails its test file before any test
// runs, and StrykerJS counts no failed test then, so a broken check would go unseen.
import { expect, it } from 'vitest';

it('loads with every shipped ruleset under its own id, each keeping the contract', async () => {
  const { rulesets } = await import('../../../engine/index.js');
  const { rulesetProblems } = await import('../../../engine/core/check.js');
  expect(Object.keys(rulesets)).toEqual(['killgame', 'lupus', 'mafia']);
  for (const [id, ruleset] of Object.entries(rulesets)) {
    expect(ruleset.id).toBe(id);
    expect(rulesetProblems(ruleset), id).toEqual([]);
  }
});
