// LUP-1.2 / LUP-4.3 / LUP-8.5 / LUP-8.7: every random pick is uniform over its candidates in seat order.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../engine/core/rng.js';
import { catCurse } from '../../../engine/rulesets/lupus/curse.js';
import { lupus } from '../../../engine/rulesets/lupus/index.js';
import type { LupusState } from '../../../engine/rulesets/lupus/index.js';
import { table, votes } from './fixture.js';

const N = 3000;

/** Each share within ±tol of 1/k. */
function expectUniform(counts: Record<string, number>, keys: string[], total: number, tol = 0.035) {
  expect(Object.keys(counts).sort()).toEqual([...keys].sort());
  for (const k of keys) expect(Math.abs(counts[k]! / total - 1 / keys.length)).toBeLessThan(tol);
}

describe('uniform random picks', () => {
  it('LUP-4.3 the natural deal gives every seat every role with equal odds', () => {
    const roles = ['lupo-mannaro', 'bardo', 'strega', 'zucca-semplice', 'dracula'];
    const settings = lupus.settings.parse({ 'player-count': 5, roles });
    const firstSeat: Record<string, number> = {};
    const lastSeat: Record<string, number> = {};
    for (let i = 0; i < N; i++) {
      const { state } = lupus.setup({
        players: ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, name: id, options: {}, fixed: {} })),
        settings,
        rng: createRng(`deal-${i}`, 'natural', 'setup'),
        setup: {},
      });
      firstSeat[state.players[0]!.role] = (firstSeat[state.players[0]!.role] ?? 0) + 1;
      lastSeat[state.players[4]!.role] = (lastSeat[state.players[4]!.role] ?? 0) + 1;
    }
    expectUniform(firstSeat, roles, N);
    expectUniform(lastSeat, roles, N);
  });

  it('LUP-8.5 tie-rule random burns each tied player with equal odds', () => {
    const m = table('a b c:zucca-semplice w x:lupo-mannaro y z:zucca-semplice', { settings: { 'tie-rule': 'random' } });
    m.close();
    m.play(votes({ w: 'a', y: 'c', z: 'x' }));
    const dead: Record<string, number> = {};
    for (let i = 0; i < N; i++) {
      const { state } = lupus.resolve(m.state, m.pending, createRng(`tie-${i}`, 'natural', 'day-1'));
      const burnt = (state as LupusState).players.filter((p) => !p.alive).map((p) => p.id);
      expect(burnt).toHaveLength(1);
      dead[burnt[0]!] = (dead[burnt[0]!] ?? 0) + 1;
    }
    expectUniform(dead, ['a', 'c', 'x'], N);
  });

  it("LUP-8.7 the cat's curse falls on each candidate with equal odds", () => {
    const m = table('cat:gatto-nero a:zucca-semplice b:bambina c:zucca-semplice d:veggente-gufato w:lupo-mannaro');
    m.state.day = { n: 1, ballots: { cat: null, a: 'cat', b: null, c: 'cat', d: null, w: 'cat' }, forced: [] };
    m.state.players[0]!.alive = false;
    const cursed: Record<string, number> = {};
    for (let i = 0; i < N; i++) {
      const s = structuredClone(m.state);
      catCurse(s, s.players[0]!, createRng(`curse-${i}`, 'natural', 'day-1'));
      const hit = s.players.filter((p) => p.cursed).map((p) => p.id);
      expect(hit).toHaveLength(1);
      cursed[hit[0]!] = (cursed[hit[0]!] ?? 0) + 1;
    }
    expectUniform(cursed, ['a', 'b', 'c', 'd'], N);
  });
});
