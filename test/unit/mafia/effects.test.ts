// Section 9: every effect of the glossary.
import { describe, expect, it } from 'vitest';
import { catalogProblems, starterCatalog } from '../../../engine/rulesets/mafia/catalog.js';
import { inDeck } from '../../../engine/rulesets/mafia/inventory.js';
import { bandit, eight, eightAtNight, find, has, Match, town } from './harness.js';
import type { Seat } from './harness.js';

/** Eleven seats with boss, poisoner, curser (and a blocker at b4) plus seven townsfolk, opening at night 1. */
const armed = (overrides: Record<string, Partial<Seat>> = {}, dice: 'succeed' | 'fail' | 'natural' = 'succeed', seed = 'test') =>
  new Match(
    [
      bandit('b1', 'boss'),
      bandit('b2', 'poisoner'),
      bandit('b3', 'curser'),
      bandit('b4', 'blocker'),
      ...['t1', 't2', 't3', 't4', 't5', 't6', 't7', 't8', 't9', 't10', 't11'].map((id) => town(id)),
    ].map((s) => ({
      ...s,
      ...(overrides[s.id] ?? {}),
    })),
    { dice, seed, setup: { startPhase: 'night-1' } },
  );

describe('Section 9: effects', () => {
  it('MAF-9.1 death-avoid is checked after each attempt separately; it does not stop incineration; the victim is not told', () => {
    const m = armed({ t1: { inventory: { 'guardian-amulet': 1 } }, b2: { inventory: { 'salamander-flask': 1 } } });
    const events = m.night([
      ['b1', { type: 'use-item', item: 'revolver', target: 't1' }],
      ['b2', { type: 'use-item', item: 'salamander-flask', target: 't2' }],
    ]);
    expect(m.facts().alive).toContain('t1');
    expect(m.facts().dead).toContain('t2');
    expect(events.filter((e) => e.to === 't1')).toEqual([]);
  });

  it('MAF-9.2 theft-avoid is checked after a successful theft check; the victim is not told', () => {
    const m = eightAtNight({ t4: { inventory: { 'tracker-boots': 1 } } }, { dice: 'succeed' });
    m.night([['t5', { type: 'steal', target: 't4', item: 'tracker-boots' }]]);
    expect(has(m.of('night-1'), { kind: 'action-failed', to: 't5', reason: 'dice' })).toBe(true);
    expect(m.seenBy('t4').some((e) => e.kind === 'item-stolen' || JSON.stringify(e).includes('"t5"'))).toBe(false);
    const low = eightAtNight({ t4: { inventory: { 'tracker-boots': 1 } } }, { dice: 'fail' });
    low.night([['t5', { type: 'steal', target: 't4', item: 'tracker-boots' }]]);
    expect(has(low.of('night-1'), { kind: 'action-failed', to: 't5', reason: 'dice' })).toBe(true);
  });

  it('MAF-9.3 poison: told at dawn; two antidote nights at 40 then 30; death at the end of the second; an antidote cures', () => {
    const m = armed({ t5: { inventory: { antidote: 1 } } }, 'fail');
    m.night([['b2', { type: 'use-item', item: 'poison', target: 't1' }]]);
    const night1 = m.of('night-1');
    expect(has(night1, { kind: 'effect-applied', to: 't1', effect: 'poison' })).toBe(true);
    expect(has(night1, { kind: 'action-succeeded', to: 'b2', item: 'poison', target: 't1' })).toBe(true);
    expect(m.act('t2', { type: 'search-antidote' })).toBe('wrong-phase');
    m.close();
    expect(m.act('t2', { type: 'search-antidote' })).toBe('not-poisoned');
    expect(m.act('b2', { type: 'use-item', item: 'poison', target: 't1' })).toBe('ok');
    m.play([['t1', { type: 'search-antidote' }]]);
    m.close();
    expect(m.p('t1').fx.poison).toEqual({ night: 1 });
    expect(m.facts().alive).toContain('t1');
    m.close();
    m.night([['t1', { type: 'search-antidote' }]]);
    expect(m.facts().dead).toContain('t1');
    expect(has(m.of('night-3'), { kind: 'died', player: 't1' })).toBe(true);
    // an antidote item cures; the giver is told he saved him
    const c = armed({ t5: { inventory: { antidote: 1 } } }, 'fail');
    c.night([['b2', { type: 'use-item', item: 'poison', target: 't1' }]]);
    c.close();
    const cured = c.night([['t5', { type: 'use-item', item: 'antidote', target: 't1' }]]);
    expect(find(cured, { kind: 'effect-removed', to: 't1' })).toEqual([{ kind: 'effect-removed', to: 't1', effect: 'poison' }]);
    expect(find(cured, { kind: 'saved-player' })).toEqual([{ kind: 'saved-player', to: 't5', target: 't1' }]);
    // a found antidote is applied at once, not kept and not announced
    const s = armed({}, 'succeed');
    s.night([['b2', { type: 'use-item', item: 'poison', target: 't1' }]]);
    s.close();
    const found = s.night([['t1', { type: 'search-antidote' }]]);
    expect(s.p('t1').fx.poison).toBeNull();
    expect(s.count('t1', 'antidote')).toBe(0);
    expect(found.filter((e) => e.to === 'public')).toEqual([]);
    expect(has(found, { kind: 'effect-removed', to: 't1', effect: 'poison' })).toBe(true);
    // healing and invisibility do not stop the poison death; immortality does
    const h = armed(
      {
        t1: { effects: [{ effect: 'poison', nightsLeft: 1 }], inventory: { 'elixir-of-life': 1, 'invisibility-cloak': 1 } },
        t2: { effects: [{ effect: 'poison', nightsLeft: 1 }], inventory: { 'ring-of-immortality': 1 } },
      },
      'fail',
    );
    const end = h.night([
      ['t1', { type: 'use-item', item: 'elixir-of-life', target: 't1' }],
      ['t1', { type: 'use-item', item: 'invisibility-cloak' }],
      ['t2', { type: 'use-item', item: 'ring-of-immortality' }],
    ]);
    expect(h.facts().dead).toContain('t1');
    expect(h.facts().alive).toContain('t2');
    expect(has(end, { kind: 'effect-removed', to: 't2', effect: 'poison' })).toBe(true);
  });

  it('MAF-9.4 a curse check follows the cursed player’s success: the action fails (dice), items spent; votes are exempt; only he and the curser know', () => {
    const m = armed({ t1: { inventory: { 'detective-loupe': 1 } } });
    const events = m.night([['b3', { type: 'use-item', item: 'curse-potion', target: 't1' }]]);
    expect(find(events, { kind: 'effect-applied' })).toEqual([{ kind: 'effect-applied', to: 't1', effect: 'curse', value: 33 }]);
    expect(has(events, { kind: 'action-succeeded', to: 'b3', item: 'curse-potion', target: 't1' })).toBe(true);
    expect(m.seenBy('t2').some((e) => e.kind === 'effect-applied' || JSON.stringify(e).includes('curse'))).toBe(false);
    m.play([['t1', { type: 'vote', target: 't7' }]]);
    const day = m.close();
    expect(find(day, { kind: 'vote-result' })[0]!.tally).toEqual({ t7: 1 });
    m.night([['t1', { type: 'use-item', item: 'detective-loupe', target: 'b1' }]]);
    expect(has(m.of('night-2'), { kind: 'action-failed', to: 't1', reason: 'dice' })).toBe(true);
    expect(m.p('t1').items[0]!.lastUse).toBe(2);
    // curses add up to the cap; the setting sets the potion's value
    const two = armed({ b4: { role: 'curser' } }, 'succeed');
    two.night([
      ['b3', { type: 'use-item', item: 'curse-potion', target: 't1' }],
      ['b4', { type: 'use-item', item: 'curse-potion', target: 't1' }],
    ]);
    expect(two.stats('t1').curse).toBe(66);
    const set = new Match([bandit('b1'), bandit('b3', 'curser'), bandit('b2', 'boss'), town('t1'), town('t2'), town('t3'), town('t4')], {
      dice: 'succeed',
      settings: { 'curse-potion-value': 50 },
      setup: { startPhase: 'night-1' },
    });
    set.night([['b3', { type: 'use-item', item: 'curse-potion', target: 't1' }]]);
    expect(set.stats('t1').curse).toBe(50);
  });

  it('MAF-9.5 luck rescues the lucky player’s failed own check; curse and luck replace each other', () => {
    const m = eightAtNight({ t4: { maps: ['dowsing-rod'] } }, { dice: 'succeed' });
    // under succeeding dice the own check succeeds; under failing dice a mage's luck check fails too: use the natural stream instead
    expect(m.stats('t4').luck).toBe(25);
    let rescued = 0;
    for (let i = 0; i < 60; i++) {
      const n = eightAtNight(
        { t4: { specialty: 'mage', effects: [{ effect: 'luck', value: 75 }] } },
        { seed: `luck-${i}`, settings: { 'search-odds': { thing: 80, relic: 65, rare: 50, artifact: 40, legendary: 1 } } },
      );
      n.night([['t4', { type: 'search-random', rarity: 'legendary' }]]);
      if (has(n.of('night-1'), { kind: 'item-found', player: 't4' })) rescued++;
    }
    // 1% own chance, then 100% luck: everything is found
    expect(rescued).toBe(60);
    // a curse landing wipes luck given by effects for good; the mage's own luck returns when the curse ends
    const c = armed({ t1: { specialty: 'mage', effects: [{ effect: 'luck', value: 30 }] }, t2: { inventory: { 'holy-water': 1 } } });
    c.night([['b3', { type: 'use-item', item: 'curse-potion', target: 't1' }]]);
    expect(c.stats('t1')).toMatchObject({ luck: 0, curse: 33 });
    c.close();
    const cleaned = c.night([['t2', { type: 'use-item', item: 'holy-water', target: 't1' }]]);
    expect(has(cleaned, { kind: 'effect-removed', to: 't1', effect: 'curse' })).toBe(true);
    expect(c.stats('t1')).toMatchObject({ luck: 25, curse: 0 });
    // luck given to a cursed player removes the curse
    const l = armed({ t1: { effects: [{ effect: 'curse', value: 40 }] }, t2: { inventory: { 'lucky-coin': 1 } } });
    const lucky = l.night([['t2', { type: 'use-item', item: 'lucky-coin', target: 't1' }]]);
    expect(has(lucky, { kind: 'effect-removed', to: 't1', effect: 'curse' })).toBe(true);
    expect(l.stats('t1')).toMatchObject({ curse: 0, luck: 25 + 15 });
  });

  it('MAF-9.6 blessing stops a negative effect about to land (poison, block, curse, paralysis, a gag), not kills or marks', () => {
    const m = armed({
      t1: { effects: [{ effect: 'blessing', value: 50 }] },
      t2: { effects: [{ effect: 'blessing', value: 50 }] },
      t3: { effects: [{ effect: 'blessing', value: 50 }] },
      t4: { effects: [{ effect: 'blessing', value: 50 }] },
    });
    m.night([
      ['b2', { type: 'use-item', item: 'poison', target: 't1' }],
      ['b3', { type: 'use-item', item: 'curse-potion', target: 't2' }],
      ['b4', { type: 'use-item', item: 'dope-potion', target: 't3' }],
      ['b1', { type: 'use-item', item: 'revolver', target: 't4' }],
    ]);
    expect(m.p('t1').fx.poison).toBeNull();
    expect(m.p('t2').fx.curse).toBe(0);
    expect(m.facts().dead).toContain('t4');
    const g = eight({ t1: { inventory: { gag: 1 } }, t2: { effects: [{ effect: 'blessing', value: 50 }] } }, { dice: 'succeed' });
    g.play([
      ['t1', { type: 'use-item', item: 'gag', target: 't2' }],
      ['t2', { type: 'vote', target: 'b1' }],
    ]);
    expect(find(g.close(), { kind: 'vote-result' })[0]!.tally).toEqual({ b1: 1 });
    const mark = eightAtNight({ t1: { inventory: { 'book-of-names': 1 } }, t2: { effects: [{ effect: 'blessing', value: 100 }] } });
    mark.night([['t1', { type: 'use-item', item: 'book-of-names', target: 't2' }]]);
    expect(mark.p('t2').fx.marks.map((x) => x.mark)).toEqual(['named']);
  });

  it('MAF-9.7 servants: no starter item creates one, and the grammar has no summoning effect', () => {
    expect(JSON.stringify(starterCatalog())).not.toMatch(/servant|summon/);
    const bad = structuredClone(starterCatalog()) as unknown as { items: Array<{ effect: Array<{ type: string }> }> };
    bad.items[0]!.effect = [{ type: 'summon' }];
    expect(catalogProblems(bad)[0]!.message).toMatch(/item "revolver".*effect\.0\.type/);
  });

  it('MAF-9.8 vote strength is the weight of a vote at the day close (MAF-3.2)', () => {
    const m = eight({ t1: { inventory: { 'night-crown': 1 } } });
    m.play([
      ['t1', { type: 'vote', target: 't5' }],
      ['t4', { type: 'vote', target: 't6' }],
      ['t2', { type: 'vote', target: 't6' }],
    ]);
    expect(find(m.close(), { kind: 'vote-result' })[0]).toMatchObject({ tally: { t5: 3, t6: 2 }, jailed: 't5' });
  });

  it('MAF-9.9 a mark: told to the marked, never twice, gone when he dies or is jailed; it stays with the item when stolen', () => {
    const m = eightAtNight({ t1: { inventory: { 'book-of-names': 1 } } });
    const events = m.night([['t1', { type: 'use-item', item: 'book-of-names', target: 't4' }]]);
    expect(find(events, { kind: 'effect-applied' })).toEqual([{ kind: 'effect-applied', to: 't4', effect: 'mark', mark: 'named' }]);
    m.close();
    m.close();
    m.close();
    const again = m.night([['t1', { type: 'use-item', item: 'book-of-names', target: 't4' }]]);
    expect(m.p('t4').fx.marks).toHaveLength(1);
    expect(has(again, { kind: 'effect-applied', to: 't4' })).toBe(false);
    m.play([['t2', { type: 'vote', target: 't4' }]]);
    m.close();
    expect(m.facts().jailed).toContain('t4');
    expect(m.p('t4').fx.marks).toEqual([]);
    // the marker dies: a passive mark stays
    const d = eightAtNight({ t1: { inventory: { 'book-of-names': 1 } } }, { dice: 'fail' });
    d.night([['t1', { type: 'use-item', item: 'book-of-names', target: 't4' }]]);
    d.close();
    d.night([['b1', { type: 'use-item', item: 'revolver', target: 't1' }]]);
    expect(d.facts().dead).toContain('t1');
    expect(d.p('t4').fx.marks.map((x) => x.mark)).toEqual(['named']);
  });

  it('MAF-9.10 resurrection: back in town at dawn, same team, no items, maps or effects; announced publicly', () => {
    const m = eightAtNight({ b2: { state: 'dead' }, t4: { inventory: { 'phoenix-feather': 1 } } });
    const events = m.night([['t4', { type: 'use-item', item: 'phoenix-feather', target: 'b2' }]]);
    expect(find(events, { kind: 'resurrected' })).toEqual([{ kind: 'resurrected', to: 'public', player: 'b2' }]);
    expect(m.p('b2')).toMatchObject({ status: 'in-town', team: 'bandits', items: [], maps: [] });
    expect(m.act('b2', { type: 'post', channel: 'bandits', text: 'back' })).toBe('ok');
  });

  it('MAF-9.11 a trap: the first theft on the trapped player fails and paralyses the thief; the setter is told; then it is gone', () => {
    const m = eightAtNight(
      { t1: { inventory: { 'bear-trap': 1 } }, t4: { inventory: { 'lucky-coin': 1, 'holy-water': 1 } } },
      { dice: 'succeed' },
    );
    m.night([['t1', { type: 'use-item', item: 'bear-trap', target: 't4' }]]);
    m.close();
    const events = m.night([
      ['t5', { type: 'steal', target: 't4', item: 'lucky-coin' }],
      ['t6', { type: 'steal', target: 't4', item: 'holy-water' }],
    ]);
    expect(find(events, { kind: 'trap-triggered' })).toEqual([{ kind: 'trap-triggered', to: 't1', target: 't4', thief: 't5' }]);
    expect(has(events, { kind: 'action-failed', to: 't5', reason: 'trap' })).toBe(true);
    expect(has(events, { kind: 'effect-applied', to: 't5', effect: 'paralysis' })).toBe(true);
    expect(m.count('t6', 'holy-water')).toBe(1);
    expect(m.p('t4').fx.traps).toEqual([]);
    // a blessed thief springs it but goes on
    const b = eightAtNight(
      {
        t1: { inventory: { 'bear-trap': 1 } },
        t4: { inventory: { 'lucky-coin': 1 } },
        t5: { effects: [{ effect: 'blessing', value: 10 }] },
      },
      { dice: 'succeed' },
    );
    b.night([['t1', { type: 'use-item', item: 'bear-trap', target: 't4' }]]);
    b.close();
    const ok = b.night([['t5', { type: 'steal', target: 't4', item: 'lucky-coin' }]]);
    expect(has(ok, { kind: 'trap-triggered', to: 't1' })).toBe(true);
    expect(b.count('t5', 'lucky-coin')).toBe(1);
    expect(b.p('t5').fx.paralysis).toBe(false);
  });

  it('MAF-9.12 a transformation: both told; one per item (limit-reached); undone by the same action; ends with its holder', () => {
    const m = eightAtNight({ t1: { inventory: { 'werewolf-pelt': 1 } } }, { dice: 'fail' });
    const events = m.night([['t1', { type: 'use-item', item: 'werewolf-pelt', target: 't4' }]]);
    expect(has(events, { kind: 'effect-applied', to: 't4', effect: 'transformation', form: 'werewolf' })).toBe(true);
    expect(has(events, { kind: 'action-succeeded', to: 't1', item: 'werewolf-pelt', target: 't4' })).toBe(true);
    expect(m.stats('t4')).toMatchObject({ 'death-avoid': 30, 'theft-bonus': 20 });
    m.close();
    expect(m.act('t1', { type: 'use-item', item: 'werewolf-pelt', target: 't5' })).toBe('limit-reached');
    const undo = m.night([['t1', { type: 'use-item', item: 'werewolf-pelt', target: 't4' }]]);
    expect(has(undo, { kind: 'effect-removed', to: 't4', effect: 'transformation' })).toBe(true);
    expect(m.stats('t4')['death-avoid']).toBe(0);
    m.close();
    m.night([['t1', { type: 'use-item', item: 'werewolf-pelt', target: 't5' }]]);
    m.close();
    const end = m.night([['b1', { type: 'use-item', item: 'revolver', target: 't1' }]]);
    expect(m.facts().dead).toContain('t1');
    expect(m.p('t5').fx.transformation).toBeNull();
    expect(has(end, { kind: 'effect-removed', to: 't5', effect: 'transformation' })).toBe(true);
  });

  it('MAF-9.13 a check reveals town or bandit, never the role; invisibility answers unknown', () => {
    const m = eightAtNight({
      t1: { inventory: { 'detective-loupe': 1 } },
      t2: { inventory: { 'detective-loupe': 1 } },
      b2: { inventory: { 'invisibility-cloak': 1 } },
    });
    const events = m.night([
      ['t1', { type: 'use-item', item: 'detective-loupe', target: 'b1' }],
      ['t2', { type: 'use-item', item: 'detective-loupe', target: 'b2' }],
      ['b2', { type: 'use-item', item: 'invisibility-cloak' }],
    ]);
    expect(find(events, { kind: 'action-succeeded', to: 't1' })[0]).toMatchObject({ answer: 'bandit' });
    expect(find(events, { kind: 'action-succeeded', to: 't2' })[0]).toMatchObject({ answer: 'unknown' });
    expect(JSON.stringify(events)).not.toContain('boss');
  });

  it('MAF-9.14 invisibility: other players’ night effects do not land (blocks of step I stay); his own act; thefts protected', () => {
    const n = armed({ t1: { inventory: { 'invisibility-cloak': 1, 'lucky-coin': 1 } } });
    const night = n.night([
      ['t1', { type: 'use-item', item: 'invisibility-cloak' }],
      ['b1', { type: 'use-item', item: 'revolver', target: 't1' }],
      ['b2', { type: 'use-item', item: 'poison', target: 't1' }],
      ['t3', { type: 'steal', target: 't1', item: 'lucky-coin' }],
    ]);
    expect(n.facts().alive).toContain('t1');
    expect(n.p('t1').fx.poison).toBeNull();
    expect(has(night, { kind: 'action-failed', to: 't3', reason: 'protected' })).toBe(true);
    // a block of step I lands before any invisibility: the cloak itself is then not carried out
    const early = armed({ t1: { inventory: { 'invisibility-cloak': 1 } } });
    const blocked = early.night([
      ['t1', { type: 'use-item', item: 'invisibility-cloak' }],
      ['b4', { type: 'use-item', item: 'dope-potion', target: 't1' }],
      ['b1', { type: 'use-item', item: 'revolver', target: 't1' }],
    ]);
    expect(has(blocked, { kind: 'action-failed', to: 't1', item: 'invisibility-cloak', reason: 'blocked' })).toBe(true);
    expect(early.facts().dead).toContain('t1');
    expect(has(night, { kind: 'action-succeeded', to: 'b1', item: 'revolver', target: 't1' })).toBe(true);
    // his own action on himself works
    const own = armed({ t1: { inventory: { 'invisibility-cloak': 1, 'elixir-of-life': 1 } } });
    own.night([
      ['t1', { type: 'use-item', item: 'invisibility-cloak' }],
      ['t1', { type: 'use-item', item: 'elixir-of-life', target: 't1' }],
      ['b2', { type: 'use-item', item: 'poison', target: 't1' }],
    ]);
    expect(own.p('t1').fx.poison).toBeNull();
    expect(has(own.of('night-1'), { kind: 'action-succeeded', to: 't1', item: 'elixir-of-life' })).toBe(true);
  });

  it('MAF-9.15 immortality: no death of any kind that night, incineration and poison included', () => {
    const m = armed(
      {
        t1: { inventory: { 'ring-of-immortality': 1 }, effects: [{ effect: 'poison', nightsLeft: 1 }] },
        b1: { inventory: { 'salamander-flask': 1 } },
      },
      'fail',
    );
    m.night([
      ['t1', { type: 'use-item', item: 'ring-of-immortality' }],
      ['b1', { type: 'use-item', item: 'salamander-flask', target: 't1' }],
    ]);
    expect(m.facts().alive).toContain('t1');
  });

  it('MAF-9.16 a block: night actions not carried out; a day block lets day actions be announced but not count; never who', () => {
    const m = armed({ t1: { inventory: { 'sleeping-draught': 1 } } });
    const events = m.night([
      ['b4', { type: 'use-item', item: 'dope-potion', target: 't2' }],
      ['t2', { type: 'search-random', rarity: 'relic' }],
      ['t1', { type: 'use-item', item: 'sleeping-draught', target: 't3' }],
    ]);
    expect(find(events, { kind: 'action-failed', to: 't2' })).toEqual([
      { kind: 'action-failed', to: 't2', action: 'search-random', reason: 'blocked' },
    ]);
    expect(m.seenBy('t3').some((e) => JSON.stringify(e).includes('"t1"') && e.to === 't3')).toBe(false);
    m.play([['t3', { type: 'vote', target: 'b1' }]]);
    const day = m.close();
    expect(find(day, { kind: 'vote-result' })[0]!.tally).toEqual({});
    expect(find(day, { kind: 'action-failed', to: 't3' })).toEqual([
      { kind: 'action-failed', to: 't3', action: 'vote', reason: 'blocked', target: 'b1' },
    ]);
  });

  it('MAF-9.17 paralysis: no submissions; at step I it cancels the night; a lift check at each day close, no luck modifier', () => {
    const m = armed({ t1: { inventory: { shackles: 1 } }, t2: { specialty: 'mage', effects: [{ effect: 'luck', value: 100 }] } }, 'fail');
    m.night([
      ['t1', { type: 'use-item', item: 'shackles', target: 't2' }],
      ['t2', { type: 'search-random', rarity: 'relic' }],
    ]);
    expect(has(m.of('night-1'), { kind: 'action-failed', to: 't2', reason: 'paralysed' })).toBe(true);
    expect(m.act('t2', { type: 'vote', target: 'b1' })).toBe('paralysed');
    m.close();
    expect(m.p('t2').fx.paralysis).toBe(true);
    const lift = armed({ t2: { effects: [{ effect: 'paralysis' }] } }, 'succeed');
    lift.close();
    const day = lift.close();
    expect(has(day, { kind: 'effect-removed', to: 't2', effect: 'paralysis' })).toBe(true);
    const never = armed({ t2: { effects: [{ effect: 'paralysis' }] } }, 'succeed');
    never.settings = { ...never.settings };
    never.state.settings['paralysis-lift-chance'] = 0;
    never.close();
    never.close();
    expect(never.p('t2').fx.paralysis).toBe(true);
  });

  it('MAF-9.18 healing stops any number of kill attempts but neither poison nor incineration', () => {
    const m = new Match(
      [
        bandit('b1', 'boss'),
        bandit('b2', 'boss'),
        bandit('b3', 'poisoner'),
        town('t1', 'mage', { inventory: { 'elixir-of-life': 1 } }),
        town('t2'),
        town('t3'),
        town('t4'),
        town('t5'),
        town('t6'),
        town('t7'),
        town('t8'),
      ],
      { dice: 'fail', setup: { startPhase: 'night-1' } },
    );
    m.night([
      ['t1', { type: 'use-item', item: 'elixir-of-life', target: 't1' }],
      ['b1', { type: 'use-item', item: 'revolver', target: 't1' }],
      ['b2', { type: 'use-item', item: 'revolver', target: 't1' }],
      ['b3', { type: 'use-item', item: 'poison', target: 't1' }],
    ]);
    expect(m.facts().alive).toContain('t1');
    expect(m.p('t1').fx.poison).not.toBeNull();
  });

  it('MAF-9.19 incineration ignores death-avoid and healing; resurrection still brings the player back', () => {
    const m = armed({
      b1: { inventory: { 'salamander-flask': 1 } },
      t1: { specialty: 'guard', inventory: { 'guardian-amulet': 1, 'elixir-of-life': 1 } },
      t2: { inventory: { 'phoenix-feather': 1 } },
    });
    m.night([
      ['t1', { type: 'use-item', item: 'elixir-of-life', target: 't1' }],
      ['b1', { type: 'use-item', item: 'salamander-flask', target: 't1' }],
    ]);
    expect(m.facts().dead).toContain('t1');
    m.close();
    m.night([['t2', { type: 'use-item', item: 'phoenix-feather', target: 't1' }]]);
    expect(m.facts().alive).toContain('t1');
    // a silver bullet incinerates a transformed target
    const w = armed(
      { t1: { inventory: { 'werewolf-pelt': 1, 'elixir-of-life': 1 } }, b1: { inventory: { 'silver-bullet': 1 } } },
      'succeed',
    );
    w.night([['t1', { type: 'use-item', item: 'werewolf-pelt', target: 't1' }]]);
    w.close();
    w.night([
      ['t1', { type: 'use-item', item: 'elixir-of-life', target: 't1' }],
      ['b1', { type: 'use-item', item: 'silver-bullet', target: 't1' }],
    ]);
    expect(w.facts().dead).toContain('t1');
  });

  it('MAF-9.20 points: the Book of Names scores for each named player who dies; from 2 points +2 vote; a theft keeps them', () => {
    const m = armed({ t1: { inventory: { 'book-of-names': 1 } } }, 'fail');
    m.night([['t1', { type: 'use-item', item: 'book-of-names', target: 't5' }]]);
    m.close();
    m.night([['b1', { type: 'use-item', item: 'revolver', target: 't5' }]]);
    expect(m.p('t1').items[0]!.points).toBe(1);
    expect(m.stats('t1')['vote-strength']).toBe(1);
    m.close();
    m.night([['t1', { type: 'use-item', item: 'book-of-names', target: 't6' }]]);
    m.close();
    m.night([['b1', { type: 'use-item', item: 'revolver', target: 't6' }]]);
    expect(m.p('t1').items[0]!.points).toBe(2);
    expect(m.stats('t1')['vote-strength']).toBe(3);
    m.close();
    m.dice = 'succeed';
    m.night([['b2', { type: 'steal', target: 't1', item: 'book-of-names' }]]);
    expect(m.p('b2').items.find((c) => c.item === 'book-of-names')!.points).toBe(2);
    expect(m.stats('b2')['vote-strength']).toBe(3);
  });

  it('MAF-9.21 a lost item returns to the deck: a dead holder’s legendary can be found again', () => {
    const m = armed({ t1: { inventory: { 'night-crown': 1 } } }, 'fail');
    expect(inDeck(m.state, 'night-crown')).toBe(false);
    m.night([['b1', { type: 'use-item', item: 'revolver', target: 't1' }]]);
    expect(inDeck(m.state, 'night-crown')).toBe(true);
  });

  it('MAF-9.22 a destroyed item leaves the game: a destroyed legendary is never found again', () => {
    const m = eightAtNight({ t2: { inventory: { 'night-crown': 1 } }, t4: { maps: ['night-crown'] } }, { dice: 'succeed' });
    m.night([['t2', { type: 'smelt', item: 'night-crown', into: ['poison', 'poison', 'poison'] }]]);
    m.close();
    m.night([['t4', { type: 'search-map', item: 'night-crown' }]]);
    expect(has(m.of('night-2'), { kind: 'action-failed', to: 't4', reason: 'unavailable' })).toBe(true);
    expect(inDeck(m.state, 'night-crown')).toBe(false);
  });

  it('MAF-9.23 onset of death (poison) ignores healing and death-avoid, stops only at immortality; no attacked, no saved-player', () => {
    const m = armed(
      {
        t1: { specialty: 'guard', inventory: { 'guardian-amulet': 1 }, effects: [{ effect: 'poison', nightsLeft: 1 }] },
        t2: { inventory: { 'healers-satchel': 1 } },
      },
      'succeed',
    );
    const events = m.night([['t2', { type: 'use-item', item: 'healers-satchel', target: 't1' }]]);
    expect(m.facts().dead).toContain('t1');
    expect(has(events, { kind: 'attacked' })).toBe(false);
    expect(has(events, { kind: 'saved-player' })).toBe(false);
  });

  it('MAF-9.24 calm: blocks do not land on a player with the complete tracker gear; paralysis still does', () => {
    const gear = { 'tracker-compass': 1, 'tracker-boots': 1, 'tracker-spyglass': 1 };
    const m = armed({ t1: { inventory: gear }, t2: { inventory: { shackles: 1 } } });
    m.night([
      ['b4', { type: 'use-item', item: 'dope-potion', target: 't1' }],
      ['t1', { type: 'search-random', rarity: 'relic' }],
    ]);
    expect(has(m.of('night-1'), { kind: 'item-found', player: 't1' })).toBe(true);
    m.close();
    m.night([
      ['t2', { type: 'use-item', item: 'shackles', target: 't1' }],
      ['t1', { type: 'search-random', rarity: 'relic' }],
    ]);
    expect(has(m.of('night-2'), { kind: 'action-failed', to: 't1', reason: 'paralysed' })).toBe(true);
  });
});
