// What each role and team may see: views and visible events (MAF-1.5, 1.7, 4.10, 7.1, 10.5, 12.8).
import { describe, expect, it } from 'vitest';
import { mafia } from '../../../engine/rulesets/mafia/index.js';
import { bandit, has, hiddenFrom, Match, town } from './harness.js';

/** Eleven players, five roles of bandit, a night full of actions, then a day. */
function played(): Match {
  const m = new Match(
    [
      bandit('b1', 'boss', 'mage'),
      bandit('b2', 'blocker', 'guard'),
      bandit('b3', 'invisible', 'blacksmith'),
      town('t1', 'guard', { inventory: { 'detective-loupe': 1, 'lucky-coin': 1, 'elixir-of-life': 2 } }),
      town('t2', 'blacksmith', { inventory: { 'guardian-amulet': 1 } }),
      town('t3', 'archaeologist', { maps: ['dowsing-rod'] }),
      town('t4', 'mage', { inventory: { 'detective-loupe': 1 } }),
      town('t5'),
      town('t6'),
      town('t7'),
      town('t8'),
    ],
    { seed: 'secrets', dice: 'succeed', setup: { startPhase: 'night-1' } },
  );
  m.night([
    ['b1', { type: 'use-item', item: 'revolver', target: 't5' }],
    ['b2', { type: 'use-item', item: 'dope-potion', target: 't6' }],
    ['b3', { type: 'steal', target: 't1', item: 'lucky-coin' }],
    ['t1', { type: 'use-item', item: 'detective-loupe', target: 'b3' }],
    ['t4', { type: 'use-item', item: 'detective-loupe', target: 'b1' }],
    ['t3', { type: 'search-map', item: 'dowsing-rod' }],
    ['t2', { type: 'steal', target: 't4' }],
  ]);
  m.play([
    ['b1', { type: 'post', channel: 'bandits', text: 'nice' }],
    ['t2', { type: 'vote', target: 'b2' }],
  ]);
  m.close();
  return m;
}

const everyone = ['b1', 'b2', 'b3', 't1', 't2', 't3', 't4', 't5', 't6', 't7', 't8'];
const banditIds = ['b1', 'b2', 'b3'];

describe('secrets, per role and team', () => {
  it('MAF-12.8 MAF-7.1 a townsperson (each specialty) sees nobody else’s role, team or specialty', () => {
    const m = played();
    for (const reader of ['t1', 't2', 't3', 't4', 't6', 't7']) {
      for (const other of everyone.filter((o) => o !== reader)) expect(hiddenFrom(m, reader, other), `${reader} → ${other}`).toBe(true);
      expect(m.view(reader).known).toEqual({});
      expect(m.seenBy(reader).some((e) => e.kind === 'bandit-team' || e.kind === 'destroy-list' || e.to === 'bandits')).toBe(false);
    }
  });

  it('MAF-1.7 bandits know each other and their specializations, but still not the townsfolk’s roles nor anyone’s specialty', () => {
    const m = played();
    for (const reader of banditIds) {
      const others = banditIds.filter((b) => b !== reader);
      expect(Object.keys(m.view(reader).known).sort()).toEqual([...others].sort());
      for (const t of everyone.filter((o) => !banditIds.includes(o))) expect(hiddenFrom(m, reader, t), `${reader} → ${t}`).toBe(true);
      expect(has(m.seenBy(reader), { kind: 'bandit-team' })).toBe(true);
      const known = JSON.stringify(m.view(reader).known);
      for (const specialty of ['guard', 'blacksmith', 'mage', 'archaeologist']) expect(known).not.toContain(specialty);
    }
    // the jailed blocker keeps what he knew but no longer reads the bandits channel
    expect(m.facts().jailed).toEqual(['b2']);
    expect(m.seenBy('b2').some((e) => e.kind === 'message' && e.text === 'nice')).toBe(true);
    m.play([['b1', { type: 'post', channel: 'bandits', text: 'after' }]]);
    expect(m.seenBy('b2').some((e) => e.kind === 'message' && e.text === 'after')).toBe(false);
  });

  it('MAF-1.5 the invisible bandit checks as town, and nothing else the town sees pairs him with the bandits', () => {
    const m = played();
    expect(has(m.seenBy('t1'), { kind: 'action-succeeded', target: 'b3', answer: 'town' })).toBe(true);
    expect(has(m.seenBy('t4'), { kind: 'action-succeeded', target: 'b1', answer: 'bandit' })).toBe(true);
    for (const reader of ['t2', 't3', 't5', 't6']) expect(hiddenFrom(m, reader, 'b3')).toBe(true);
  });

  it('MAF-4.10 a thief sees the victim’s list only through theft-list (no Things, no maps, no charges); views show no other bag', () => {
    const m = played();
    const lists = m.seenBy('t2').filter((e) => e.kind === 'theft-list');
    expect(lists).toEqual([{ kind: 'theft-list', to: 't2', target: 't4', items: ['detective-loupe'] }]);
    const invisible = m.seenBy('b3').filter((e) => e.kind === 'theft-list')[0]!;
    expect(invisible.items).toEqual(['lucky-coin', 'detective-loupe']);
    for (const reader of everyone) {
      const view = m.view(reader);
      expect(view.players.every((p: Record<string, unknown>) => Object.keys(p).sort().join() === 'alive,id,name,state')).toBe(true);
    }
  });

  it('MAF-10.5 host messages go to one player (or the bandits channel for their team action); the public view and events reveal no role', () => {
    const m = played();
    const ids = new Set(everyone);
    for (const e of m.events) {
      const to = e.event.to;
      expect(to === 'public' || to === 'bandits' || ids.has(to), JSON.stringify(e.event)).toBe(true);
    }
    const pub = JSON.stringify(m.view({ as: 'public' }));
    for (const secret of ['townsperson', 'boss', 'blocker', 'invisible', '"town"', '"bandits"', 'guard', 'mage'])
      expect(pub).not.toContain(secret);
    const gm = mafia.view(m.state, { as: 'gm' }) as { state: { players: Array<{ team: string }> } };
    expect(gm.state.players.filter((p) => p.team === 'bandits')).toHaveLength(3);
  });
});
