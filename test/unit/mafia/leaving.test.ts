// Section 1 (second part): leaving the town, winning, `away`, removal by the GM.
import { describe, expect, it } from 'vitest';
import { mafia } from '../../../engine/rulesets/mafia/index.js';
import { ROLES, SPECIALTIES, TEAMS } from '../../../engine/rulesets/mafia/ids.js';
import { bandit, eight, eightAtNight, find, has, Match, town } from './harness.js';
import type { Seat } from './harness.js';

const secretValues = new Set<string>([...ROLES, ...TEAMS, ...SPECIALTIES, 'bandit']);
/** Every string value (not key) of the public events. */
function publicValues(m: Match): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(m.events.filter((e) => e.event.to === 'public').map((e) => e.event));
  return out;
}

describe('Section 1: leaving the town and winning', () => {
  it('MAF-1.10 no public event reveals the role, team, specialization or specialty of the dead, jailed or removed', () => {
    const m = new Match([
      bandit('b1', 'boss'),
      bandit('b2', 'blocker'),
      bandit('b3', 'curser'),
      town('t1', 'guard'),
      town('t2', 'blacksmith'),
      town('t3'),
      town('t4'),
      town('t5'),
      town('t6'),
      town('t7'),
      town('t8'),
    ]);
    m.play([
      ['t1', { type: 'vote', target: 'b3' }],
      ['t2', { type: 'vote', target: 'b3' }],
    ]);
    m.close();
    m.night([['b1', { type: 'use-item', item: 'revolver', target: 't1' }]]);
    m.remove('t2');
    for (const value of publicValues(m)) expect(secretValues.has(value), value).toBe(false);
    const pub = JSON.stringify(m.view({ as: 'public' }));
    for (const secret of secretValues) expect(pub).not.toContain(`"${secret}"`);
  });

  it('MAF-1.11 a jailed player may say last words; a killed one may not', () => {
    const m = eight();
    m.play([['t1', { type: 'vote', target: 't2' }]]);
    m.close();
    m.play([['b1', { type: 'use-item', item: 'revolver', target: 't3' }]]);
    expect(m.act('t2', { type: 'last-words', text: 'I was framed' })).toBe('ok');
    expect(has(m.of('night-1'), { kind: 'last-words', to: 'public', player: 't2', text: 'I was framed' })).toBe(true);
    m.close();
    expect(m.facts().dead).toContain('t3');
    m.close();
    expect(m.act('t3', { type: 'last-words', text: 'x' })).toBe('not-alive');
  });

  it('MAF-1.12 death or jail loses items, maps and effects (not specialty bonuses); a jailed bandit keeps unspent starting items', () => {
    const m = eight({
      b1: { inventory: { 'lucky-coin': 1 }, maps: ['dowsing-rod'], effects: [{ effect: 'curse', value: 20 }] },
      t3: { inventory: { 'guardian-amulet': 1 }, maps: ['night-ring'] },
    });
    m.play([
      ['t1', { type: 'vote', target: 'b1' }],
      ['t2', { type: 'vote', target: 'b1' }],
    ]);
    m.close();
    expect(m.facts().jailed).toEqual(['b1']);
    expect(m.inv('b1')).toEqual({ revolver: 2 });
    expect(m.p('b1').fx.curse).toBe(0);
    expect(m.stats('b1').luck).toBe(25);
    // a killed townsperson loses everything at dawn
    const k = eightAtNight({ t3: { specialty: 'mage', inventory: { 'guardian-amulet': 1 }, maps: ['night-ring'] } }, { dice: 'fail' });
    k.night([['b1', { type: 'use-item', item: 'revolver', target: 't3' }]]);
    expect(k.facts().dead).toContain('t3');
    expect(k.inv('t3')).toEqual({});
    // released from jail, the bandit still has his starting items
    const r = eightAtNight({ b1: { state: 'jailed' }, b2: { inventory: { 'letter-of-pardon': 1 } } });
    expect(r.inv('b1')).toEqual({ revolver: 2 });
    r.night([['b2', { type: 'use-item', item: 'letter-of-pardon', target: 'b1' }]]);
    expect(has(r.of('night-1'), { kind: 'released', to: 'public', player: 'b1' })).toBe(true);
    expect(r.inv('b1')).toEqual({ revolver: 2 });
  });

  it('MAF-1.13 win check: nobody in town is a draw; no bandit is a town win; bandits at 50% win; then match-ended and phase null', () => {
    const even = new Match([bandit('b1'), bandit('b2'), town('t1'), town('t2'), town('t3'), town('t4')]);
    even.play([
      ['b1', { type: 'vote', target: 't1' }],
      ['b2', { type: 'vote', target: 't1' }],
    ]);
    even.close();
    expect(even.facts().jailed).toEqual(['t1']);
    expect(mafia.outcome(even.state)).toBeNull();
    const m = new Match([bandit('b1', 'boss'), bandit('b2'), town('t1'), town('t2'), town('t3'), town('t4', 'mage', { state: 'dead' })], {
      setup: { startPhase: 'night-1' },
      dice: 'fail',
    });
    const events = m.night([['b1', { type: 'use-item', item: 'revolver', target: 't1' }]]);
    expect(find(events, { kind: 'match-ended' })).toEqual([{ kind: 'match-ended', to: 'public', winner: 'bandits' }]);
    expect(m.phase).toBeNull();
    expect(mafia.outcome(m.state)).toBe('bandits');
    const t = new Match([bandit('b1'), town('t1'), town('t2'), town('t3')], { setup: { startPhase: 'day-2' } });
    t.play([
      ['t1', { type: 'vote', target: 'b1' }],
      ['t2', { type: 'vote', target: 'b1' }],
    ]);
    t.close();
    expect(mafia.outcome(t.state)).toBe('town');
    const d = new Match([bandit('b1', 'bandit', 'mage', { state: 'dead' }), town('t1', 'mage', { state: 'dead' }), town('t2')], {
      setup: { startPhase: 'day-2' },
    });
    d.remove('t2');
    expect(mafia.outcome(d.state)).toBe('draw');
    expect(d.phase).toBeNull();
  });

  it('MAF-1.14 an away player is out of town for the win check and for Destruction', () => {
    const m = new Match([bandit('b1', 'bandit', 'mage', { state: 'away' }), bandit('b2'), town('t1'), town('t2'), town('t3')]);
    m.play([
      ['t1', { type: 'vote', target: 'b2' }],
      ['t2', { type: 'vote', target: 'b2' }],
    ]);
    m.close();
    expect(mafia.outcome(m.state)).toBe('town');
    expect(m.facts().alive).toContain('b1');
  });

  it('MAF-1.19 a removal: public left-town with cause removed only, items lost, votes naming him withdrawn, win check at once', () => {
    const m = eight({ t1: { inventory: { 'guardian-amulet': 1 } } });
    m.play([
      ['t2', { type: 'vote', target: 'b1' }],
      ['t3', { type: 'vote', target: 't4' }],
      ['b1', { type: 'vote', target: 't2' }],
    ]);
    const events = m.remove('b1');
    expect(events).toContainEqual({ kind: 'left-town', to: 'public', player: 'b1', cause: 'removed' });
    expect(events).toContainEqual({ kind: 'vote-withdrawn', to: 'public', voter: 't2' });
    expect(m.pending.map((p) => p.player)).toEqual(['t3']);
    expect(m.inv('b1')).toEqual({});
    expect(m.p('b1').status).toBe('removed');
    expect(mafia.outcome(m.state)).toBeNull();
    expect(m.act('b1', { type: 'vote', target: 't1' })).toBe('not-alive');
    // removing the last bandit ends the match at once
    const end = m.remove('b2');
    expect(end).toContainEqual({ kind: 'match-ended', to: 'public', winner: 'town' });
    expect(m.phase).toBeNull();
    // a team Destruction he submitted is dropped with him
    const big = new Match(
      Array.from(
        { length: 18 },
        (_, i): Seat =>
          i < 4
            ? { id: `p${i + 1}`, team: 'bandits', specialty: 'mage' }
            : { id: `p${i + 1}`, specialty: 'mage', inventory: i === 6 ? { 'lucky-coin': 1 } : {} },
      ),
      { dice: 'succeed', setup: { startPhase: 'night-1' } },
    );
    expect(big.act('p2', { type: 'destroy', target: 'p7', item: 'lucky-coin' })).toBe('ok');
    big.remove('p2');
    expect(big.pending).toEqual([]);
    expect(big.act('p1', { type: 'destroy', target: 'p7', item: 'lucky-coin' })).toBe('ok');
  });
});
