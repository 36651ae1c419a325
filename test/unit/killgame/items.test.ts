import { describe, expect, it } from 'vitest';
import { at, toAction } from './helpers.js';

describe('items', () => {
  it('KG-6.1 a medikit heals ⌈(25 − energy)·40 %⌉, computed when applied, in submission order', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { medikit: 2 }, energy: 10 },
      { id: 'b', zone: 'paese', inventory: {} },
    ]);
    m.must('a', { type: 'medikit' });
    m.must('a', { type: 'medikit', target: 'a' });
    m.close();
    // 10 → +6 → 16 → +4 → 20.
    expect(m.eventsOf('tactic-2', 'a', 'healed')).toEqual([
      { kind: 'healed', to: 'a', by: 'a', amount: 6 },
      { kind: 'healed', to: 'a', by: 'a', amount: 4 },
    ]);
    expect(m.facts().stats!.a!.energy).toBe(20);
    expect(m.facts().inventory!.a!.medikit).toBe(0);
  });

  it('KG-6.1 others: only those who shared the previous action phase; full others healed by 0; dead → target-dead', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { medikit: 3 } },
      { id: 'b', zone: 'campi', inventory: {}, energy: 20 },
      { id: 'c', zone: 'ponte-ovest', inventory: {} },
      { id: 'd', zone: 'campi', inventory: {} },
    ]);
    expect(m.act('a', { type: 'medikit', target: 'c' })).toMatchObject({ reason: 'target-not-with-you' });
    expect(m.act('a', { type: 'medikit' })).toMatchObject({ reason: 'full-energy' });
    m.must('a', { type: 'medikit', target: 'b' });
    m.must('a', { type: 'medikit', target: 'd' });
    m.close();
    expect(m.eventsOf('tactic-2', 'b', 'healed')).toEqual([{ kind: 'healed', to: 'b', by: 'a', amount: 2 }]);
    expect(m.eventsOf('tactic-2', 'd', 'healed')).toEqual([{ kind: 'healed', to: 'd', by: 'a', amount: 0 }]);
    m.remove('d');
    m.close();
    expect(m.act('a', { type: 'medikit', target: 'd' })).toMatchObject({ reason: 'target-dead' });
    expect(m.act('a', { type: 'medikit', target: 'b' })).toMatchObject({ ok: true });
  });

  it('KG-6.1 after a smoked action phase only oneself: zone-was-smoked before target-not-with-you', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { medikit: 2 }, energy: 20 },
      { id: 'b', zone: 'campi', inventory: {} },
      { id: 'c', zone: 'ruderi', inventory: {} },
    ]);
    m.state.smokeEnd = { campi: 2 };
    toAction(m);
    m.close();
    expect(m.act('a', { type: 'medikit', target: 'b' })).toMatchObject({ reason: 'zone-was-smoked' });
    expect(m.act('a', { type: 'medikit', target: 'c' })).toMatchObject({ reason: 'zone-was-smoked' });
    expect(m.act('a', { type: 'medikit' })).toMatchObject({ ok: true });
  });

  it('KG-6.1 in tactic-1 nobody else can be healed', () => {
    const m = at(
      [
        { id: 'a', zone: 'campi', inventory: { medikit: 1 } },
        { id: 'b', zone: 'campi', inventory: {}, energy: 3 },
      ],
      { turn: 1 },
    );
    expect(m.act('a', { type: 'medikit', target: 'b' })).toMatchObject({ reason: 'target-not-with-you' });
  });

  it('KG-6.2 KG-6.3 a vest is consumed per phase; reinforced vests block firearms entirely, won vests included', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { 'sniper-rifle': 1 } },
      { id: 'b', zone: 'campi', inventory: { vest: 2, 'reinforced-vests': 1 } },
    ]);
    toAction(m);
    m.must('a', { type: 'shoot', targets: ['b'] });
    m.must('b', { type: 'vest' });
    m.close();
    expect(m.facts().stats!.b!.energy).toBe(25);
    expect(m.facts().inventory!.b).toMatchObject({ vest: 1, 'reinforced-vests': 1 });
    m.close();
    m.must('a', { type: 'shoot', targets: ['b'] });
    m.close();
    expect(m.facts().stats!.b!.energy).toBe(22);
  });

  it('KG-6.2 vests do nothing against explosives and monsters', () => {
    const m = at(
      [
        { id: 'a', zone: 'ponte-ovest', inventory: { grenade: 1 } },
        { id: 'b', zone: 'campi', inventory: { vest: 1 } },
        { id: 'c', zone: 'paese', inventory: {} },
      ],
      {
        setup: { monsters: [{ id: 'm1', species: 'golem-di-fango', zone: 'campi' }] },
      },
    );
    toAction(m);
    m.must('a', { type: 'grenade', zone: 'campi' });
    m.must('b', { type: 'vest' });
    m.close();
    // The golem (8) survives the grenade (7) and strikes.
    expect(m.facts().stats!.b!.energy).toBe(25 - 7 - 8);
  });

  it('KG-6.4 a gas mask protects its wearer for that phase only', () => {
    const m = at(
      [
        { id: 'a', zone: 'campi', inventory: { 'gas-mask': 1 } },
        { id: 'b', zone: 'campi', inventory: {} },
        { id: 'c', zone: 'paese', inventory: {} },
      ],
      {
        settings: { mode: 'teams' },
      },
    );
    m.state.gasEnd = { campi: 3 };
    toAction(m);
    m.must('a', { type: 'gas-mask' });
    m.close();
    expect(m.eventsOf('action-2', 'a', 'gas-damage')).toEqual([]);
    expect(m.eventsOf('action-2', 'b', 'gas-damage')).toEqual([{ kind: 'gas-damage', to: 'b', zone: 'campi', damage: 3 }]);
    m.close();
    m.close();
    expect(m.eventsOf('action-3', 'a', 'gas-damage')).toEqual([{ kind: 'gas-damage', to: 'a', zone: 'campi', damage: 3 }]);
  });

  it('KG-6.5 an antidote needs poison', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { antidote: 1 } },
      { id: 'b', zone: 'campi', inventory: {}, poison: 2 },
    ]);
    expect(m.act('a', { type: 'antidote' })).toMatchObject({ reason: 'not-poisoned' });
    expect(m.act('b', { type: 'antidote' })).toMatchObject({ reason: 'not-owned' });
  });

  it('KG-6.6 an amulet hides its wearer from monsters for that phase', () => {
    const m = at(
      [
        { id: 'a', zone: 'campi', inventory: { amulet: 1 } },
        { id: 'b', zone: 'paese', inventory: {} },
      ],
      {
        setup: { monsters: [{ id: 'm1', species: 'orso-zombie', zone: 'campi' }] },
      },
    );
    toAction(m);
    m.must('a', { type: 'amulet' });
    m.close();
    expect(m.facts().stats!.a!.energy).toBe(25);
  });

  it('KG-6.7 the gas launcher reaches any active zone; without it, own or adjacent only', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { 'gas-canister': 1, 'gas-launcher': 1 } },
      { id: 'b', zone: 'campi', inventory: { 'gas-canister': 1 } },
    ]);
    expect(m.act('b', { type: 'gas', zone: 'cimitero-del-vampire' })).toMatchObject({ reason: 'out-of-range' });
    expect(m.act('a', { type: 'gas', zone: 'cimitero-del-vampire' })).toMatchObject({ ok: true });
    expect(m.act('a', { type: 'gas', zone: 'landa-del-sud' })).toMatchObject({ reason: 'zone-closed' });
    expect(m.act('b', { type: 'gas', zone: 'balle-di-paglia' })).toMatchObject({ ok: true });
  });

  it('KG-6.8 K rations, smoke grenades and gas canisters are items that can be traded', () => {
    const m = at(
      [
        { id: 'a', zone: 'campi', inventory: { 'k-ration': 2, 'smoke-grenade': 1, 'gas-canister': 1 } },
        { id: 'b', zone: 'campi' },
      ],
      {
        settings: { 'k-rations': true },
      },
    );
    for (const item of ['k-ration', 'smoke-grenade', 'gas-canister'])
      expect(m.act('a', { type: 'sell', item })).toMatchObject({ ok: true });
  });
});
