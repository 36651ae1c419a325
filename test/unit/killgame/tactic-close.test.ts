// KG-8.1 the close of a tactic phase, step by step: what each player then holds, where he stands,
// what he is told.
import { describe, expect, it } from 'vitest';
import { killgame } from '../../../engine/rulesets/killgame/index.js';
import type { MapDef } from '../../../engine/rulesets/killgame/map.js';
import { buyPrice } from '../../../engine/rulesets/killgame/market.js';
import { at, type Match } from './helpers.js';

const reloading = (m: Match, id: string) =>
  (killgame.view(m.state, { as: 'player', id }) as { me: { statuses: { reloading: boolean } } }).me.statuses.reloading;

describe('KG-8.1 T1 trades and KG-5.4 the reload mark', () => {
  it('KG-13.2 KG-8.1 a buy is told with its item, count, price and the tokens left', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: {}, tokens: 500 },
      { id: 'b', zone: 'campi' },
    ]);
    m.must('a', { type: 'buy', item: 'gas-mask', count: 2 });
    m.must('a', { type: 'sell', item: 'gas-mask' });
    const price = 2 * buyPrice(m.state.settings, m.state.regime!, 'gas-mask');
    m.close();
    expect(m.eventsOf('tactic-2', 'a', 'trade')).toEqual([
      { kind: 'trade', to: 'a', op: 'buy', item: 'gas-mask', count: 2, price, tokens: 500 - price },
      { kind: 'trade', to: 'a', op: 'sell', item: 'gas-mask', count: 1, price: 14, tokens: 500 - price + 14 },
    ]);
    expect(m.player('a').inventory).toEqual({ 'gas-mask': 1 });
  });

  it('KG-5.4 buying a vest leaves a reloading machine gun reloading; selling a vest too', () => {
    for (const trade of [
      { type: 'buy', item: 'vest' },
      { type: 'sell', item: 'vest' },
    ]) {
      const m = at([
        { id: 'a', zone: 'campi', inventory: { 'machine-gun': 1, vest: 1 }, tokens: 500, reloading: true },
        { id: 'b', zone: 'campi' },
      ]);
      m.must('a', trade);
      m.close();
      // action-2 follows action-1, in which the machine gun fired.
      expect(reloading(m, 'a')).toBe(true);
      expect(m.act('a', { type: 'shoot', targets: ['b'] })).toMatchObject({ ok: false, reason: 'reloading' });
    }
  });

  it('KG-5.4 a newly bought firearm is ready even when the mark of an old shot remains', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: {}, tokens: 500, reloading: true },
      { id: 'b', zone: 'campi' },
    ]);
    m.must('a', { type: 'buy', item: 'machine-gun' });
    m.close();
    expect(reloading(m, 'a')).toBe(false);
    expect(m.act('a', { type: 'shoot', targets: ['b'] })).toMatchObject({ ok: true });
  });

  it('KG-5.4 selling the reloading machine gun clears the mark: the view no longer says reloading', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { 'machine-gun': 1 }, tokens: 0, reloading: true },
      { id: 'b', zone: 'campi' },
    ]);
    m.must('a', { type: 'sell', item: 'machine-gun' });
    m.close();
    expect(m.player('a').inventory).toEqual({});
    expect(reloading(m, 'a')).toBe(false);
  });
});

describe('KG-8.1 T2–T4 items are spent as they are used', () => {
  it('KG-6.2 KG-7.5 KG-7.6 an antidote, a smoke grenade and a gas canister are gone after the close', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { antidote: 2, 'smoke-grenade': 2, 'gas-canister': 2 }, poison: 1 },
      { id: 'b', zone: 'campi' },
    ]);
    m.must('a', { type: 'antidote' });
    m.must('a', { type: 'smoke', zone: 'campi' });
    m.must('b', { type: 'stay' });
    m.close();
    expect(m.player('a').inventory).toEqual({ antidote: 1, 'smoke-grenade': 1, 'gas-canister': 2 });
    expect(m.player('a').poison).toBe(0);
    const n = at([
      { id: 'a', zone: 'campi', inventory: { 'gas-canister': 2 } },
      { id: 'b', zone: 'campi' },
    ]);
    n.must('a', { type: 'gas', zone: 'ponte-ovest' });
    n.close();
    expect(n.player('a').inventory).toEqual({ 'gas-canister': 1 });
    expect(n.eventsOf('tactic-2', 'a', 'gas-landed')).toEqual([{ kind: 'gas-landed', to: 'a', zone: 'ponte-ovest' }]);
  });

  it('KG-6.1 KG-8.1 medikits heal in global submission order: the first heal is the larger one', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { medikit: 1 } },
      { id: 'b', zone: 'campi', inventory: { medikit: 1 } },
      { id: 'c', zone: 'campi', energy: 10 },
    ]);
    m.must('b', { type: 'medikit', target: 'c' });
    m.must('a', { type: 'medikit', target: 'c' });
    m.close();
    // ⌈15·40 %⌉ = 6 first (b), then ⌈9·40 %⌉ = 4 (a).
    expect(m.eventsOf('tactic-2', 'c', 'healed')).toEqual([
      { kind: 'healed', to: 'c', by: 'b', amount: 6 },
      { kind: 'healed', to: 'c', by: 'a', amount: 4 },
    ]);
    expect(m.player('c').energy).toBe(20);
  });
});

describe('KG-8.1 T5 positions, KG-10.4 T6 the central stay limit, KG-9.4 T7 closed zones', () => {
  it('KG-2.6 KG-18.1 a fixed zone is announced as placed, not as a default; the dead are not placed', () => {
    const m = at([{ id: 'a', zone: 'campi' }, { id: 'b' }, { id: 'c' }], { turn: 1 });
    m.remove('c');
    m.close();
    expect(m.eventsOf('tactic-1', 'a', 'placed')).toEqual([{ kind: 'placed', to: 'a', zone: 'campi', default: false }]);
    expect(m.eventsOf('tactic-1', 'b', 'placed')).toEqual([{ kind: 'placed', to: 'b', zone: 'ingresso', default: true }]);
    expect(m.eventsOf('tactic-1', 'c', 'placed')).toEqual([]);
  });

  it('KG-10.4 without K rations nobody is evicted from the central zone; with them, only who stayed there', () => {
    const off = at([
      { id: 'a', zone: 'paese' },
      { id: 'b', zone: 'paese' },
    ]);
    off.close();
    expect(off.eventsOf('tactic-2', 'a', 'evicted')).toEqual([]);
    expect(off.player('a').zone).toBe('paese');
    // a stayed in paese; b held paese last action phase but moves out now.
    const on = at(
      [
        { id: 'a', zone: 'paese' },
        { id: 'b', zone: 'paese' },
        { id: 'c', zone: 'strada' },
      ],
      { settings: { 'k-rations': true } },
    );
    on.must('b', { type: 'move', zone: 'strada' });
    on.close();
    expect(on.eventsOf('tactic-2', 'a', 'evicted')).toHaveLength(1);
    expect(on.eventsOf('tactic-2', 'b', 'evicted')).toEqual([]);
    expect(on.eventsOf('tactic-2', 'c', 'evicted')).toEqual([]);
    expect(on.player('b').zone).toBe('strada');
    expect(on.player('b').energy).toBe(25);
  });

  it('KG-10.4 an evicted player lands in an open neighbour of the central zone, never a closed one', () => {
    // At tactic-16 grotta (position 15) is closed, boschetto (16) still open.
    const m = at(
      [
        { id: 'a', zone: 'paese' },
        { id: 'b', zone: 'strada' },
      ],
      { turn: 16, settings: { 'k-rations': true } },
    );
    expect(m.state.closed).toContain('grotta');
    m.close();
    const [evicted] = m.eventsOf('tactic-16', 'a', 'evicted') as unknown as Array<{ zone: string; from: string; damage: number }>;
    expect(evicted).toMatchObject({ from: 'paese', damage: 5 });
    expect(['boschetto', 'sentiero', 'strada']).toContain(evicted!.zone);
    expect(m.player('a').zone).toBe(evicted!.zone);
  });

  // KG-9.8 KG-10.4: a map whose only final zone is the centre is refused (it used to evict nobody
  // and still damage every turn); with another final zone the evicted player always has somewhere to go.
  it('KG-9.8 KG-10.4 the evicted player goes to the other final zone once every closing neighbour has closed', () => {
    const keep = (finalZones: string[], yard: number | null): MapDef => ({
      name: 'Keep',
      initialZone: 'gate',
      centralZone: 'keep',
      finalZones,
      zones: [
        { id: 'gate', name: 'Gate', closes: 1, start: true, x: 0, y: 0, neighbours: ['keep'] },
        { id: 'keep', name: 'Keep', closes: null, start: true, x: 10, y: 0, neighbours: ['gate', 'yard'] },
        { id: 'yard', name: 'Yard', closes: yard, start: true, x: 20, y: 0, neighbours: ['keep'] },
      ],
    });
    expect(killgame.settings.safeParse({ map: 'custom', 'custom-map': keep(['keep'], 2) }).success).toBe(false);
    const m = at(
      [
        { id: 'a', zone: 'keep' },
        { id: 'b', zone: 'keep' },
      ],
      { settings: { 'k-rations': true, map: 'custom', 'custom-map': keep(['keep', 'yard'], null) } },
    );
    expect(m.state.closed).toEqual(['gate']);
    m.close();
    expect(m.eventsOf('tactic-2', 'a', 'evicted')).toEqual([{ kind: 'evicted', to: 'a', from: 'keep', zone: 'yard', damage: 5 }]);
    expect(m.player('a').zone).toBe('yard');
    expect(m.player('a').energy).toBe(20);
  });

  it('KG-9.4 the dead take no closed-zone damage', () => {
    const m = at(
      [
        { id: 'a', zone: 'landa-del-sud' },
        { id: 'b', zone: 'landa-del-sud' },
        { id: 'c', zone: 'campi' },
      ],
      { turn: 2 },
    );
    m.remove('b');
    // landa-del-sud closes at the end of turn 1 (position 1): it is closed in tactic-2.
    expect(m.state.closed).toContain('landa-del-sud');
    m.close();
    expect(m.eventsOf('tactic-2', 'a', 'closed-zone-damage')).toHaveLength(1);
    expect(m.eventsOf('tactic-2', 'b', 'closed-zone-damage')).toEqual([]);
  });
});

describe("KG-4.4 the ruleset's fixed answers", () => {
  it('KG-4.4 Kill Game has no channels: posting is refused channel-forbidden, checking needs a living player', () => {
    const m = at([
      { id: 'a', zone: 'campi' },
      { id: 'b', zone: 'campi' },
    ]);
    expect(killgame.post(m.state, 'a', 'public', 'hi')).toEqual({
      ok: false,
      reason: 'channel-forbidden',
      message: 'Kill Game has no channels.',
    });
    expect(killgame.channels(m.state)).toEqual([]);
    expect(killgame.mayCheck(m.state, 'a')).toBeNull();
    m.remove('b');
    expect(killgame.mayCheck(m.state, 'b')).toEqual({ ok: false, reason: 'not-alive', message: 'Dead players do not check.' });
    expect(killgame.roster(m.state).map((r) => r.id)).toEqual(['a', 'b']);
  });
});
