// Section 11: victory conditions, their order, winners and the anchor.
import { describe, expect, it } from 'vitest';
import { lupus } from '../../../engine/rulesets/lupus/index.js';
import type { LupusState } from '../../../engine/rulesets/lupus/index.js';
import { anchorOf, winnerNow } from '../../../engine/rulesets/lupus/victory.js';
import { find } from './harness.js';
import { burn, skipTo, table, thirteenThrough } from './fixture.js';

/** A state where only the listed players are alive. */
function aliveOnly(seats: string, alive: string[], praised: string[] = []): LupusState {
  const m = table(seats);
  for (const p of m.state.players) {
    p.alive = alive.includes(p.id);
    p.praised = praised.includes(p.id);
  }
  return m.state;
}

describe('victory', () => {
  it('LUP-11.1 draw, pack, coven, village — the first that holds decides', () => {
    const legal = 'v u:zucca-semplice w:lupo-mannaro d:dracula n:negromante';
    expect(winnerNow(aliveOnly(legal, ['n']))).toBe('draw');
    expect(winnerNow(aliveOnly(legal, []))).toBe('draw');
    expect(winnerNow(aliveOnly(legal, ['v', 'w']))).toBe('pack');
    expect(winnerNow(aliveOnly(legal, ['v', 'w', 'd']))).toBeNull();
    expect(winnerNow(aliveOnly(legal, ['v', 'd']))).toBe('coven');
    expect(winnerNow(aliveOnly(legal, ['w', 'd']))).toBe('coven');
    expect(winnerNow(aliveOnly(legal, ['v', 'u', 'd']))).toBeNull();
    expect(winnerNow(aliveOnly(legal, ['v', 'u']))).toBe('village');
    expect(winnerNow(aliveOnly(legal, ['v', 'u', 'n']))).toBeNull();
    expect(winnerNow(aliveOnly(legal, ['v', 'w'], ['v']))).toBeNull();
    expect(winnerNow(aliveOnly(legal, ['v', 'u', 'w']))).toBeNull();
  });

  it('LUP-11.2 living progeny do not stop the village; the Negromante does', () => {
    const m = thirteenThrough('night-2', [['dracula', { type: 'bite', target: 'bard' }]]);
    const s = structuredClone(m.state);
    for (const p of s.players) if (['nightmare', 'hound', 'ghost', 'dracula'].includes(p.id)) p.alive = false;
    expect(winnerNow(s)).toBeNull();
    s.players.find((p) => p.id === 'necro')!.alive = false;
    expect(winnerNow(s)).toBe('village');
  });

  it('LUP-11.3 winners are the current faction, dead included, converts with their new side, plus an anchored Negromante', () => {
    const m = table('d:dracula a b:zucca-semplice n:negromante c:zucca-semplice');
    m.play([['n', { type: 'contact', target: 'a' }]]);
    m.close();
    burn(m, 'c');
    m.play([['d', { type: 'bite', target: 'a' }]]);
    m.close();
    // d and a (progeny) vs b: V 2 ≥ H 1
    expect(m.state.winner).toBe('coven');
    expect(find(m.of('night-2'), { kind: 'match-ended' })[0]!.winners).toEqual(['d', 'a', 'n']);
  });

  it('LUP-11.4 the anchor is the newest contact whose faction is not village; none, no win', () => {
    const m = thirteenThrough('night-1', [['necro', { type: 'contact', target: 'hound' }]]);
    skipTo(m, 'night-2');
    m.play([['necro', { type: 'contact', target: 'seer' }]]);
    m.close();
    expect(anchorOf(m.state, 'necro')).toBe('hound');
    skipTo(m, 'night-3');
    m.play([['dracula', { type: 'bite', target: 'seer' }]]);
    m.close();
    expect(anchorOf(m.state, 'necro')).toBe('seer');
    const alone = thirteenThrough('night-1', [['necro', { type: 'contact', target: 'girl' }]]);
    expect(anchorOf(alone.state, 'necro')).toBeNull();
  });

  it('LUP-11.5 the end: match-ended with winner, winners and every role; no phase opens', () => {
    const m = table('a:zucca-semplice w:lupo-mannaro s:strega');
    m.close();
    burn(m, 'w');
    expect(find(m.of('day-1'), { kind: 'match-ended' })).toEqual([
      {
        kind: 'match-ended',
        to: 'public',
        winner: 'village',
        winners: ['a', 's'],
        roles: { a: 'zucca-semplice', w: 'lupo-mannaro', s: 'strega' },
      },
    ]);
    expect(m.phase).toBeNull();
    expect(lupus.outcome(m.state)).toBe('village');
    expect(m.act('a', { type: 'vote', target: 's' })).toBe('match-over');
    const draw = table('n:negromante a:zucca-semplice w:lupo-mannaro');
    draw.remove('a');
    expect(draw.state.winner).toBe('pack');
    const d2 = table('n:negromante a:zucca-semplice w:lupo-mannaro b:zucca-semplice');
    d2.remove('w');
    d2.remove('a');
    const last = d2.remove('b');
    // only the neutral Negromante is left: a draw, nobody wins
    expect(find(last, { kind: 'match-ended' })).toEqual([
      {
        kind: 'match-ended',
        to: 'public',
        winner: 'draw',
        winners: [],
        roles: { n: 'negromante', a: 'zucca-semplice', w: 'lupo-mannaro', b: 'zucca-semplice' },
      },
    ]);
  });
});
