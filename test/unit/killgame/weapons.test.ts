import { describe, expect, it } from 'vitest';
import { at, toAction } from './helpers.js';

/** Attacker a with `gear`, victim b (optionally with gear) in campi; returns b's hits after one action phase. */
function hitsOn(
  gear: Record<string, number>,
  attack: Record<string, unknown>,
  victim: Record<string, number> = {},
  opts: { double?: boolean; vest?: boolean } = {},
) {
  const m = at(
    [
      { id: 'a', zone: 'campi', inventory: gear },
      { id: 'b', zone: 'campi', inventory: victim },
    ],
    { setup: { doubleDamage: opts.double ?? false } },
  );
  toAction(m);
  m.must('a', attack as { type: string });
  if (opts.vest) m.must('b', { type: 'vest' });
  m.close();
  return { m, hits: m.eventsOf('action-2', 'b', 'hit').map((e) => e.damage), energy: m.facts().stats!.b!.energy };
}

describe('weapons', () => {
  it('KG-5.1 one firearm and one knife at most: the market refuses a second', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { shotgun: 1, knife: 1 }, tokens: 5000 },
      { id: 'b', zone: 'campi' },
    ]);
    expect(m.act('a', { type: 'buy', item: 'crossbow' })).toMatchObject({ reason: 'firearm-slot-full' });
    expect(m.act('a', { type: 'buy', item: 'rambo-knife' })).toMatchObject({ reason: 'knife-slot-full' });
    m.must('a', { type: 'sell', item: 'knife' });
    expect(m.act('a', { type: 'buy', item: 'rambo-knife' })).toMatchObject({ ok: true });
  });

  it('KG-5.2 KG-5.3 default damage per hit and hits per attack', () => {
    expect(hitsOn({ 'sniper-rifle': 1 }, { type: 'shoot', targets: ['b'] }).hits).toEqual([3]);
    expect(hitsOn({ 'machine-gun': 1 }, { type: 'shoot', targets: ['b', 'b'] }).hits).toEqual([2, 2]);
    expect(hitsOn({ shotgun: 1 }, { type: 'shoot', targets: ['b'] }).hits).toEqual([6]);
    expect(hitsOn({ flamethrower: 1 }, { type: 'shoot', targets: ['b'] }).hits).toEqual([2]);
    expect(hitsOn({ crossbow: 1 }, { type: 'shoot', targets: ['b'] }).hits).toEqual([2]);
    expect(hitsOn({ knife: 1 }, { type: 'stab', targets: ['b'] }).hits).toEqual([1]);
    expect(hitsOn({ 'ninja-knife': 1 }, { type: 'stab', targets: ['b', 'b'] }).hits).toEqual([1, 1]);
    expect(hitsOn({ 'rambo-knife': 1 }, { type: 'stab', targets: ['b'] }).hits).toEqual([3]);
    expect(hitsOn({}, { type: 'punch', targets: ['b'] }).hits).toEqual([1]);
  });

  it('KG-5.3 weapons setting changes damage and shots per match', () => {
    const m = at(
      [
        { id: 'a', zone: 'campi', inventory: { 'sniper-rifle': 1 } },
        { id: 'b', zone: 'campi', inventory: {} },
      ],
      {
        settings: { weapons: { 'sniper-rifle': { damage: 5, shots: 2 } } },
      },
    );
    toAction(m);
    m.must('a', { type: 'shoot', targets: ['b', 'b'] });
    m.close();
    expect(m.facts().stats!.b!.energy).toBe(15);
  });

  it('KG-5.4 machine gun and shotgun reload for one action phase; the others do not; a new gun is ready', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { shotgun: 1, knife: 1 }, tokens: 1000 },
      { id: 'b', zone: 'campi', inventory: { 'sniper-rifle': 1 } },
      { id: 'c', zone: 'campi', inventory: {} },
    ]);
    toAction(m);
    m.must('a', { type: 'shoot', targets: ['c'] });
    m.must('b', { type: 'shoot', targets: ['c'] });
    m.close();
    m.close();
    expect(m.act('a', { type: 'shoot', targets: ['c'] })).toMatchObject({ reason: 'reloading' });
    expect(m.act('a', { type: 'stab', targets: ['c'] })).toMatchObject({ ok: true });
    expect(m.act('b', { type: 'shoot', targets: ['c'] })).toMatchObject({ ok: true });
    m.close();
    m.close();
    expect(m.act('a', { type: 'shoot', targets: ['c'] })).toMatchObject({ ok: true });
    // Scenario key `reloading`, and a newly bought machine gun is ready at once.
    const r = at([
      { id: 'a', zone: 'campi', inventory: { 'machine-gun': 1 }, reloading: true, tokens: 1000 },
      { id: 'b', zone: 'campi', inventory: {} },
    ]);
    toAction(r);
    expect(r.act('a', { type: 'shoot', targets: ['b'] })).toMatchObject({ reason: 'reloading' });
    const n = at([
      { id: 'a', zone: 'campi', inventory: { 'machine-gun': 1 }, reloading: true, tokens: 1000 },
      { id: 'b', zone: 'campi', inventory: {} },
    ]);
    n.must('a', { type: 'sell', item: 'machine-gun' });
    n.must('a', { type: 'buy', item: 'machine-gun' });
    toAction(n);
    expect(n.act('a', { type: 'shoot', targets: ['b'] })).toMatchObject({ ok: true });
  });

  it('KG-5.5 the flamethrower hits each listed target once, vests do nothing', () => {
    const m = at(
      [
        { id: 'a', zone: 'campi', inventory: { flamethrower: 1 } },
        { id: 'b', zone: 'campi', inventory: { vest: 1 } },
        { id: 'c', zone: 'campi', inventory: {} },
      ],
      { setup: { monsters: [{ id: 'm1', species: 'ratto-gigante', zone: 'campi' }] } },
    );
    toAction(m);
    m.must('a', { type: 'shoot', targets: ['b', 'c', 'm1'] });
    m.must('b', { type: 'vest' });
    m.close();
    expect(m.eventsOf('action-2', 'b', 'hit').filter((e) => e.by === 'a')).toEqual([
      { kind: 'hit', to: 'b', source: 'flamethrower', by: 'a', damage: 2 },
    ]);
    expect(m.eventsOf('action-2', 'c', 'hit').map((e) => e.by)).toContain('a');
    expect(m.eventsOf('action-2', 'a', 'attack-result').map((e) => e.target)).toEqual(['b', 'c', 'm1']);
  });

  it('KG-5.6 crossbow poison: 2 now, 2 at each of the next two action phases (total 6)', () => {
    // Teammates, so that the audience never punishes b for standing next to an opponent.
    const m = at(
      [
        { id: 'a', zone: 'campi', inventory: { crossbow: 1 }, team: 'team-1' },
        { id: 'b', zone: 'campi', inventory: { vest: 1 }, team: 'team-1' },
        { id: 'x', zone: 'paese', team: 'team-2' },
      ],
      { settings: { mode: 'teams' } },
    );
    toAction(m);
    m.must('a', { type: 'shoot', targets: ['b'] });
    m.must('b', { type: 'vest' });
    m.close();
    expect(m.facts().stats!.b).toMatchObject({ energy: 23, poison: 2 });
    expect(m.eventsOf('action-2', 'b', 'poisoned')).toEqual([{ kind: 'poisoned', to: 'b', turns: 2 }]);
    m.close();
    m.close();
    expect(m.eventsOf('action-3', 'b', 'poison-damage')).toEqual([{ kind: 'poison-damage', to: 'b', damage: 2 }]);
    m.close();
    m.close();
    m.close();
    m.close();
    expect(m.facts().stats!.b).toMatchObject({ energy: 19, poison: 0 });
  });

  it('KG-5.6 KG-6.5 an antidote in the next tactic phase stops the ticks (total 2); a later one leaves 4', () => {
    const run = (antidoteTurn: number) => {
      const m = at(
        [
          { id: 'a', zone: 'campi', inventory: { crossbow: 1 }, team: 'team-1' },
          { id: 'b', zone: 'campi', inventory: { antidote: 1 }, team: 'team-1' },
          { id: 'x', zone: 'paese', team: 'team-2' },
        ],
        { settings: { mode: 'teams' } },
      );
      toAction(m);
      m.must('a', { type: 'shoot', targets: ['b'] });
      m.close();
      for (let t = 3; t <= 5; t++) {
        if (t === antidoteTurn) m.must('b', { type: 'antidote' });
        m.close();
        m.close();
      }
      return m.facts().stats!.b!.energy;
    };
    expect(run(3)).toBe(23);
    expect(run(4)).toBe(21);
    expect(run(99)).toBe(19);
  });

  it('KG-5.6 several bolts poison once; monsters are never poisoned; a new bolt resets, not adds', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { crossbow: 1 } },
      { id: 'c', zone: 'campi', inventory: { crossbow: 1 } },
      { id: 'b', zone: 'campi', inventory: {}, poison: 1 },
    ]);
    toAction(m);
    m.must('a', { type: 'shoot', targets: ['b'] });
    m.must('c', { type: 'shoot', targets: ['b'] });
    m.close();
    // 2 + 2 bolts, 2 tick of the old poison, then the counter is reset to 2.
    expect(m.facts().stats!.b).toMatchObject({ energy: 19, poison: 2 });
    expect(m.eventsOf('action-2', 'b', 'poisoned')).toHaveLength(1);
  });

  it('KG-5.7 KG-5.8 double damage doubles before the vest; the vest halves firearms, blocks knives and fists', () => {
    expect(hitsOn({ 'sniper-rifle': 1 }, { type: 'shoot', targets: ['b'] }, { vest: 1 }, { vest: true }).hits).toEqual([1]);
    expect(hitsOn({ 'sniper-rifle': 1 }, { type: 'shoot', targets: ['b'] }, { vest: 1 }, { vest: true, double: true }).hits).toEqual([3]);
    expect(hitsOn({ shotgun: 1 }, { type: 'shoot', targets: ['b'] }, { vest: 1 }, { vest: true, double: true }).hits).toEqual([6]);
    expect(hitsOn({ 'rambo-knife': 1 }, { type: 'stab', targets: ['b'] }, { vest: 1 }, { vest: true }).hits).toEqual([0]);
    expect(hitsOn({}, { type: 'punch', targets: ['b'] }, { vest: 1 }, { vest: true }).hits).toEqual([0]);
    expect(hitsOn({ crossbow: 1 }, { type: 'shoot', targets: ['b'] }, { vest: 1 }, { vest: true }).hits).toEqual([2]);
    expect(
      hitsOn({ 'machine-gun': 1 }, { type: 'shoot', targets: ['b', 'b'] }, { vest: 1, 'reinforced-vests': 1 }, { vest: true }).hits,
    ).toEqual([0, 0]);
    expect(hitsOn({ 'rambo-knife': 1 }, { type: 'stab', targets: ['b'] }, {}, { double: true }).hits).toEqual([6]);
  });

  it('KG-5.8 a hit reduced to 0 is still a hit (event and approval)', () => {
    const { m } = hitsOn({ knife: 1 }, { type: 'stab', targets: ['b'] }, { vest: 1 }, { vest: true });
    expect(m.eventsOf('action-2', 'b', 'hit')).toEqual([{ kind: 'hit', to: 'b', source: 'knife', by: 'a', damage: 0 }]);
    expect(m.facts().stats!.a!.approval).toBe(1);
  });

  it('KG-5.9 firearms are heard next door, knives and fists are not', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { crossbow: 1 } },
      { id: 'b', zone: 'campi', inventory: {} },
      { id: 'c', zone: 'sentiero', inventory: { knife: 1 } },
      { id: 'd', zone: 'sentiero', inventory: {} },
      { id: 'e', zone: 'balle-di-paglia', inventory: {} },
    ]);
    toAction(m);
    m.must('a', { type: 'shoot', targets: ['b'] });
    m.must('c', { type: 'stab', targets: ['d'] });
    m.must('d', { type: 'punch', targets: ['c'] });
    m.close();
    expect(m.eventsOf('action-2', 'e', 'heard')).toEqual([{ kind: 'heard', to: 'e', zone: 'campi', sound: 'gunfire' }]);
  });

  it('KG-5.10 monsters are hit like players: doubling applies, vests irrelevant', () => {
    const m = at(
      [
        { id: 'a', zone: 'campi', inventory: { 'rambo-knife': 1 } },
        { id: 'b', zone: 'paese', inventory: {} },
      ],
      {
        setup: { doubleDamage: true, monsters: [{ id: 'm1', species: 'golem-di-fango', zone: 'campi', energy: 20 }] },
      },
    );
    toAction(m);
    m.must('a', { type: 'stab', targets: ['m1'] });
    m.close();
    expect(m.facts().stats!.m1!.energy).toBe(14);
    expect(m.eventsOf('action-2', 'a', 'attack-result')).toEqual([
      { kind: 'attack-result', to: 'a', weapon: 'rambo-knife', target: 'm1', damage: 6 },
    ]);
  });
});
