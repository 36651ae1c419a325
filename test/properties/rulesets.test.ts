// Cross-ruleset properties (fast-check): random legal play never throws, keeps the platform's
// invariants and is deterministic for a seed. Per-ruleset properties live in test/unit/<id>/.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rulesets } from '../rulesets.js';
import { playMatch } from './play.js';
import { sizesFor, tableFor } from './tables.js';

const RUNS = Number(process.env.DUSK_PROPERTY_RUNS ?? '15');

describe.each(Object.values(rulesets).map((rs) => [rs.id, rs] as const))('%s under random legal play', (_id, rs) => {
  const sizes = sizesFor(rs);
  const size = sizes ? fc.integer({ min: sizes[0], max: sizes[1] }) : fc.constant(tableFor(rs).players);
  const seed = fc.string({ minLength: 1, maxLength: 12 });
  const choices = fc.integer({ min: 0, max: 2 ** 31 - 1 });

  it('never throws and keeps the invariants (counts, one outcome, dead do nothing, audiences, checkers)', () => {
    const seen = { phases: 0, accepted: 0, ended: 0 };
    fc.assert(
      fc.property(size, seed, choices, fc.boolean(), (n, s, c, removals) => {
        const played = playMatch(rs, tableFor(rs, n), { seed: s, choices: c, maxPhases: 12, removals: removals ? 0.15 : 0 });
        seen.phases += played.stats.phases;
        seen.accepted += played.stats.accepted;
        if (played.stats.ended) seen.ended++;
      }),
      { numRuns: RUNS },
    );
    // The generator must really play: phases close and actions get accepted.
    expect(seen.phases).toBeGreaterThan(RUNS);
    expect(seen.accepted).toBeGreaterThan(RUNS);
  });

  it('is deterministic: the same seed and the same choices give the same bytes', () => {
    fc.assert(
      fc.property(size, seed, choices, (n, s, c) => {
        const table = tableFor(rs, n);
        const a = playMatch(rs, table, { seed: s, choices: c, maxPhases: 6 });
        const b = playMatch(rs, table, { seed: s, choices: c, maxPhases: 6 });
        expect(b.trace).toBe(a.trace);
      }),
      { numRuns: Math.max(5, Math.floor(RUNS / 3)) },
    );
  });

  it('plays long matches to their end with exactly one match-ended', () => {
    let ended = 0;
    fc.assert(
      fc.property(size, seed, choices, (n, s, c) => {
        const played = playMatch(rs, tableFor(rs, n), { seed: s, choices: c, maxPhases: 60, activity: 1, removals: 0.05 });
        if (played.stats.ended) ended++;
      }),
      { numRuns: Math.max(5, Math.floor(RUNS / 3)) },
    );
    // Removals alone end a match eventually; most runs must reach an outcome.
    expect(ended).toBeGreaterThan(0);
  });
});
