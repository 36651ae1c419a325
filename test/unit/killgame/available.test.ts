// KG-4.3 what the page offers a player: each action his projection lets him take now, with the
// choices the checks accept, the slot it fills and what he already put there.
import { describe, expect, it } from 'vitest';
import type { AvailableAction } from '../../../engine/core/types.js';
import { BASE_PRICES, ITEM_IDS } from '../../../engine/rulesets/killgame/catalog.js';
import { killgame } from '../../../engine/rulesets/killgame/index.js';
import { at, toAction, type Match } from './helpers.js';

const offers = (m: Match, id: string) => killgame.available(m.state, id, m.pending) as AvailableAction[];
const offer = (m: Match, id: string, type: string) => offers(m, id).find((o) => o.type === type);
const types = (m: Match, id: string) => offers(m, id).map((o) => o.type);
const options = (field: unknown) => (field as { options: unknown }).options;

describe('KG-4.3 tactic-1: where to start and what to buy', () => {
  it('KG-2.3 KG-2.6 a new player is offered the lit start zones and the shop at base prices, within his budget', () => {
    const m = at([{ id: 'a', tokens: 400 }, { id: 'b' }], { turn: 1 });
    expect(types(m, 'a')).toEqual(['start', 'shop']);
    const start = offer(m, 'a', 'start')!;
    const lit = boardZones(m)
      .filter((z) => z.start)
      .map((z) => z.id);
    expect(start).toEqual({ type: 'start', slot: 'position', fields: { zone: { kind: 'zone', options: lit, required: true } } });
    expect(options(start.fields.zone)).not.toContain('paese');
    const prices = Object.fromEntries(ITEM_IDS.filter((i) => i !== 'k-ration').map((i) => [i, BASE_PRICES[i]]));
    expect(offer(m, 'a', 'shop')).toEqual({
      type: 'shop',
      slot: 'shop',
      fields: { items: { kind: 'counts', options: prices, budget: 400 } },
    });
  });

  it('KG-2.4 K rations are in the shop when they are on; a fixed backpack gets no shop; a fixed zone no start', () => {
    const on = at([{ id: 'a' }, { id: 'b' }], { turn: 1, settings: { 'k-rations': true } });
    expect(Object.keys((offer(on, 'a', 'shop')!.fields.items as { options: object }).options)).toContain('k-ration');
    const fixed = at([{ id: 'a', inventory: {}, zone: 'campi' }, { id: 'b' }], { turn: 1 });
    expect(types(fixed, 'a')).toEqual([]);
  });

  it('KG-4.2 an offer shows what its slot holds, and still offers every choice (its own slot left out)', () => {
    const m = at([{ id: 'a' }, { id: 'b' }], { turn: 1 });
    m.must('a', { type: 'start', zone: 'campi' });
    m.must('a', { type: 'shop', items: { medikit: 1 } });
    const start = offer(m, 'a', 'start')!;
    expect(start.submitted).toEqual({ type: 'start', zone: 'campi' });
    expect(options(start.fields.zone)).toContain('campi');
    expect(offer(m, 'a', 'shop')!.submitted).toEqual({ type: 'shop', items: { medikit: 1 } });
    // The basket's medikit may be used (decision 41) — but not at full energy; b was offered nothing of a's.
    expect(offer(m, 'a', 'medikit')).toBeUndefined();
    expect(offer(m, 'b', 'start')!.submitted).toBeUndefined();
  });
});

describe('KG-4.3 later tactic phases: moves, clouds, the market, medikits', () => {
  const later = () =>
    at([
      { id: 'a', zone: 'campi', inventory: { medikit: 1, 'smoke-grenade': 1, vest: 1, 'gas-launcher': 1 }, energy: 20, tokens: 500 },
      { id: 'b', zone: 'campi' },
      { id: 'c', zone: 'paese' },
    ]);

  it('KG-9.2 KG-7.5 KG-13.4 KG-6.1 each offer with its choices', () => {
    const m = later();
    expect(types(m, 'a')).toEqual(['move', 'stay', 'smoke', 'buy', 'sell', 'medikit']);
    // landa-del-sud, the third neighbour of campi, closed at the end of turn 1.
    expect(m.state.closed).toEqual(['landa-del-sud']);
    expect(offer(m, 'a', 'move')).toEqual({
      type: 'move',
      slot: 'position',
      fields: {
        zone: { kind: 'zone', options: ['balle-di-paglia', 'ponte-ovest'].sort((x, y) => order(m, x) - order(m, y)), required: true },
      },
    });
    expect(offer(m, 'a', 'stay')).toEqual({ type: 'stay', slot: 'position', fields: {} });
    expect(options(offer(m, 'a', 'smoke')!.fields.zone)).toEqual(
      ['campi', 'balle-di-paglia', 'ponte-ovest'].sort((x, y) => order(m, x) - order(m, y)),
    );
    const buy = offer(m, 'a', 'buy')!;
    expect(buy.slot).toBe('trade-1');
    // Options are never for sale; a has a firearm slot free and tokens for everything.
    expect(buy.fields).toEqual({
      item: {
        kind: 'choice',
        options: ITEM_IDS.filter((i) => !['k-ration', 'gas-launcher', 'reinforced-vests'].includes(i)),
        required: true,
      },
      count: { kind: 'number', min: 1, max: 3, required: false },
    });
    expect(offer(m, 'a', 'sell')).toEqual({
      type: 'sell',
      slot: 'trade-1',
      fields: {
        item: { kind: 'choice', options: ['medikit', 'smoke-grenade', 'vest'], required: true },
        count: { kind: 'number', min: 1, max: 100, required: false },
      },
    });
    // a heals himself or b (both in campi last action phase), not c.
    expect(offer(m, 'a', 'medikit')).toEqual({
      type: 'medikit',
      slot: 'medikit-1',
      fields: { target: { kind: 'player', options: ['a', 'b'], required: false } },
    });
  });

  it('KG-7.6 KG-13.2 gas from afar with a launcher; no buy without tokens; an antidote only when poisoned', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { 'gas-canister': 1, 'gas-launcher': 1, antidote: 1 }, tokens: 0, poison: 1 },
      { id: 'b', zone: 'campi', inventory: { antidote: 1 } },
    ]);
    expect(types(m, 'a')).toEqual(['move', 'stay', 'gas', 'sell', 'antidote']);
    // Every zone still open, near or far.
    const open = zonesOf(m).filter((z) => !m.state.closed.includes(z));
    expect(open).toContain('paese');
    expect(options(offer(m, 'a', 'gas')!.fields.zone)).toEqual(open);
    expect(offer(m, 'a', 'antidote')).toEqual({ type: 'antidote', slot: 'antidote', fields: {} });
    expect(types(m, 'b')).not.toContain('antidote');
  });

  it('KG-4.2 KG-4.3 after a smoke and a medikit: the smoke offer keeps its zones and shows the smoke; the next medikit is medikit-2', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { medikit: 2, 'smoke-grenade': 1 }, energy: 15 },
      { id: 'b', zone: 'campi' },
    ]);
    m.must('a', { type: 'smoke', zone: 'campi' });
    m.must('a', { type: 'medikit' });
    const smoke = offer(m, 'a', 'smoke')!;
    expect(smoke.submitted).toEqual({ type: 'smoke', zone: 'campi' });
    expect(options(smoke.fields.zone)).toContain('campi');
    expect(offer(m, 'a', 'medikit')!.slot).toBe('medikit-2');
    expect(offer(m, 'a', 'medikit')!.submitted).toBeUndefined();
    // The grenade is committed: it cannot also be sold.
    expect(options(offer(m, 'a', 'sell')!.fields.item)).toEqual(['medikit']);
  });
});

describe('KG-4.3 action phases: attacks on who is here, explosives, gear', () => {
  it('KG-4.6 KG-4.7 a sniper takes one target among those present; a knife stabs; no punch while a knife is held', () => {
    const m = toAction(
      at([
        { id: 'a', zone: 'campi', inventory: { 'sniper-rifle': 1, knife: 1, grenade: 1, vest: 1 } },
        { id: 'b', zone: 'campi' },
        { id: 'c', zone: 'paese' },
      ]),
    );
    expect(types(m, 'a')).toEqual(['shoot', 'stab', 'grenade', 'vest', 'shout']);
    expect(offer(m, 'a', 'shoot')).toEqual({
      type: 'shoot',
      slot: 'attack',
      fields: { targets: { kind: 'players', options: ['b'], min: 1, max: 1 } },
    });
    expect(offer(m, 'a', 'stab')!.fields.targets).toEqual({ kind: 'players', options: ['b'], min: 1, max: 1 });
    expect(offer(m, 'a', 'shout')).toEqual({ type: 'shout', slot: 'shout', fields: {} });
  });

  it('KG-5.2 the flamethrower takes as many targets as are present; fists punch', () => {
    const m = toAction(
      at([
        { id: 'a', zone: 'campi', inventory: { flamethrower: 1, 'gas-mask': 1, amulet: 1 } },
        { id: 'b', zone: 'campi' },
        { id: 'c', zone: 'campi' },
      ]),
    );
    expect(types(m, 'a')).toEqual(['shoot', 'punch', 'gas-mask', 'amulet', 'shout']);
    expect(offer(m, 'a', 'shoot')!.fields.targets).toEqual({ kind: 'players', options: ['b', 'c'], min: 1, max: 2 });
    expect(offer(m, 'a', 'punch')!.fields.targets).toEqual({ kind: 'players', options: ['b', 'c'], min: 1, max: 1 });
  });

  it('KG-4.3 alone in a zone there is nobody to attack; the dead and an ended match are offered nothing', () => {
    const m = toAction(
      at([
        { id: 'a', zone: 'campi', inventory: { knife: 1 } },
        { id: 'b', zone: 'paese' },
        { id: 'c', zone: 'paese' },
      ]),
    );
    expect(types(m, 'a')).toEqual(['shout']);
    m.remove('b');
    expect(offers(m, 'b')).toEqual([]);
    expect(killgame.available({ ...m.state, phase: null }, 'a', [])).toEqual([]);
    expect(killgame.available(m.state, 'nobody', [])).toEqual([]);
  });
});

function boardZones(m: Match): Array<{ id: string; start: boolean }> {
  return (killgame.view(m.state, { as: 'public' }) as { board: { map: { zones: Array<{ id: string; start: boolean }> } } }).board.map.zones;
}
const zonesOf = (m: Match) => boardZones(m).map((z) => z.id);
const order = (m: Match, zone: string) => zonesOf(m).indexOf(zone);
