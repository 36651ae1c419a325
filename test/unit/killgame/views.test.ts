// KG-16.3 what each reader's view holds: the public board, a player's own sheet, the GM's state.
import { describe, expect, it } from 'vitest';
import { seatOf } from '../../../engine/core/seats.js';
import { killgame } from '../../../engine/rulesets/killgame/index.js';
import type { MapDef } from '../../../engine/rulesets/killgame/map.js';
import { buyPrice, sellPrice } from '../../../engine/rulesets/killgame/market.js';
import type { KillGameState } from '../../../engine/rulesets/killgame/state.js';
import { at, type Match } from './helpers.js';

/** a–b–c in a line, c and d final and adjacent, d central. */
const tiny = (): MapDef => ({
  name: 'Tiny',
  initialZone: 'a',
  centralZone: 'd',
  finalZones: ['c', 'd'],
  zones: [
    { id: 'a', name: 'A', closes: 1, start: true, x: 0, y: 0, neighbours: ['b'] },
    { id: 'b', name: 'B', closes: 2, start: true, x: 10, y: 0, neighbours: ['c', 'a'] },
    { id: 'c', name: 'C', closes: null, start: true, x: 20, y: 0, neighbours: ['b', 'd'] },
    { id: 'd', name: 'D', closes: null, start: false, x: 30, y: 0, neighbours: ['c'] },
  ],
});

const onTiny = (players: Array<{ id: string } & Record<string, unknown>>, settings: Record<string, unknown> = {}) =>
  at(players, { settings: { map: 'custom', 'custom-map': tiny(), ...settings } });

type Board = {
  map: unknown;
  turn: number | null;
  closed: string[];
  closing: string[];
  doubleDamage: boolean;
  market: { regime: string; buy: Record<string, number>; sell: Record<string, number> } | null;
  monsters: unknown[];
  winner: string | null;
  here?: unknown;
};
type Sheet = {
  me: Record<string, unknown> & { statuses: { reloading: boolean; poisoned: boolean } };
  known: unknown;
  board: Board;
  players: unknown;
  phase: string | null;
};

const publicView = (state: KillGameState) =>
  killgame.view(state, { as: 'public' }) as { phase: string | null; players: unknown; board: Board };
const sheet = (m: Match | KillGameState, id: string) => killgame.view('state' in m ? m.state : m, { as: 'player', id }) as Sheet;

/** What is for sale with K rations off (KG-13.4): weapons, explosives and items, never options. */
const GOODS = [
  'sniper-rifle',
  'machine-gun',
  'shotgun',
  'flamethrower',
  'crossbow',
  'knife',
  'ninja-knife',
  'rambo-knife',
  'grenade',
  'c4',
  'smoke-grenade',
  'gas-canister',
  'medikit',
  'vest',
  'gas-mask',
  'antidote',
  'amulet',
];

describe('KG-16.3 the public view: the board, never positions', () => {
  it('KG-16.3 KG-9.3 KG-13.4 the map in map order, closed and closing zones, the market of the regime, the monsters', () => {
    const m = onTiny([
      { id: 'p', zone: 'b' },
      { id: 'q', zone: 'c' },
    ]);
    const v = publicView(m.state);
    expect(v.phase).toBe('tactic-2');
    expect(v.players).toEqual(m.state.players.map(seatOf));
    const regime = m.state.regime!;
    expect(v.board).toEqual({
      map: {
        name: 'Tiny',
        initialZone: 'a',
        centralZone: 'd',
        finalZones: ['c', 'd'],
        zones: [
          { id: 'a', name: 'A', x: 0, y: 0, closes: 1, start: true, neighbours: ['b'] },
          // Listed as c, a: shown in map order (KG-0.5).
          { id: 'b', name: 'B', x: 10, y: 0, closes: 2, start: true, neighbours: ['a', 'c'] },
          { id: 'c', name: 'C', x: 20, y: 0, closes: null, start: true, neighbours: ['b', 'd'] },
          { id: 'd', name: 'D', x: 30, y: 0, closes: null, start: false, neighbours: ['c'] },
        ],
      },
      turn: 2,
      // a closed at the end of turn 1; b closes at the end of this one.
      closed: ['a'],
      closing: ['b'],
      doubleDamage: false,
      market: {
        regime,
        buy: Object.fromEntries(GOODS.map((i) => [i, buyPrice(m.state.settings, regime, i)])),
        sell: Object.fromEntries(GOODS.map((i) => [i, sellPrice(m.state.settings, i)])),
      },
      monsters: [],
      winner: null,
    });
    expect(v.board.market!.sell.vest).toBe(35);
    expect(JSON.stringify(v)).not.toMatch(/"zone"/);
  });

  it('KG-13.4 KG-13.1 rations are on sale when they are on; there is no market in an action phase', () => {
    const m = onTiny(
      [
        { id: 'p', zone: 'b' },
        { id: 'q', zone: 'c' },
      ],
      { 'k-rations': true },
    );
    expect(Object.keys(publicView(m.state).board.market!.buy)).toEqual([...GOODS, 'k-ration']);
    m.close();
    expect(publicView(m.state).board.market).toBeNull();
    expect(publicView(m.state).board.closing).toEqual(['b']);
  });

  it('KG-11.3 KG-16.3 monsters show species and life, not where they are', () => {
    const m = at(
      [
        { id: 'p', zone: 'campi' },
        { id: 'q', zone: 'campi' },
      ],
      {
        setup: { monsters: [{ id: 'm1', species: 'lupo-nero', zone: 'ruderi' }] },
      },
    );
    expect(publicView(m.state).board.monsters).toEqual([{ id: 'm1', species: 'lupo-nero', alive: true }]);
  });

  it('KG-16.3 once the match is over there is no turn and nothing is closing', () => {
    const m = onTiny([
      { id: 'p', zone: 'b' },
      { id: 'q', zone: 'c' },
    ]);
    const over: KillGameState = { ...m.state, phase: null };
    const v = publicView(over);
    expect(v.phase).toBeNull();
    expect(v.board.turn).toBeNull();
    expect(v.board.closing).toEqual([]);
    expect(sheet(over, 'p').board.here).toBeNull();
  });
});

describe("KG-16.3 a player's own sheet", () => {
  it('KG-1.3 KG-16.3 his team, zone, stats, backpack and statuses; his team-mates and nobody else', () => {
    const m = at(
      [
        {
          id: 'a',
          zone: 'campi',
          team: 'team-1',
          inventory: { knife: 1, vest: 2 },
          energy: 20,
          tokens: 7,
          approval: 3,
          persuasion: 50,
          poison: 1,
        },
        { id: 'b', zone: 'campi', team: 'team-2' },
        { id: 'c', zone: 'paese', team: 'team-1' },
      ],
      { settings: { mode: 'teams', teams: 2 } },
    );
    const v = sheet(m, 'a');
    expect(v.phase).toBe('tactic-2');
    expect(v.me).toEqual({
      ...seatOf(m.player('a')),
      team: 'team-1',
      faction: 'team-1',
      zone: 'campi',
      stats: { energy: 20, approval: 3, persuasion: 50, tokens: 7, poison: 1 },
      inventory: { knife: 1, vest: 2 },
      statuses: { reloading: false, poisoned: true },
    });
    expect(v.known).toEqual({ c: { faction: 'team-1' } });
    expect(v.board.here).not.toBeNull();
    expect(v.players).toEqual(m.state.players.map(seatOf));
  });

  it('KG-16.3 in free-for-all the sheet has no team, and the poison status follows the poison', () => {
    const m = at([
      { id: 'a', zone: 'campi' },
      { id: 'b', zone: 'campi' },
    ]);
    const v = sheet(m, 'a');
    expect(v.me).not.toHaveProperty('team');
    expect(v.me).not.toHaveProperty('faction');
    expect(v.known).toEqual({});
    expect(v.me.statuses).toEqual({ reloading: false, poisoned: false });
  });

  it('KG-5.4 the reloading status shows only in the action phase right after the shot', () => {
    const m = at([
      { id: 'a', zone: 'campi', inventory: { 'machine-gun': 1 }, reloading: true },
      { id: 'b', zone: 'campi' },
    ]);
    expect(sheet(m, 'a').me.statuses.reloading).toBe(false);
    m.close();
    expect(sheet(m, 'a').me.statuses.reloading).toBe(true);
    m.close();
    m.close();
    // action-3: the shot was in action-1.
    expect(m.phase).toBe('action-3');
    expect(sheet(m, 'a').me.statuses.reloading).toBe(false);
  });

  it('KG-16.3 a dead player sees no zone around him; an unknown id sees what the public sees', () => {
    const m = at([
      { id: 'a', zone: 'campi' },
      { id: 'b', zone: 'campi' },
      { id: 'c', zone: 'campi' },
    ]);
    m.remove('a');
    expect(sheet(m, 'a').board.here).toBeNull();
    expect(killgame.view(m.state, { as: 'player', id: 'nobody' })).toEqual(publicView(m.state));
    expect(m.facts().alive).toEqual(['b', 'c']);
    expect(m.facts().dead).toEqual(['a']);
  });

  it('KG-16.3 the GM sees the whole state', () => {
    const m = at([
      { id: 'a', zone: 'campi' },
      { id: 'b', zone: 'campi' },
    ]);
    expect(killgame.view(m.state, { as: 'gm' })).toEqual({ phase: 'tactic-2', state: m.state });
  });
});
