import { describe, expect, it } from 'vitest';
import { at, toAction } from './helpers.js';

const kinds = (events: Array<{ kind: string }>) => events.map((e) => e.kind).filter((k, i, all) => all.indexOf(k) === i);

describe('resolution order', () => {
  it('KG-8.1 a tactic close runs gear, antidotes, medikits, smoke and gas, moves, eviction, closed zones, deaths, views', () => {
    const m = at(
      [
        {
          id: 'a',
          zone: 'grotta',
          inventory: { 'smoke-grenade': 1, 'gas-canister': 1, medikit: 1, antidote: 1 },
          tokens: 100,
          energy: 20,
          poison: 1,
        },
        { id: 'b', zone: 'paese', inventory: {} },
        { id: 'c', zone: 'landa-del-sud', inventory: {}, energy: 5 },
        { id: 'd', zone: 'ruderi', inventory: {} },
      ],
      { settings: { 'k-rations': true } },
    );
    m.state.regime = 'unchanged';
    m.must('a', { type: 'buy', item: 'medikit' });
    m.must('a', { type: 'antidote' });
    m.must('a', { type: 'medikit' });
    m.must('a', { type: 'smoke', zone: 'grotta' });
    m.must('a', { type: 'gas', zone: 'grotta' });
    m.must('a', { type: 'move', zone: 'strada' });
    m.close();
    // market-open belongs to the opening of tactic-2; c's death leaves 3 players: double damage.
    expect(kinds(m.events('tactic-2'))).toEqual([
      'market-open',
      'trade',
      'antidote-taken',
      'healed',
      'smoke-landed',
      'gas-landed',
      'evicted',
      'closed-zone-damage',
      'player-died',
      'double-damage',
      'zone-view',
    ]);
    expect(m.facts().zone!.a).toBe('strada');
    expect(m.phase).toBe('action-2');
  });

  it('KG-8.1 medikits heal before closed-zone damage; placement happens in tactic-1 before the views', () => {
    const m = at(
      [
        { id: 'a', zone: 'ingresso', inventory: { medikit: 1 }, energy: 5 },
        { id: 'b', zone: 'paese' },
      ],
      { turn: 3 },
    );
    m.must('a', { type: 'medikit' });
    m.close();
    // 5 + 8 = 13, then −10 in the closed ingresso: alive at 3.
    expect(m.facts().stats!.a!.energy).toBe(3);
    expect(m.facts().alive).toContain('a');
  });

  it('KG-8.2 an action close runs attacks, gas, monster deaths and attacks, poison, rations, shouts, approval, deaths, closing, views, market', () => {
    const m = at(
      [
        { id: 'f', zone: 'grotta', inventory: {} },
        { id: 'a', zone: 'campi', inventory: { crossbow: 1 }, poison: 1 },
        { id: 'b', zone: 'campi', inventory: {}, approval: 2 },
        { id: 'c', zone: 'strada', inventory: {}, energy: 1 },
        { id: 'd', zone: 'ponte-ovest', inventory: {} },
        { id: 'e', zone: 'ponte-ovest', inventory: {} },
      ],
      {
        settings: { 'k-rations': true, 'double-damage-players': 5 },
        setup: {
          monsters: [
            { id: 'm1', species: 'ratto-gigante', zone: 'campi', energy: 2 },
            { id: 'm2', species: 'golem-di-fango', zone: 'ponte-ovest' },
          ],
        },
      },
    );
    m.state.gasEnd = { campi: 2 };
    m.must('f', { type: 'move', zone: 'paese' });
    m.close();
    m.must('a', { type: 'shoot', targets: ['b'] });
    m.must('b', { type: 'shout' });
    m.close();
    expect(kinds(m.events('action-2'))).toEqual([
      'hit',
      'attack-result',
      'heard',
      'gas-damage',
      'monster-died',
      'witnessed',
      'poison-damage',
      'poisoned',
      'rations-found',
      'hunger',
      'shout',
      'approval',
      'prize',
      'player-died',
      'zone-closed',
      'monster-spawned',
      'double-damage',
      'zone-view',
    ]);
    // KG-8.3: the regime drawn at this close opens tactic-3, and is filed with it.
    expect(kinds(m.events('tactic-3'))).toEqual(['market-open']);
  });

  it('KG-8.2 simultaneous attacks: a player killed this phase still lands his attack', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { shotgun: 1 }, energy: 6 },
      { id: 'b', zone: 'campi', inventory: { shotgun: 1 }, energy: 6 },
      { id: 'c', zone: 'paese' },
    ]);
    toAction(m);
    m.must('a', { type: 'shoot', targets: ['b'] });
    m.must('b', { type: 'shoot', targets: ['a'] });
    m.close();
    expect(m.facts().dead).toEqual(['a', 'b']);
    expect(
      m
        .events('action-2')
        .filter((e) => e.kind === 'player-died')
        .map((e) => e.player),
    ).toEqual(['a', 'b']);
  });

  it('KG-8.2 steps A3–A9 skip players already at 0 energy', () => {
    const m = at(
      [
        { id: 'a', zone: 'campi', inventory: { shotgun: 1 } },
        { id: 'b', zone: 'campi', inventory: {}, energy: 6 },
        { id: 'c', zone: 'paese' },
      ],
      { settings: { 'k-rations': true } },
    );
    m.state.gasEnd = { campi: 2 };
    toAction(m);
    m.must('a', { type: 'shoot', targets: ['b'] });
    m.close();
    expect(m.eventsOf('action-2', 'b', 'gas-damage')).toEqual([]);
    expect(m.eventsOf('action-2', 'b', 'approval')).toEqual([]);
    expect(m.eventsOf('action-2', 'a', 'gas-damage')).toHaveLength(1);
  });

  it('KG-8.3 opening events: team reveal and monsters at the start, a market regime at each tactic opening from turn 2', () => {
    const m = at(
      [
        { id: 'a', zone: 'paese', team: 'team-1' },
        { id: 'b', zone: 'paese', team: 'team-2' },
      ],
      { turn: 1, settings: { mode: 'teams', monsters: 1 } },
    );
    expect(kinds(m.events('tactic-1'))).toEqual(['team-revealed', 'monster-spawned']);
    m.close();
    m.close();
    expect(m.eventsOf('action-1', 'public', 'market-open')).toHaveLength(0);
    expect(m.eventsOf('tactic-2', 'public', 'market-open')).toHaveLength(1);
    expect(m.state.regime).not.toBeNull();
    m.close();
    expect(m.state.regime).toBeNull();
  });
});
