// MAF-1.19 (removal by the GM) and what leaving the town ends: MAF-1.12, MAF-9.9 marks, MAF-9.12 transformations.
import { describe, expect, it } from 'vitest';
import { starterCatalog } from '../../../engine/rulesets/mafia/catalog.js';
import type { Catalog, ItemDef } from '../../../engine/rulesets/mafia/catalog.js';
import { mafia } from '../../../engine/rulesets/mafia/index.js';
import { BANDITS } from '../../../engine/rulesets/mafia/ids.js';
import { eight, eightAtNight, Match } from './harness.js';
import type { Seat } from './harness.js';

const pelt = starterCatalog().items.find((it) => it.id === 'werewolf-pelt')!;
/** A pelt that keeps two players transformed at once (MAF-9.12 limit k). */
const twinPelt: ItemDef = {
  ...structuredClone(pelt),
  id: 'twin-pelt',
  effect: pelt.effect.map((e) => (e.type === 'transform' ? { ...e, limit: 2 } : e)),
};
const catalog: Catalog = { ...structuredClone(starterCatalog()), items: [...structuredClone(starterCatalog()).items, twinPelt] };
const gmState = (m: Match) => m.view({ as: 'gm' }).state;

describe('MAF-1.19 removal by the GM', () => {
  it('MAF-1.19 removing an unknown or already removed player changes nothing', () => {
    const m = eight();
    expect(mafia.remove(m.state, 'nobody', [])).toEqual({ state: m.state, events: [], withdrawn: [] });
    expect(m.remove('t5')).toEqual([{ kind: 'left-town', to: 'public', player: 't5', cause: 'removed' }]);
    const again = mafia.remove(m.state, 't5', m.pending);
    expect(again).toEqual({ state: m.state, events: [], withdrawn: [] });
  });

  it('MAF-1.19 his own actions go with him (the platform drops them), his team Destruction is withdrawn, actions naming him are withdrawn, only votes announced', () => {
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
    const destroy = big.attempt('p2', { type: 'destroy', target: 'p7', item: 'lucky-coin' });
    const own = big.attempt('p2', { type: 'search-random', rarity: 'relic' });
    const steal = big.attempt('p9', { type: 'steal', target: 'p2' });
    expect([destroy.ok, own.ok, steal.ok]).toEqual([true, true, true]);
    const out = mafia.remove(big.state, 'p2', big.pending);
    expect(out.withdrawn).toEqual([
      { owner: BANDITS, slot: (destroy as { slot: string }).slot },
      { owner: 'p9', slot: (steal as { slot: string }).slot },
    ]);
    expect(out.events).toEqual([{ kind: 'left-town', to: 'public', player: 'p2', cause: 'removed' }]);
  });

  it('MAF-1.19 a vote naming him is withdrawn publicly', () => {
    const m = eight();
    m.play([
      ['t2', { type: 'vote', target: 'b1' }],
      ['b1', { type: 'vote', target: 't2' }],
    ]);
    expect(m.remove('b1')).toEqual([
      { kind: 'left-town', to: 'public', player: 'b1', cause: 'removed' },
      { kind: 'vote-withdrawn', to: 'public', voter: 't2' },
    ]);
  });

  it('MAF-1.11 MAF-1.19 a removed jailed player loses his last words; removing someone else leaves them', () => {
    const m = eight();
    m.play([
      ['t1', { type: 'vote', target: 't2' }],
      ['t3', { type: 'vote', target: 't2' }],
    ]);
    m.close();
    expect(gmState(m).lastWords).toEqual({ player: 't2', night: 1 });
    m.remove('t5');
    expect(gmState(m).lastWords).toEqual({ player: 't2', night: 1 });
    expect(m.view('t2').me.statuses.mayLastWords).toBe(true);
    m.remove('t2');
    expect(gmState(m).lastWords).toBeNull();
  });

  it('MAF-1.8 MAF-1.19 the designated bandit removed, the specialty switch closes; another removal leaves it open', () => {
    const m = eight({}, { setup: { switchBandit: 'b2' } });
    m.remove('t5');
    expect(gmState(m).switchOpen).toBe(true);
    expect(m.view('b2').me.statuses.maySwitchSpecialty).toBe(true);
    m.remove('b2');
    expect(gmState(m).switchOpen).toBe(false);
    expect(m.view('b2').me.statuses.maySwitchSpecialty).toBe(false);
  });

  it('MAF-9.9 MAF-1.19 when the marker is removed his marks without passive effects vanish; others stay', () => {
    const m = eight();
    const mark = (name: string, marker: string, passive: boolean) => ({
      mark: name,
      item: 'book-of-names',
      uid: 0,
      marker,
      passive,
      grants: [],
    });
    m.p('t4').fx.marks = [mark('tag', 't1', false), mark('named', 't1', true), mark('spot', 't2', false)];
    m.p('t6').fx.marks = [mark('tag', 't1', false)];
    m.remove('t1');
    expect(m.view('t4').me.statuses.marks).toEqual(['named', 'spot']);
    expect(m.view('t6').me.statuses.marks).toEqual([]);
  });

  it('MAF-9.12 MAF-1.19 a removed bearer’s transformation ends silently; the holder removed, his other bearers are told', () => {
    const m = eightAtNight({ t1: { inventory: { 'twin-pelt': 1 } } }, { settings: { catalog } });
    m.night([['t1', { type: 'use-item', item: 'twin-pelt', target: 't4' }]]);
    m.close();
    m.night([['t1', { type: 'use-item', item: 'twin-pelt', target: 't5' }]]);
    expect(m.p('t1').items[0]!.bearers).toEqual(['t4', 't5']);
    expect(m.remove('t4')).toEqual([{ kind: 'left-town', to: 'public', player: 't4', cause: 'removed' }]);
    expect(gmState(m).players.find((p: { id: string }) => p.id === 't1').items[0].bearers).toEqual(['t5']);
    expect(m.remove('t1')).toEqual([
      { kind: 'left-town', to: 'public', player: 't1', cause: 'removed' },
      { kind: 'effect-removed', to: 't5', effect: 'transformation' },
    ]);
    expect(m.p('t5').fx.transformation).toBeNull();
    expect(m.stats('t5')['death-avoid']).toBe(0);
  });

  it('MAF-9.12 a stolen transformer ends its transformations; the thief’s copy keeps none', () => {
    const m = eightAtNight({ t1: { inventory: { 'twin-pelt': 1 } } }, { settings: { catalog }, dice: 'succeed' });
    m.night([['t1', { type: 'use-item', item: 'twin-pelt', target: 't4' }]]);
    m.close();
    const events = m.night([['t6', { type: 'steal', target: 't1', item: 'twin-pelt' }]]);
    expect(events).toContainEqual({ kind: 'effect-removed', to: 't4', effect: 'transformation' });
    expect(m.count('t6', 'twin-pelt')).toBe(1);
    expect(m.p('t6').items.find((c) => c.item === 'twin-pelt')!.bearers).toEqual([]);
    expect(m.p('t4').fx.transformation).toBeNull();
  });
});
