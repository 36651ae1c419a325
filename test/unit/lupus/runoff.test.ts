// Section 9: the run-off.
import { describe, expect, it } from 'vitest';
import { find } from './harness.js';
import { afterDayOne, table, votes } from './fixture.js';

/** Seven seats; day 1 ties a (village) and w (wolf) 2–2 with b, c abstaining by silence. */
function runoff(settings: Record<string, unknown> = {}, seats = 'a b c d:zucca-semplice w x:lupo-mannaro p:parroco') {
  const m = afterDayOne(seats, { d: 'w', p: 'w', w: 'a', x: 'a' }, { settings });
  expect(m.phase).toBe('runoff-1');
  return m;
}

describe('run-off', () => {
  it('LUP-9.1 every living player has a secret ballot for a candidate other than himself', () => {
    const m = runoff();
    expect(m.act('b', { type: 'vote', target: 'c' })).toBe('not-candidate');
    expect(m.act('a', { type: 'vote', target: 'a' })).toBe('target-self');
    expect(m.act('a', { type: 'vote', target: 'w' })).toBe('ok');
    expect(m.act('w', { type: 'vote', target: 'a' })).toBe('ok');
    expect(m.act('b', { type: 'abstain' })).toBe('ok');
    expect(m.withdraw('b', 'ballot')).toBe('ok');
    m.close();
    expect(m.of('runoff-1').some((e) => e.kind === 'vote-cast' || e.kind === 'vote-withdrawn')).toBe(false);
  });

  it('LUP-9.2 silence carries a real day vote for a candidate over; an explicit abstention stops it; forced votes never carry', () => {
    // d and p carried (2 for w), w and x carried (2 for a): then a changes nothing, c votes a
    const m = runoff();
    m.play([['c', { type: 'vote', target: 'a' }]]);
    m.close();
    expect(find(m.of('runoff-1'), { kind: 'runoff-result' })[0]!.dead).toEqual(['a']);
    // an explicit abstention of x stops his carry-over: w 2, a 1
    const n = runoff();
    n.play([['x', { type: 'abstain' }]]);
    n.close();
    expect(n.facts().dead).toEqual(['w']);
    // forced day votes are not carried: f forced onto himself is not a candidate voter
    const f = table('a f:zucca-semplice w:lupo-mannaro b:zucca-semplice x:lupo-mannaro', { abstentions: { f: 3 } });
    f.close();
    f.play(votes({ a: 'w', w: 'a' }));
    f.close();
    expect(find(f.of('day-1'), { kind: 'day-result' })[0]!.runoff).toEqual(['a', 'f', 'w']);
    f.play([['a', { type: 'abstain' }]]);
    f.close();
    // tallies: a 1 (w's carried vote), f 0, w 0 (a abstained). Carrying f's forced vote would
    // tie a and f at 1 and f, with a village voter, would burn instead.
    expect(f.facts().dead).toEqual(['a']);
  });

  it('LUP-9.3 the Parroco may remove a vote in the run-off, also after using it that day; then it is spent', () => {
    const m = runoff();
    m.play([['p', { type: 'remove-vote', target: 'w' }]]);
    m.close();
    // carried: w 2 (d, p) − 1 = 1; a 2 (w, x)
    expect(m.facts().dead).toEqual(['a']);
    expect(m.phase).toBe('night-2');
    m.close();
    expect(m.act('p', { type: 'remove-vote', target: 'w' })).toBe('already-used');
    const d = table('a b:zucca-semplice w x:lupo-mannaro p:parroco c:zucca-semplice');
    d.close();
    d.play([
      ['a', { type: 'vote', target: 'w' }],
      ['b', { type: 'vote', target: 'w' }],
      ['p', { type: 'vote', target: 'w' }],
      ['w', { type: 'vote', target: 'a' }],
      ['x', { type: 'vote', target: 'a' }],
      ['p', { type: 'remove-vote', target: 'w' }],
    ]);
    d.close();
    expect(d.phase).toBe('runoff-1');
    expect(d.act('p', { type: 'remove-vote', target: 'b' })).toBe('not-candidate');
    expect(d.act('p', { type: 'remove-vote', target: 'a' })).toBe('ok');
    d.close();
    // carried: w 3, a 2 − 1 = 1
    expect(d.facts().dead).toEqual(['w']);
    d.close();
    expect(d.phase).toBe('day-2');
    expect(d.act('p', { type: 'remove-vote', target: 'a' })).toBe('already-used');
  });

  it('LUP-9.4 a tied run-off goes to the candidate with most village voters; if that ties too, all tied burn; 0–0 burns all', () => {
    // carried 2–2: a's voters w, x (pack), w's voters d, p (village): w burns
    const m = runoff();
    m.close();
    expect(m.facts().dead).toEqual(['w']);
    // everyone abstains: 0–0, village voters 0–0: both burn
    const z = runoff();
    for (const id of ['a', 'b', 'c', 'd', 'w', 'x', 'p']) z.play([[id, { type: 'abstain' }]]);
    z.close();
    expect(find(z.of('runoff-1'), { kind: 'runoff-result' })[0]!.dead).toEqual(['a', 'w']);
    // the removal changes the tally but not the village-voter count
    const r = runoff();
    r.play([
      ['x', { type: 'abstain' }],
      ['c', { type: 'vote', target: 'a' }],
      ['p', { type: 'remove-vote', target: 'w' }],
    ]);
    r.close();
    // tallies: a 2 (w, c), w 2 (d, p) − 1 = 1 → a burns alone
    expect(r.facts().dead).toEqual(['a']);
  });

  it('LUP-9.5 the run-off publishes only its dead and their deaths', () => {
    const m = runoff();
    m.close();
    const events = m.of('runoff-1');
    expect(events.map((e) => e.kind)).toEqual(['runoff-result', 'death']);
    expect(events[0]).toEqual({ kind: 'runoff-result', to: 'public', dead: ['w'] });
    expect(events[1]).toEqual({ kind: 'death', to: 'public', player: 'w', cause: 'stake' });
  });
});
