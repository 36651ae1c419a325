// LUP-9.2 – LUP-9.4 interactions: who counts in a run-off tie-break, what carries over, how long the Parroco's removal lasts.
import { describe, expect, it } from 'vitest';
import { find } from '../harness.js';
import { afterDayOne, burn, skipTo, table, votes } from '../fixture.js';

describe('LUP-9.4 run-off village voters', () => {
  // Swap test/swaps/lupus/01-runoff-every-voter-village.patch: coven and lone run-off voters counted as village voters.
  it('LUP-9.4 only village voters break a run-off tie: coven and lone voters do not count', () => {
    // Day 1 ties a and w 2–2: a's voters are Dracula (coven) and the Negromante (lone), w's are two pumpkins.
    const m = afterDayOne('a b c:zucca-semplice w:lupo-mannaro d:dracula n:negromante', { b: 'w', c: 'w', d: 'a', n: 'a' });
    expect(m.phase).toBe('runoff-1');
    m.close();
    // Carried over: a 2, w 2. Village voters: w 2, a 0 — only w burns (counting every voter would burn both).
    expect(find(m.of('runoff-1'), { kind: 'runoff-result' })[0]!.dead).toEqual(['w']);
  });

  // Swap test/swaps/lupus/05-removal-cuts-village-voters.patch: the Parroco's removal also taken off the village-voter count.
  it('LUP-9.4 (D-13) the removal changes the tally, not the village-voter count', () => {
    // Day 1 ties a (c, e) and b (f, p) 2–2.
    const n = afterDayOne('a b c:zucca-semplice w:lupo-mannaro p:parroco e f:zucca-semplice', { c: 'a', e: 'a', f: 'b', p: 'b' });
    expect(n.phase).toBe('runoff-1');
    n.play([['p', { type: 'remove-vote', target: 'b' }]]);
    n.play([['w', { type: 'vote', target: 'b' }]]);
    n.close();
    // Tally: a 2, b 3 (f, p, w) − 1 = 2: tied. Village voters: a 2 (c, e), b 2 (f, p): tied, both burn.
    // Taking the removal off b's village voters too would leave a alone with the most: only a would burn.
    expect(find(n.of('runoff-1'), { kind: 'runoff-result' })[0]!.dead).toEqual(['a', 'b']);
  });
});

describe('LUP-9.2 carried-over votes', () => {
  // Swap test/swaps/lupus/06-forced-vote-carried.patch: a forced day vote is carried into the run-off.
  it('LUP-9.2 (D-35) a forced day vote is never carried over into the run-off', () => {
    // f is forced onto himself; a and w tie with him at one vote each.
    const m = table('a f:zucca-semplice w:lupo-mannaro b:zucca-semplice x:lupo-mannaro', { abstentions: { f: 3 } });
    m.close();
    m.play(votes({ a: 'w', w: 'a' }));
    m.close();
    expect(m.phase).toBe('runoff-1');
    m.play([['a', { type: 'abstain' }]]);
    m.close();
    // a 1 (w carried), f 0, w 0: a burns. Carrying f's forced vote would tie a and f, and f's village voter burns f.
    expect(m.facts().dead).toEqual(['a']);
  });
});

describe("LUP-9.3 the Parroco's removal in a run-off", () => {
  // Swap test/swaps/lupus/07-later-runoff-renews-removal.patch: any run-off renews the removal, not only day-N's own.
  it('LUP-9.3 a removal used on day 1 is not renewed by the run-off of a later day', () => {
    const m = table('a b c d:zucca-semplice w x:lupo-mannaro p:parroco e:zucca-semplice', { settings: { 'max-abstentions': 10 } });
    m.close();
    m.play([['p', { type: 'remove-vote', target: 'a' }]]);
    burn(m, 'w');
    skipTo(m, 'day-2');
    m.play(votes({ a: 'x', b: 'x', c: 'd', x: 'd' }));
    m.close();
    expect(m.phase).toBe('runoff-2');
    expect(m.act('p', { type: 'remove-vote', target: 'x' })).toBe('already-used');
  });

  it('LUP-9.3 a removal used in day-N may be used again in runoff-N', () => {
    const m = table('a b c d:zucca-semplice w x:lupo-mannaro p:parroco', { settings: { 'max-abstentions': 10 } });
    m.close();
    m.play([['p', { type: 'remove-vote', target: 'a' }]]);
    m.play(votes({ a: 'x', b: 'x', c: 'd', x: 'd' }));
    m.close();
    expect(m.phase).toBe('runoff-1');
    expect(m.act('p', { type: 'remove-vote', target: 'x' })).toBe('ok');
  });
});
