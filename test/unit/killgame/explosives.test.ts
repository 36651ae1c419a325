import { describe, expect, it } from 'vitest';
import { at, toAction } from './helpers.js';

describe('explosives, smoke and gas', () => {
  it('KG-7.1 a grenade hits everyone in any active zone, the thrower included', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { grenade: 1 } },
      { id: 'b', zone: 'campi', inventory: {} },
      { id: 'c', zone: 'paese', inventory: {} },
    ]);
    toAction(m);
    m.must('a', { type: 'grenade', zone: 'campi' });
    m.close();
    expect(m.facts().stats!.a!.energy).toBe(18);
    expect(m.facts().stats!.b!.energy).toBe(18);
    expect(m.eventsOf('action-2', 'b', 'hit')).toEqual([{ kind: 'hit', to: 'b', source: 'grenade', damage: 7 }]);
    expect(m.eventsOf('action-2', 'a', 'attack-result')).toContainEqual({
      kind: 'attack-result',
      to: 'a',
      weapon: 'grenade',
      target: 'b',
      damage: 7,
      zone: 'campi',
    });
    expect(m.facts().inventory!.a!.grenade).toBe(0);
  });

  it('KG-7.2 the C4 goes only in an adjacent active zone', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { c4: 1 } },
      { id: 'b', zone: 'ponte-ovest', inventory: {} },
    ]);
    toAction(m);
    expect(m.act('a', { type: 'c4', zone: 'campi' })).toMatchObject({ reason: 'not-adjacent' });
    expect(m.act('a', { type: 'c4', zone: 'landa-del-sud' })).toMatchObject({ reason: 'zone-closed' });
    m.must('a', { type: 'c4', zone: 'ponte-ovest' });
    m.close();
    expect(m.facts().stats!.b!.energy).toBe(16);
  });

  it('KG-7.3 only the first two explosives per zone count, by submission time; the rest are wasted but thrown', () => {
    const m = at([
      { id: 'a', zone: 'ponte-ovest', inventory: { grenade: 1 } },
      { id: 'b', zone: 'ponte-ovest', inventory: { grenade: 1 } },
      { id: 'c', zone: 'ponte-ovest', inventory: { c4: 1 } },
      { id: 'd', zone: 'campi', inventory: {} },
    ]);
    toAction(m);
    m.must('c', { type: 'c4', zone: 'campi' });
    m.must('b', { type: 'grenade', zone: 'campi' });
    m.must('a', { type: 'grenade', zone: 'ponte-ovest' });
    m.must('a', { type: 'grenade', zone: 'campi' }); // replaces: submitted last, so third on campi
    m.close();
    expect(m.facts().stats!.d!.energy).toBe(25 - 9 - 7);
    expect(m.eventsOf('action-2', 'a', 'explosive-wasted')).toEqual([
      { kind: 'explosive-wasted', to: 'a', item: 'grenade', zone: 'campi' },
    ]);
    expect(m.facts().inventory!.a!.grenade).toBe(0);
    expect(m.facts().stats!.a!.approval).toBe(1);
  });

  it('KG-7.4 explosives double under double damage and ignore vests and amulets', () => {
    const m = at(
      [
        { id: 'a', zone: 'ponte-ovest', inventory: { c4: 1 } },
        { id: 'b', zone: 'campi', inventory: { vest: 1, amulet: 1 } },
      ],
      { setup: { doubleDamage: true } },
    );
    toAction(m);
    m.must('a', { type: 'c4', zone: 'campi' });
    m.must('b', { type: 'vest' });
    m.must('b', { type: 'amulet' });
    m.close();
    expect(m.facts().stats!.b!.energy).toBe(7);
  });

  it('KG-7.5 smoke lands before moves and lasts smoke-turns; a second smoke extends to the latest end', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { 'smoke-grenade': 2 } },
      { id: 'b', zone: 'paese', inventory: {} },
    ]);
    expect(m.act('a', { type: 'smoke', zone: 'paese' })).toMatchObject({ reason: 'out-of-range' });
    m.must('a', { type: 'smoke', zone: 'campi' });
    m.must('a', { type: 'move', zone: 'ponte-ovest' });
    m.close();
    expect(m.eventsOf('tactic-2', 'a', 'smoke-landed')).toEqual([{ kind: 'smoke-landed', to: 'a', zone: 'campi' }]);
    expect(m.state.smokeEnd.campi).toBe(3);
    m.close();
    m.must('a', { type: 'smoke', zone: 'campi' });
    m.close();
    expect(m.state.smokeEnd.campi).toBe(4);
  });

  it('KG-7.6 gas: once per zone per action phase for gas-turns turns, whatever the canisters; monsters too', () => {
    const m = at(
      [
        { id: 'a', zone: 'campi', inventory: { 'gas-canister': 1 }, team: 'team-1' },
        { id: 'b', zone: 'ponte-ovest', inventory: { 'gas-canister': 1 }, team: 'team-1' },
        { id: 'v', zone: 'campi', inventory: { amulet: 1 }, team: 'team-1' },
        { id: 'z', zone: 'paese', inventory: {}, team: 'team-2' },
      ],
      {
        settings: { mode: 'teams' },
        setup: { doubleDamage: true, monsters: [{ id: 'm1', species: 'golem-di-fango', zone: 'campi', energy: 30 }] },
      },
    );
    m.must('a', { type: 'gas', zone: 'campi' });
    m.must('b', { type: 'gas', zone: 'campi' });
    m.must('a', { type: 'move', zone: 'ponte-ovest' });
    m.close();
    m.must('v', { type: 'amulet' });
    m.close();
    // Gas is never doubled, also for monsters.
    expect(m.facts().stats!.m1!.energy).toBe(27);
    expect(m.eventsOf('action-2', 'v', 'gas-damage')).toEqual([{ kind: 'gas-damage', to: 'v', zone: 'campi', damage: 3 }]);
    expect(m.eventsOf('action-2', 'a', 'gas-damage')).toEqual([]);
    expect(m.state.gasEnd.campi).toBe(4);
  });

  it('KG-7.6 KG-10.5 gas never in the central zone with rations; bombs neither; smoke is fine', () => {
    const m = at(
      [
        { id: 'a', zone: 'strada', inventory: { 'gas-canister': 1, 'smoke-grenade': 1, grenade: 1, c4: 1 } },
        { id: 'b', zone: 'paese' },
      ],
      {
        settings: { 'k-rations': true },
      },
    );
    expect(m.act('a', { type: 'gas', zone: 'paese' })).toMatchObject({ reason: 'central-zone-gas-free' });
    expect(m.act('a', { type: 'smoke', zone: 'paese' })).toMatchObject({ ok: true });
    toAction(m);
    expect(m.act('a', { type: 'grenade', zone: 'paese' })).toMatchObject({ reason: 'central-zone-bomb-free' });
    expect(m.act('a', { type: 'c4', zone: 'paese' })).toMatchObject({ reason: 'central-zone-bomb-free' });
    const off = at([
      { id: 'a', zone: 'strada', inventory: { 'gas-canister': 1 } },
      { id: 'b', zone: 'paese' },
    ]);
    expect(off.act('a', { type: 'gas', zone: 'paese' })).toMatchObject({ ok: true });
  });

  it('KG-7.7 smoke, gas and a move in the same tactic phase', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { 'gas-canister': 1, 'smoke-grenade': 1 } },
      { id: 'b', zone: 'paese', inventory: {} },
    ]);
    expect(m.must('a', { type: 'smoke', zone: 'campi' })).toBe('smoke');
    expect(m.must('a', { type: 'gas', zone: 'campi' })).toBe('gas');
    expect(m.must('a', { type: 'move', zone: 'ponte-ovest' })).toBe('position');
    m.close();
    expect(m.state.smokeEnd.campi).toBe(3);
    expect(m.state.gasEnd.campi).toBe(4);
    expect(m.facts().zone!.a).toBe('ponte-ovest');
  });

  it('KG-7.5 KG-7.6 smoke and gas are not for turn 1 and not for closed zones', () => {
    const m = at([
      { id: 'a', zone: 'ingresso', inventory: { 'gas-canister': 1, 'smoke-grenade': 1 } },
      { id: 'b', zone: 'paese', inventory: {} },
    ]);
    expect(m.act('a', { type: 'smoke', zone: 'landa-del-sud' })).toMatchObject({ reason: 'zone-closed' });
    expect(m.act('a', { type: 'gas', zone: 'landa-del-sud' })).toMatchObject({ reason: 'zone-closed' });
    const one = at(
      [
        { id: 'a', zone: 'ingresso', inventory: { 'smoke-grenade': 1 } },
        { id: 'b', zone: 'paese', inventory: {} },
      ],
      { turn: 1 },
    );
    expect(one.act('a', { type: 'smoke', zone: 'ingresso' })).toMatchObject({ reason: 'not-on-turn-1' });
  });
});
