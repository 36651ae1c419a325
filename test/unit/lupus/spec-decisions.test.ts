// Issue 43's Lupus rules: LUP-16.1 a fixed table obeys LUP-4.2 and the player range; LUP-7.19 a
// dream-blocked bite's two events; LUP-8.6 a forced voter's ballot is himself.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../engine/core/rng.js';
import { RulesetError } from '../../../engine/core/types.js';
import { lupus } from '../../../engine/rulesets/lupus/index.js';
import { settingsSchema } from '../../../engine/rulesets/lupus/settings.js';
import { find } from './harness.js';
import { table, thirteenThrough } from './fixture.js';

/** The refusal a scenario's fixed table gets at setup, or null when it starts. */
function fixedTable(roles: string[]): { reason: string; message: string; params?: Record<string, unknown> } | null {
  try {
    lupus.setup({
      players: roles.map((role, i) => ({ id: `p${i + 1}`, name: `p${i + 1}`, options: {}, fixed: { role } })),
      settings: settingsSchema.parse({}),
      rng: createRng('s', 'natural', 'setup'),
      setup: {},
    });
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(RulesetError);
    const e = error as RulesetError;
    return { reason: e.reason, message: e.message, ...(e.params ? { params: e.params } : {}) };
  }
}

describe('LUP-16.1 a fixed table obeys LUP-4.2 and the 3–20 range', () => {
  it('LUP-16.1 LUP-4.2 a fixed table of village roles only is refused invalid-setup (table-no-hostile)', () => {
    expect(fixedTable(['zucca-semplice', 'bardo', 'strega'])).toEqual({
      reason: 'invalid-setup',
      message: 'a fixed table needs a pack, coven or lone role',
      params: { reason: 'table-no-hostile' },
    });
    for (const hostile of ['lupo-mannaro', 'dracula', 'negromante']) {
      expect(fixedTable(['zucca-semplice', 'bardo', hostile]), hostile).toBeNull();
    }
  });

  it('LUP-16.1 a fixed table of 2 or of 21 players is refused invalid-setup (table-player-range); 3 and 20 start', () => {
    expect(fixedTable(['zucca-semplice', 'lupo-mannaro'])).toEqual({
      reason: 'invalid-setup',
      message: 'a fixed table seats 3 to 20 players, not 2',
      params: { reason: 'table-player-range', players: 2, min: 3, max: 20 },
    });
    const many = (n: number) => ['lupo-mannaro', ...Array.from({ length: n - 1 }, () => 'zucca-semplice')];
    expect(fixedTable(many(21))).toMatchObject({ reason: 'invalid-setup', params: { reason: 'table-player-range', players: 21 } });
    expect(fixedTable(many(3))).toBeNull();
    expect(fixedTable(many(20))).toBeNull();
  });
});

describe('LUP-7.19 a dream-blocked bite', () => {
  it('LUP-7.19 LUP-6.4 Dracula blocked by a right dream gets action-failed blocked, then bite-result {success: false}; nobody is converted', () => {
    const m = thirteenThrough('night-2', [
      ['nightmare', { type: 'dream', target: 'dracula', guess: 'dracula' }],
      ['dracula', { type: 'bite', target: 'cat' }],
    ]);
    const toDracula = m.of('night-2').filter((e) => e.to === 'dracula' && (e.kind === 'action-failed' || e.kind === 'bite-result'));
    expect(toDracula).toEqual([
      { kind: 'action-failed', to: 'dracula', action: 'bite', reason: 'blocked' },
      { kind: 'bite-result', to: 'dracula', target: 'cat', success: false },
    ]);
    expect(m.facts().role!.cat).toBe('gatto-nero');
    expect(find(m.of('night-2'), { kind: 'converted' })).toEqual([]);
  });
});

describe('LUP-8.6 a forced voter in day-result', () => {
  it('LUP-8.6 LUP-8.3 a silent voter past the limit is mapped to himself and listed in forced; his one vote burns him', () => {
    const m = table('a b c:zucca-semplice w x:lupo-mannaro', { abstentions: { c: 3 } });
    m.close();
    m.play([['a', { type: 'abstain' }]]);
    m.close();
    expect(find(m.of('day-1'), { kind: 'day-result' })).toEqual([
      { kind: 'day-result', to: 'public', ballots: { a: null, b: null, c: 'c', w: null, x: null }, forced: ['c'], runoff: null },
    ]);
    // LUP-8.5: a single vote, a forced self-vote included, sends him to the stake.
    expect(m.facts().dead).toEqual(['c']);
  });
});
