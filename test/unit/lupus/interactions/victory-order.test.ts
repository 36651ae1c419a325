// LUP-11.1 (D-5) interactions: when two victory conditions hold at one check, the first in the spec's order decides.
import { describe, expect, it } from 'vitest';
import { find } from '../harness.js';
import { burn, skipTo, table, votes } from '../fixture.js';

/**
 * Dracula d bites a on night 2; on the given day the three non-village voters (d, w, a) tie
 * d, w and `third` at one vote each, and every run-off village-voter count is 0, so all three
 * burn at once (LUP-9.4, D-14).
 */
function tripleBurn(line: string, day: string, third: string) {
  const m = skipTo(table(line, { settings: { 'max-abstentions': 10 } }), 'night-2');
  m.play([['d', { type: 'bite', target: 'a' }]]);
  m.close();
  expect(m.facts().role!.a).toBe('vampiro-progenie');
  skipTo(m, day);
  m.play(votes({ w: 'd', a: 'w', d: third }));
  m.close();
  expect(m.phase).toBe(`runoff-${day.split('-')[1]}`);
  m.close();
  return m;
}

describe('LUP-11.1 victory order', () => {
  // Swap test/swaps/lupus/02-village-before-coven.patch: the village condition checked before the coven's.
  it('LUP-11.1 coven before village: a lone progeny beside one human, no wolf, no Dracula, wins for the coven', () => {
    const m = tripleBurn('d:dracula w:lupo-mannaro a b c:zucca-semplice', 'day-2', 'b');
    expect(find(m.of('runoff-2'), { kind: 'runoff-result' })[0]!.dead).toEqual(['d', 'w', 'b']);
    // V = 1 (a), H = 1 (c), W = 0, Dracula dead: coven (V ≥ H + W) and village both hold.
    expect(m.state.winner).toBe('coven');
    expect(m.phase).toBeNull();
  });

  // Swap test/swaps/lupus/03-coven-before-pack.patch: the coven condition checked before the pack's.
  it('LUP-11.1 pack before coven: one wolf and one progeny, nobody else, Dracula dead: the pack wins', () => {
    const m = skipTo(table('d:dracula w:lupo-mannaro a b c e:zucca-semplice', { settings: { 'max-abstentions': 10 } }), 'night-2');
    m.play([['d', { type: 'bite', target: 'a' }]]);
    m.close();
    burn(m, 'e');
    m.close();
    expect(m.phase).toBe('day-3');
    m.play(votes({ w: 'd', a: 'b', d: 'c' }));
    m.close();
    m.close();
    expect(find(m.of('runoff-3'), { kind: 'runoff-result' })[0]!.dead).toEqual(['d', 'b', 'c']);
    // W = 1, V = 1, H = 0: pack (W ≥ H + V, no Dracula) and coven (V ≥ H + W) both hold.
    expect(m.state.winner).toBe('pack');
  });

  // Swap test/swaps/lupus/04-pack-ignores-dracula.patch: the pack wins while Dracula lives.
  it('LUP-11.1 the pack does not win while Dracula lives, even at parity', () => {
    const m = skipTo(table('d:dracula w x:lupo-mannaro a b c:zucca-semplice', { settings: { 'max-abstentions': 10 } }), 'day-1');
    burn(m, 'a');
    m.play([['w', { type: 'maul', target: 'b' }]]);
    m.close();
    // W = 2, H = 1, V = 1: W ≥ H + V, but Dracula lives: nobody has won.
    expect(m.facts().dead).toEqual(['a', 'b']);
    expect(m.state.winner).toBeNull();
    expect(m.phase).toBe('day-2');
  });
});
