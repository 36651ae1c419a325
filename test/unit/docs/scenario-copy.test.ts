// test/scenarios/public is the repository's copy of the public conformance scenarios: each file in it
// stays byte-equal to its original in ../shared/scenarios whenever that folder is beside the repository.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUBLIC_COPY, SHARED_SCENARIOS } from '../../scenario/roots.js';
import { scenarioFiles } from '../../scenario/scenario.js';

describe('the public scenarios’ copy', () => {
  it('holds scenarios of every ruleset', () => {
    const files = scenarioFiles([PUBLIC_COPY]).map((f) => relative(PUBLIC_COPY, f));
    for (const ruleset of ['lupus', 'mafia', 'killgame'])
      expect(
        files.some((f) => f.startsWith(`${ruleset}/`)),
        ruleset,
      ).toBe(true);
  });

  it.runIf(existsSync(SHARED_SCENARIOS))('is byte-equal to ../shared/scenarios, file for file', () => {
    for (const file of scenarioFiles([PUBLIC_COPY])) {
      const original = `${SHARED_SCENARIOS}/${relative(PUBLIC_COPY, file)}`;
      expect(existsSync(original), original).toBe(true);
      expect(readFileSync(file, 'utf8'), original).toBe(readFileSync(original, 'utf8'));
    }
  });
});
