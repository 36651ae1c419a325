// LUP-1.3: a dead player takes no game action — his withdrawal is refused not-alive like his submissions.
import { describe, expect, it } from 'vitest';
import { burn, skipTo, table } from './fixture.js';

describe("LUP-1.3 a dead player's withdrawal", () => {
  it('LUP-1.3 a burnt player withdrawing any slot is refused not-alive (not nothing-to-withdraw), like his vote', () => {
    const m = skipTo(table('a b c d:zucca-semplice w x:lupo-mannaro', { settings: { 'max-abstentions': 10 } }), 'day-1');
    burn(m, 'a');
    skipTo(m, 'day-2');
    expect(m.act('a', { type: 'vote', target: 'w' })).toBe('not-alive');
    expect(m.withdraw('a', 'ballot')).toBe('not-alive');
    expect(m.withdraw('a', 'nothing-here')).toBe('not-alive');
    // A living player with nothing stored is still told there is nothing to withdraw.
    expect(m.withdraw('b', 'ballot')).toBe('nothing-to-withdraw');
  });

  it("LUP-1.3 LUP-10.6 a wolf removed by the GM cannot withdraw the pack's maul he stored", () => {
    const m = skipTo(table('a b c d:zucca-semplice w x:lupo-mannaro'), 'night-2');
    m.play([['w', { type: 'maul', target: 'a' }]]);
    m.remove('w');
    expect(m.withdraw('w', 'maul')).toBe('not-alive');
  });
});
