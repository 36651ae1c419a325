// Section 8: dawn information, the day ballot, abstentions, the Parroco's removal, the outcome, the cat's curse.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../engine/core/rng.js';
import { catCurse } from '../../../engine/rulesets/lupus/curse.js';
import { find, has } from './harness.js';
import { burn, skipTo, table, thirteen, votes } from './fixture.js';

const village5 = (settings: Record<string, unknown> = {}) =>
  table('a b c d:zucca-semplice w x:lupo-mannaro y:zucca-semplice', { settings });

describe('day', () => {
  it('LUP-8.1 every living Lupo Segugio gets the living vampire count at dawn', () => {
    const m = thirteen();
    m.close();
    expect(find(m.of('night-1'), { kind: 'vampire-count' })).toEqual([{ kind: 'vampire-count', to: 'hound', count: 1 }]);
    m.close();
    m.play([['dracula', { type: 'bite', target: 'seer' }]]);
    m.close();
    expect(has(m.of('night-2'), { kind: 'vampire-count', to: 'hound', count: 2 })).toBe(true);
    burn(m, 'hound');
    m.close();
    expect(m.of('night-3').some((e) => e.kind === 'vampire-count')).toBe(false);
  });

  it('LUP-8.2 day ballots are public as cast; a withdrawal is public too; no self-vote', () => {
    const m = village5();
    m.close();
    expect(m.act('a', { type: 'vote', target: 'a' })).toBe('target-self');
    m.play(votes({ a: 'w', b: null }));
    expect(find(m.of('day-1'), { kind: 'vote-cast' })).toEqual([
      { kind: 'vote-cast', to: 'public', voter: 'a', target: 'w' },
      { kind: 'vote-cast', to: 'public', voter: 'b', target: null },
    ]);
    expect(m.withdraw('a', 'ballot')).toBe('ok');
    expect(find(m.of('day-1'), { kind: 'vote-withdrawn' })).toEqual([{ kind: 'vote-withdrawn', to: 'public', voter: 'a' }]);
    m.close();
    expect(find(m.of('day-1'), { kind: 'day-result' })[0]!.ballots).toMatchObject({ a: null, b: null });
  });

  it('LUP-8.3 abstentions count up to the limit; then abstain is refused and silence is a vote against oneself', () => {
    const m = table('a b c:zucca-semplice w x:lupo-mannaro y z:zucca-semplice', {
      abstentions: { a: 1 },
      settings: { 'max-abstentions': 2 },
    });
    m.close();
    m.play([['a', { type: 'abstain' }]]);
    m.close();
    expect(m.state.players.map((p) => p.abstentions)).toEqual([2, 1, 1, 1, 1, 1, 1]);
    m.close();
    expect(m.act('a', { type: 'abstain' })).toBe('abstention-limit');
    m.play(votes({ b: 'w', c: 'w', y: 'w' }));
    m.close();
    const result = find(m.of('day-2'), { kind: 'day-result' })[0]!;
    expect(result.forced).toEqual(['a']);
    expect(result.ballots).toMatchObject({ a: 'a', w: null });
    expect(m.facts().dead).toEqual(['w']);
    expect(m.state.players.find((p) => p.id === 'a')!.abstentions).toBe(2);
    // run-off ballots neither count nor are limited
    m.close();
    m.play(votes({ b: 'x', x: 'b', c: 'a', a: 'c', y: 'z', z: 'y' }));
    m.close();
    expect(m.phase).toBe('runoff-3');
    expect(m.act('a', { type: 'abstain' })).toBe('ok');
    const counters = m.state.players.map((p) => p.abstentions);
    m.close();
    expect(m.state.players.map((p) => p.abstentions)).toEqual(counters);
  });

  it('LUP-8.4 the Parroco takes one vote off a tally once per game (floor 0), silently', () => {
    const m = table('p:parroco a b:zucca-semplice w x:lupo-mannaro y z:zucca-semplice');
    m.close();
    m.play([
      ['a', { type: 'vote', target: 'w' }],
      ['b', { type: 'vote', target: 'w' }],
      ['w', { type: 'vote', target: 'a' }],
      ['p', { type: 'remove-vote', target: 'w' }],
    ]);
    expect(find(m.of('day-1'), { kind: 'vote-cast' })).toHaveLength(3);
    m.close();
    expect(find(m.of('day-1'), { kind: 'day-result' })[0]!.runoff).toEqual(['a', 'w']);
    expect(m.of('day-1').some((e) => e.to === 'p')).toBe(false);
    m.close();
    skipTo(m, 'day-2');
    expect(m.act('p', { type: 'remove-vote', target: 'w' })).toBe('already-used');
    const f = table('p:parroco a:zucca-semplice w:lupo-mannaro y:zucca-semplice');
    f.close();
    f.play([
      ['p', { type: 'remove-vote', target: 'p' }],
      ['a', { type: 'vote', target: 'w' }],
    ]);
    f.close();
    expect(f.facts().dead).toEqual(['w']);
  });

  it('LUP-8.5 no votes kill nobody; one top tally burns; a tie goes by tie-rule (runoff, no-lynch, random)', () => {
    const none = village5();
    none.close();
    none.play([['a', { type: 'abstain' }]]);
    none.close();
    expect(none.facts().dead).toEqual([]);
    expect(none.phase).toBe('night-2');
    const tie = (rule: string, dice: 'natural' | 'succeed' = 'natural') => {
      const m = table('a b c:zucca-semplice w x:lupo-mannaro', { settings: { 'tie-rule': rule }, dice });
      m.close();
      m.play(votes({ a: 'x', w: 'b' }));
      m.close();
      return m;
    };
    expect(tie('runoff').phase).toBe('runoff-1');
    const nolynch = tie('no-lynch');
    expect(nolynch.facts().dead).toEqual([]);
    expect(nolynch.phase).toBe('night-2');
    const random = tie('random', 'succeed');
    expect(random.facts().dead).toEqual(['b']);
    expect(has(random.of('day-1'), { kind: 'day-result', runoff: null })).toBe(true);
  });

  it("LUP-8.6 day-result gives every living voter's final ballot, the forced voters and the run-off candidates", () => {
    const m = village5({ 'max-abstentions': 0 });
    m.close();
    m.play(votes({ a: 'w', b: 'x', c: 'w', d: 'x', w: 'a', x: 'a' }));
    m.close();
    expect(find(m.of('day-1'), { kind: 'day-result' })).toEqual([
      {
        kind: 'day-result',
        to: 'public',
        ballots: { a: 'w', b: 'x', c: 'w', d: 'x', w: 'a', x: 'a', y: 'y' },
        forced: ['y'],
        runoff: ['a', 'w', 'x'],
      },
    ]);
    expect(m.of('day-1').some((e) => e.kind === 'death')).toBe(false);
  });

  it('LUP-8.7 a burnt Gatto Nero curses one village voter-or-abstainer; on the Strega it is void; no event', () => {
    const m = thirteen({ dice: 'succeed' });
    m.close();
    // seer votes the cat (first candidate in seat order), priest votes a wolf, the rest abstain by silence
    m.play(votes({ priest: 'hound', seer: 'cat', hound: 'cat', ghost: 'cat' }));
    m.close();
    expect(m.facts().dead).toEqual(['cat']);
    expect(m.state.players.filter((p) => p.cursed).map((p) => p.id)).toEqual(['seer']);
    expect(
      m
        .of('day-1')
        .map((e) => e.kind)
        .sort(),
    ).toEqual(['day-result', 'death', 'vote-cast', 'vote-cast', 'vote-cast', 'vote-cast']);
    // the Strega drawn: nothing, no redraw
    const w = table('witch:strega cat:gatto-nero z:zucca-semplice wolf x:lupo-mannaro y u:zucca-semplice', { dice: 'succeed' });
    w.close();
    w.play(votes({ witch: 'cat', z: 'cat', wolf: 'cat' }));
    w.close();
    expect(w.facts().dead).toEqual(['cat']);
    expect(w.state.players.some((p) => p.cursed)).toBe(false);
  });

  it('LUP-8.7 curse candidates: village, alive, voted the cat or abstained; not forced voters, not wolves', () => {
    const m = table('cat:gatto-nero voter other silent forced:zucca-semplice wolf:lupo-mannaro');
    m.state.players.find((p) => p.id === 'forced')!.abstentions = 3;
    m.state.day = {
      n: 1,
      ballots: { cat: null, voter: 'cat', other: 'wolf', silent: null, forced: 'forced', wolf: 'cat' },
      forced: ['forced'],
    };
    const drawn = new Set<string>();
    for (let i = 0; i < 60; i++) {
      const s = structuredClone(m.state);
      s.players.find((p) => p.id === 'cat')!.alive = false;
      catCurse(s, s.players.find((p) => p.id === 'cat')!, createRng(`c${i}`, 'natural', 'day-1'));
      for (const p of s.players.filter((p) => p.cursed)) drawn.add(p.id);
    }
    expect([...drawn].sort()).toEqual(['silent', 'voter']);
  });

  it("LUP-8.8 a cursed player's first real power fails and lifts the curse; pumpkin actions and day actions keep it", () => {
    const m = thirteen({ dice: 'succeed' });
    m.close();
    m.play(votes({ seer: 'cat', hound: 'cat' }));
    m.close();
    const cursed = () => m.state.players.filter((p) => p.cursed).map((p) => p.id);
    expect(cursed()).toEqual(['seer']);
    // a night without a power stored keeps the curse
    m.close();
    m.play([['seer', { type: 'abstain' }]]);
    m.close();
    expect(cursed()).toEqual(['seer']);
    m.play([['seer', { type: 'investigate', target: 'hound' }]]);
    m.close();
    expect(find(m.of('night-3'), { kind: 'action-failed' })).toEqual([
      { kind: 'action-failed', to: 'seer', action: 'investigate', reason: 'cursed' },
    ]);
    expect(cursed()).toEqual([]);
    skipTo(m, 'night-4');
    m.play([['seer', { type: 'investigate', target: 'hound' }]]);
    m.close();
    expect(has(m.of('night-4'), { kind: 'investigation-result', target: 'hound' })).toBe(true);
    // a cursed plain pumpkin praising keeps the curse; conversion removes it
    const z = thirteen();
    const zz = z.state.players.find((p) => p.id === 'witch')!;
    zz.role = 'zucca-semplice';
    zz.cursed = true;
    z.play([['witch', { type: 'praise', target: 'seer' }]]);
    z.close();
    expect(z.state.players.find((p) => p.id === 'witch')!.cursed).toBe(true);
    z.close();
    z.play([['dracula', { type: 'bite', target: 'witch' }]]);
    z.close();
    expect(z.state.players.find((p) => p.id === 'witch')!.cursed).toBe(false);
  });
});
