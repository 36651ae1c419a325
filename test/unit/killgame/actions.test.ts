import { describe, expect, it } from 'vitest';
import { killgame } from '../../../engine/rulesets/killgame/index.js';
import { at, toAction } from './helpers.js';

const duo = (a: Record<string, number>, b: Record<string, number> = {}, extra: Record<string, unknown> = {}) =>
  at([
    { id: 'a', zone: 'campi', inventory: a, ...extra },
    { id: 'b', zone: 'campi', inventory: b },
  ]);

describe('actions, slots and validation', () => {
  it('KG-4.1 KG-4.4 malformed fields: missing → field-missing, unknown ids → illegal-target / unknown-zone / unknown-item; never a throw', () => {
    const m = duo({ medikit: 1, 'smoke-grenade': 1 });
    expect(m.act('a', { type: 'move' })).toMatchObject({ reason: 'field-missing' });
    expect(m.act('a', { type: 'move', zone: 42 })).toMatchObject({ reason: 'unknown-zone' });
    expect(m.act('a', { type: 'medikit', target: 'ghost' })).toMatchObject({ reason: 'illegal-target' });
    expect(m.act('a', { type: 'buy' })).toMatchObject({ reason: 'field-missing' });
    expect(m.act('a', { type: 'buy', item: 'laser' })).toMatchObject({ reason: 'unknown-item' });
    toAction(m);
    expect(m.act('a', { type: 'punch' })).toMatchObject({ reason: 'field-missing' });
    expect(m.act('a', { type: 'punch', targets: 'b' })).toMatchObject({ reason: 'field-missing' });
    expect(m.act('a', { type: 'punch', targets: ['ghost'] })).toMatchObject({ reason: 'illegal-target' });
    expect(m.act('a', { type: 'punch', targets: [7] })).toMatchObject({ reason: 'illegal-target' });
    expect(m.act('a', { type: 'grenade' })).toMatchObject({ reason: 'field-missing' });
  });

  it('KG-4.4 not-alive and wrong-phase come before the fields', () => {
    const m = duo({ knife: 1 }, { shotgun: 1 });
    expect(m.act('a', { type: 'shoot' })).toMatchObject({ reason: 'wrong-phase' });
    toAction(m);
    expect(m.act('a', { type: 'move' })).toMatchObject({ reason: 'wrong-phase' });
    m.remove('a');
    expect(killgame.validate(m.state, 'a', { type: 'stab', targets: ['b'] }, [])).toMatchObject({ ok: false, reason: 'not-alive' });
  });

  it('KG-4.2 single slots are replaced, countable actions get fresh slots', () => {
    const m = duo({ medikit: 3 }, {}, { energy: 5 });
    expect(m.must('a', { type: 'move', zone: 'ponte-ovest' })).toBe('position');
    expect(m.must('a', { type: 'stay' })).toBe('position');
    expect(m.must('a', { type: 'medikit' })).toBe('medikit-1');
    expect(m.must('a', { type: 'medikit' })).toBe('medikit-2');
    m.act('a', { type: 'withdraw', slot: 'medikit-1' });
    expect(m.must('a', { type: 'medikit' })).toBe('medikit-3');
    expect(m.must('a', { type: 'sell', item: 'medikit' })).toBe('trade-1');
    const inEffect = m.pending.filter((p) => p.owner === 'a' && p.action.type !== 'withdrawn');
    expect(inEffect.map((p) => p.slot).sort()).toEqual(['medikit-2', 'medikit-3', 'position', 'trade-1']);
    m.close();
    expect(m.facts().zone!.a).toBe('campi');
  });

  it('KG-4.2 a replaced action is validated as if the older one did not exist', () => {
    const m = duo({ 'smoke-grenade': 1 });
    m.must('a', { type: 'smoke', zone: 'campi' });
    expect(m.act('a', { type: 'smoke', zone: 'ponte-ovest' })).toMatchObject({ ok: true });
    m.close();
    expect(m.state.smokeEnd).toEqual({ 'ponte-ovest': 3 });
  });

  it('KG-4.2 KG-4.3 withdrawing a sell drops the buy it paid for at the close', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { shotgun: 1 }, tokens: 200 },
      { id: 'b', zone: 'campi' },
    ]);
    m.state.regime = 'unchanged';
    m.must('a', { type: 'sell', item: 'shotgun' });
    expect(m.act('a', { type: 'buy', item: 'flamethrower' })).toMatchObject({ ok: true });
    m.act('a', { type: 'withdraw', slot: 'trade-1' });
    m.close();
    expect(m.facts().inventory!.a).toMatchObject({ shotgun: 1, flamethrower: 0 });
    expect(m.eventsOf('tactic-2', 'a', 'trade')).toEqual([]);
  });

  it('KG-4.3 validation projects the player’s own pending actions, not other players’', () => {
    const m = duo({ medikit: 1 }, { medikit: 1 }, { energy: 10 });
    m.must('a', { type: 'medikit' });
    expect(m.act('a', { type: 'medikit' })).toMatchObject({ reason: 'not-owned' });
    const m2 = duo({ medikit: 2 }, {}, { energy: 24 });
    m2.must('a', { type: 'medikit' });
    expect(m2.act('a', { type: 'medikit' })).toMatchObject({ reason: 'full-energy' });
    m2.must('b', { type: 'stay' });
    expect(m2.facts().inventory!.a!.medikit).toBe(2);
  });

  it('KG-4.5 tactic refusals: move', () => {
    const m = at(
      [
        { id: 'a', zone: 'ponte-ovest' },
        { id: 'b', zone: 'campi' },
      ],
      { turn: 2 },
    );
    m.state.closed.push('sede-cubota');
    expect(m.act('a', { type: 'move', zone: 'ponte-ovest' })).toMatchObject({ reason: 'already-there' });
    expect(m.act('a', { type: 'move', zone: 'paese' })).toMatchObject({ reason: 'not-adjacent' });
    expect(m.act('a', { type: 'move', zone: 'sede-cubota' })).toMatchObject({ reason: 'zone-closed' });
    expect(m.act('a', { type: 'move', zone: 'boschetto' })).toMatchObject({ ok: true });
  });

  it('KG-4.6 KG-4.8 one attack slot: a later attack replaces the earlier one; vest, mask, amulet, shout combine', () => {
    const m = duo({ 'sniper-rifle': 1, knife: 1, vest: 1, 'gas-mask': 1, amulet: 1, grenade: 1 });
    toAction(m);
    expect(m.must('a', { type: 'shoot', targets: ['b'] })).toBe('attack');
    expect(m.must('a', { type: 'stab', targets: ['b'] })).toBe('attack');
    expect(m.must('a', { type: 'vest' })).toBe('vest');
    expect(m.must('a', { type: 'gas-mask' })).toBe('gas-mask');
    expect(m.must('a', { type: 'amulet' })).toBe('amulet');
    expect(m.must('a', { type: 'shout' })).toBe('shout');
    m.close();
    expect(m.eventsOf('action-2', 'b', 'hit')).toEqual([{ kind: 'hit', to: 'b', source: 'knife', by: 'a', damage: 1 }]);
    // +1 stab, +2 shout (forced success): approval 3 wins the first prize, a gas mask.
    expect(m.facts().inventory!.a).toMatchObject({ vest: 0, 'gas-mask': 1, amulet: 0, grenade: 1 });
    expect(m.eventsOf('action-2', 'a', 'prize')).toEqual([{ kind: 'prize', to: 'a', item: 'gas-mask', count: 1 }]);
  });

  it('KG-4.6 action refusals: no-firearm, no-knife, knife-held, not-owned', () => {
    const m = duo({ knife: 1 }, {});
    toAction(m);
    expect(m.act('a', { type: 'shoot', targets: ['b'] })).toMatchObject({ reason: 'no-firearm' });
    expect(m.act('b', { type: 'stab', targets: ['a'] })).toMatchObject({ reason: 'no-knife' });
    expect(m.act('a', { type: 'punch', targets: ['b'] })).toMatchObject({ reason: 'knife-held' });
    expect(m.act('b', { type: 'vest' })).toMatchObject({ reason: 'not-owned' });
    expect(m.act('b', { type: 'grenade', zone: 'campi' })).toMatchObject({ reason: 'not-owned' });
  });

  it('KG-4.7 target checks in order', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { 'machine-gun': 1 } },
      { id: 'b', zone: 'campi', inventory: { flamethrower: 1 } },
      { id: 'c', zone: 'campi', inventory: {} },
      { id: 'd', zone: 'paese', inventory: {} },
    ]);
    toAction(m);
    expect(m.act('a', { type: 'shoot', targets: [] })).toMatchObject({ reason: 'no-targets' });
    expect(m.act('a', { type: 'shoot', targets: ['b', 'c', 'b'] })).toMatchObject({ reason: 'too-many-targets' });
    expect(m.act('b', { type: 'shoot', targets: ['a', 'a'] })).toMatchObject({ reason: 'duplicate-target' });
    expect(m.act('a', { type: 'shoot', targets: ['presence'] })).toMatchObject({ reason: 'not-smoked' });
    expect(m.act('a', { type: 'shoot', targets: ['a'] })).toMatchObject({ reason: 'target-self' });
    expect(m.act('a', { type: 'shoot', targets: ['d'] })).toMatchObject({ reason: 'target-not-here' });
    expect(m.act('a', { type: 'shoot', targets: ['b', 'b'] })).toMatchObject({ ok: true });
    expect(m.act('b', { type: 'shoot', targets: ['a', 'c'] })).toMatchObject({ ok: true });
  });

  it('KG-4.7 in smoke: only presence entries, at most the other presences for the flamethrower', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { flamethrower: 1 } },
      { id: 'b', zone: 'campi', inventory: {} },
      { id: 'c', zone: 'ruderi', inventory: { knife: 1 } },
    ]);
    m.state.smokeEnd = { campi: 2, ruderi: 2 };
    toAction(m);
    expect(m.act('a', { type: 'shoot', targets: ['b'] })).toMatchObject({ reason: 'smoke-blind-target' });
    expect(m.act('a', { type: 'shoot', targets: ['presence', 'presence'] })).toMatchObject({ reason: 'too-many-targets' });
    expect(m.act('c', { type: 'stab', targets: ['presence'] })).toMatchObject({ reason: 'target-not-here' });
    expect(m.act('a', { type: 'shoot', targets: ['presence'] })).toMatchObject({ ok: true });
  });

  it('KG-4.4 the turn restriction is the first of a type’s own checks', () => {
    const m = at(
      [
        { id: 'a', zone: 'campi', inventory: {} },
        { id: 'b', zone: 'campi', inventory: {} },
      ],
      { turn: 1 },
    );
    toAction(m);
    expect(m.act('a', { type: 'grenade', zone: 'paese' })).toMatchObject({ reason: 'not-on-turn-1' });
    expect(m.act('a', { type: 'shout' })).toMatchObject({ reason: 'not-on-turn-1' });
  });
});

describe('available actions', () => {
  it('KG-4.5 KG-4.6 every choice offered by available() is accepted, and smoke offers only presence', () => {
    const m = at([
      { id: 'a', zone: 'campi', tokens: 400, energy: 20, poison: 1 },
      { id: 'b', zone: 'campi', inventory: { flamethrower: 1, 'ninja-knife': 1, grenade: 1, c4: 1 } },
      { id: 'c', zone: 'paese', inventory: {} },
    ]);
    m.state.regime = 'unchanged';
    const tryAll = (player: string) => {
      let tried = 0;
      for (const offer of killgame.available(m.state, player, m.pending)) {
        const [name, spec] = Object.entries(offer.fields)[0] ?? [];
        const values: unknown[] =
          spec === undefined
            ? [undefined]
            : spec.kind === 'zone' || spec.kind === 'choice' || spec.kind === 'player'
              ? spec.options
              : spec.kind === 'players'
                ? spec.options.map((t) => [t])
                : [{}];
        for (const v of values) {
          const action = name === undefined || v === undefined ? { type: offer.type } : { type: offer.type, [name]: v };
          expect(killgame.validate(m.state, player, action, m.pending), `${player} ${JSON.stringify(action)}`).toMatchObject({
            ok: true,
            slot: offer.slot,
          });
          tried++;
        }
      }
      return tried;
    };
    expect(tryAll('a')).toBeGreaterThan(20);
    expect(killgame.available(m.state, 'a', m.pending).map((o) => o.type)).toEqual([
      'move',
      'stay',
      'smoke',
      'gas',
      'buy',
      'sell',
      'medikit',
      'antidote',
    ]);
    toAction(m);
    tryAll('a');
    tryAll('b');
    const b = killgame.available(m.state, 'b', m.pending);
    expect(b.find((o) => o.type === 'shoot')!.fields.targets).toEqual({ kind: 'players', options: ['a'], min: 1, max: 1 });
    expect(b.map((o) => o.type)).toEqual(['shoot', 'stab', 'grenade', 'c4', 'shout']);
    m.close();
    m.state.smokeEnd = { campi: 9 };
    m.close();
    const smoked = killgame.available(m.state, 'b', m.pending);
    expect(smoked.find((o) => o.type === 'stab')!.fields.targets).toMatchObject({ options: ['presence'] });
    expect(killgame.available(m.state, 'c', m.pending).some((o) => o.type === 'shoot' || o.type === 'punch')).toBe(false);
  });
});
