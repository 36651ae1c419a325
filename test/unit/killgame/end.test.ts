import { describe, expect, it } from 'vitest';
import { submitAction } from '../../../engine/core/match.js';
import { killgame } from '../../../engine/rulesets/killgame/index.js';
import { at, Match, toAction } from './helpers.js';

describe('deaths, end of match, double damage', () => {
  it('KG-0.2 energy is capped at 25; at ≤ 0 at a deaths step the player dies and reads 0', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { medikit: 1 }, energy: 24 },
      { id: 'b', zone: 'campi', inventory: { shotgun: 1 } },
      { id: 'c', zone: 'paese', energy: 5 },
    ]);
    m.must('a', { type: 'medikit' });
    m.close();
    expect(m.facts().stats!.a!.energy).toBe(25);
    m.must('b', { type: 'shoot', targets: ['a'] });
    m.close();
    expect(m.facts().stats!.a!.energy).toBe(19);
    const k = at([
      { id: 'a', zone: 'campi', inventory: { shotgun: 1 } },
      { id: 'b', zone: 'campi', inventory: {}, energy: 2 },
      { id: 'c', zone: 'paese' },
    ]);
    toAction(k);
    k.must('a', { type: 'shoot', targets: ['b'] });
    k.close();
    expect(k.facts().stats!.b!.energy).toBe(0);
    expect(k.facts().dead).toEqual(['b']);
    expect(k.facts().zone!.b).toBeUndefined();
  });

  it('KG-0.2 the dead get the private events of the phase they died in, then only public ones', () => {
    const k = at([
      { id: 'a', zone: 'campi', inventory: { shotgun: 1 } },
      { id: 'b', zone: 'campi', inventory: {}, energy: 2 },
      { id: 'c', zone: 'paese' },
    ]);
    toAction(k);
    k.must('a', { type: 'shoot', targets: ['b'] });
    k.close();
    expect(k.eventsOf('action-2', 'b', 'hit')).toHaveLength(1);
    expect(k.eventsOf('action-2', 'b', 'zone-view')).toEqual([]);
    expect(killgame.validate(k.state, 'b', { type: 'stay' }, [])).toMatchObject({ reason: 'not-alive' });
    expect(killgame.mayCheck(k.state, 'b')).toMatchObject({ reason: 'not-alive' });
    expect(killgame.checkers(k.state)).toEqual(['a', 'c']);
    k.close();
    expect(k.events('tactic-3').filter((e) => e.to === 'b')).toEqual([]);
  });

  it('KG-0.2 attacks on the dead are refused: they are not present anywhere', () => {
    const k = at([
      { id: 'a', zone: 'campi', inventory: { knife: 1 } },
      { id: 'b', zone: 'campi' },
      { id: 'c', zone: 'paese' },
    ]);
    k.remove('b');
    toAction(k);
    expect(k.act('a', { type: 'stab', targets: ['b'] })).toMatchObject({ reason: 'target-not-here' });
  });

  it('KG-1.4 KG-1.5 free-for-all ends with one survivor, who is the winner', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { shotgun: 1 } },
      { id: 'b', zone: 'campi', inventory: {}, energy: 6 },
    ]);
    toAction(m);
    m.must('a', { type: 'shoot', targets: ['b'] });
    m.close();
    expect(m.eventsOf('action-2', 'public', 'match-ended')).toEqual([{ kind: 'match-ended', to: 'public', winner: 'a', winners: ['a'] }]);
    expect(m.phase).toBeNull();
  });

  it('KG-1.5 nobody left is a draw; the end check runs after the tactic deaths too', () => {
    const m = at([
      { id: 'a', zone: 'landa-del-sud', energy: 3 },
      { id: 'b', zone: 'landa-del-sud', energy: 3 },
    ]);
    m.close();
    expect(m.eventsOf('tactic-2', 'public', 'match-ended')).toEqual([{ kind: 'match-ended', to: 'public', winner: 'draw', winners: [] }]);
    expect(m.eventsOf('tactic-2', 'a', 'zone-view')).toEqual([]);
  });

  it('KG-1.5 KG-1.6 teams: the match ends when only one team lives; every member wins, dead included', () => {
    const m = at(
      [
        { id: 'a', zone: 'campi', inventory: { shotgun: 1 }, team: 'team-1' },
        { id: 'b', zone: 'campi', inventory: {}, energy: 6, team: 'team-2' },
        { id: 'c', zone: 'paese', inventory: {}, energy: 1, team: 'team-1' },
      ],
      { settings: { mode: 'teams' } },
    );
    m.state.gasEnd = { paese: 2 };
    toAction(m);
    m.must('a', { type: 'shoot', targets: ['b'] });
    m.close();
    expect(m.eventsOf('action-2', 'public', 'match-ended')).toEqual([
      { kind: 'match-ended', to: 'public', winner: 'team-1', winners: ['a', 'c'] },
    ]);
    expect(killgame.outcome(m.state)).toBe('team-1');
    // Monsters never count.
    const mon = at(
      [
        { id: 'a', zone: 'campi' },
        { id: 'b', zone: 'campi', energy: 1 },
      ],
      { setup: { monsters: [{ id: 'm1', species: 'ratto-gigante', zone: 'paese' }] } },
    );
    mon.state.gasEnd = { campi: 2 };
    toAction(mon);
    mon.must('a', { type: 'gas-mask' });
    mon.close();
    expect(killgame.outcome(mon.state)).toBe('a');
  });

  it('KG-1.7 after the end no phase opens and every action is refused match-over', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { shotgun: 1 } },
      { id: 'b', zone: 'campi', inventory: {}, energy: 6 },
    ]);
    toAction(m);
    m.must('a', { type: 'shoot', targets: ['b'] });
    m.close();
    expect(m.act('a', { type: 'stay' })).toMatchObject({ ok: false, reason: 'match-over' });
    expect(submitAction(killgame, { status: 'ended', open: false, checked: false }, m.state, [], 'a', { type: 'stay' }, 0)).toMatchObject({
      reason: 'match-over',
    });
    expect(killgame.resolve(m.state, [], null as never).events).toEqual([]);
  });

  it('KG-1.8 a removal is a public death with cause removed; pending actions naming him are withdrawn; end check at once', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { knife: 1, medikit: 1 } },
      { id: 'b', zone: 'campi', inventory: {}, energy: 20 },
      { id: 'c', zone: 'campi', inventory: {} },
    ]);
    m.must('a', { type: 'medikit', target: 'b' });
    m.must('a', { type: 'move', zone: 'ponte-ovest' });
    m.must('b', { type: 'stay' });
    const events = m.remove('b');
    expect(events).toEqual([{ kind: 'player-died', to: 'public', player: 'b', cause: 'removed' }]);
    expect(m.pending.map((p) => `${p.owner}:${p.slot}`)).toEqual(['a:position']);
    expect(m.facts().inventory!.b!.knife).toBe(0);
    const end = m.remove('c');
    expect(end.at(-1)).toEqual({ kind: 'match-ended', to: 'public', winner: 'a', winners: ['a'] });
    expect(m.phase).toBeNull();
  });

  it('KG-1.8 KG-12.1 a removal counts as a death of the phase for double damage', () => {
    const m = at([
      { id: 'a', zone: 'campi' },
      { id: 'b', zone: 'campi' },
      { id: 'c', zone: 'campi' },
      { id: 'd', zone: 'paese' },
    ]);
    m.remove('d');
    m.close();
    expect(m.eventsOf('tactic-2', 'public', 'double-damage')).toEqual([{ kind: 'double-damage', to: 'public', living: 3 }]);
  });

  it('KG-12.1 double damage needs a death in the phase and few living players; 0 disables it', () => {
    const m = at([
      { id: 'a', zone: 'campi' },
      { id: 'b', zone: 'campi' },
      { id: 'c', zone: 'campi' },
    ]);
    m.close();
    m.close();
    expect(m.state.doubleDamage).toBe(false);
    const k = at([
      { id: 'a', zone: 'campi', inventory: { shotgun: 1 } },
      { id: 'b', zone: 'campi', energy: 6 },
      { id: 'c', zone: 'paese' },
      { id: 'd', zone: 'paese' },
    ]);
    toAction(k);
    k.must('a', { type: 'shoot', targets: ['b'] });
    k.close();
    expect(k.eventsOf('action-2', 'public', 'double-damage')).toEqual([{ kind: 'double-damage', to: 'public', living: 3 }]);
    const off = at(
      [
        { id: 'a', zone: 'campi', inventory: { shotgun: 1 } },
        { id: 'b', zone: 'campi', energy: 6 },
        { id: 'c', zone: 'paese' },
      ],
      { settings: { 'double-damage-players': 0 } },
    );
    toAction(off);
    off.must('a', { type: 'shoot', targets: ['b'] });
    off.close();
    expect(off.state.doubleDamage).toBe(false);
  });

  it('KG-12.2 double damage spares gas, poison, monsters, hunger, closed zones, eviction and punishments', () => {
    const m = at(
      [
        { id: 'a', zone: 'landa-del-sud', poison: 1, approval: -2 },
        { id: 'b', zone: 'paese' },
      ],
      {
        settings: { 'k-rations': true },
        setup: { doubleDamage: true, monsters: [{ id: 'm1', species: 'ratto-gigante', zone: 'landa-del-sud' }] },
      },
    );
    m.state.gasEnd = { 'landa-del-sud': 2 };
    m.close();
    expect(m.facts().stats!.a!.energy).toBe(15);
    m.close();
    // gas 3 + monster 6 + poison 2 + punishment 1 (forced first row); the ration is eaten (default loadout).
    expect(m.facts().stats!.a!.energy).toBe(15 - 3 - 6 - 2 - 1);
  });
});

describe('the match flows', () => {
  it('KG-0.3 KG-3.3 turns alternate tactic-N and action-N until the end', () => {
    const m = at(
      [
        { id: 'a', zone: 'paese' },
        { id: 'b', zone: 'strada' },
      ],
      { turn: 1 },
    );
    const phases = [m.phase];
    for (let i = 0; i < 5; i++) {
      m.close();
      phases.push(m.phase);
    }
    expect(phases).toEqual(['tactic-1', 'action-1', 'tactic-2', 'action-2', 'tactic-3', 'action-3']);
  });

  it('KG-3.5 a silent player stays put and does not attack; automatic effects still apply', () => {
    const m = at([
      { id: 'a', zone: 'landa-del-sud' },
      { id: 'b', zone: 'campi' },
    ]);
    m.close();
    m.close();
    expect(m.facts().zone!.a).toBe('landa-del-sud');
    expect(m.facts().stats!.a!.energy).toBe(15);
    expect(m.events('action-2').filter((e) => e.kind === 'hit')).toEqual([]);
  });

  it('KG-0.4 KG-0.5 same seed and actions give the same events; forced picks follow the stated orders', () => {
    const run = () => {
      const m = new Match({
        players: ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id })),
        settings: { mode: 'teams', monsters: 3 },
        seed: 'same',
      });
      for (let i = 0; i < 6; i++) m.close();
      return JSON.stringify(m.log);
    };
    expect(run()).toBe(run());
    const other = new Match({
      players: ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id })),
      settings: { mode: 'teams', monsters: 3 },
      seed: 'other',
    });
    for (let i = 0; i < 6; i++) other.close();
    expect(JSON.stringify(other.log)).not.toBe(run());
  });

  it('KG-0.6 integer arithmetic: medikit rounds up, vest halves down, prices round half up', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { medikit: 1 }, energy: 24 },
      { id: 'b', zone: 'campi' },
    ]);
    m.must('a', { type: 'medikit' });
    m.close();
    expect(m.eventsOf('tactic-2', 'a', 'healed')[0]!.amount).toBe(1);
    const s = at(
      [
        { id: 'a', zone: 'campi', inventory: { 'machine-gun': 1 } },
        { id: 'b', zone: 'campi', inventory: { vest: 1 } },
      ],
      { settings: { weapons: { 'machine-gun': { damage: 3 } } } },
    );
    toAction(s);
    s.must('a', { type: 'shoot', targets: ['b'] });
    s.must('b', { type: 'vest' });
    s.close();
    expect(s.eventsOf('action-2', 'b', 'hit')[0]!.damage).toBe(1);
  });
});

describe('GM forced outcome', () => {
  it('KG-1.7 KG-1.6 a forced outcome ends the match for the views: no phase, the team’s members win', () => {
    const m = at(
      [
        { id: 'a', zone: 'campi', team: 'team-1' },
        { id: 'b', zone: 'campi', team: 'team-2' },
        { id: 'c', zone: 'paese', team: 'team-1' },
      ],
      { settings: { mode: 'teams' } },
    );
    const ended = killgame.forceEnd!(m.state, 'team-1');
    expect(killgame.phase(ended)).toBeNull();
    expect(killgame.outcome(ended)).toBe('team-1');
    expect(ended.winners).toEqual(['a', 'c']);
    expect(killgame.phase(m.state)).toBe('tactic-2');
  });
});
