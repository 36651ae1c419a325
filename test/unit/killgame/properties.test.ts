import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng, type Rng } from '../../../engine/core/rng.js';
import type { ActionInput, FieldSpec } from '../../../engine/core/types.js';
import { killgame } from '../../../engine/rulesets/killgame/index.js';
import { Match } from './harness.js';

/** A random value for one form field, from the options `available()` offers. */
function fill(spec: FieldSpec, rng: Rng): unknown {
  switch (spec.kind) {
    case 'zone':
    case 'choice':
      return spec.options.length ? rng.pick(spec.options) : undefined;
    case 'player':
      return spec.options.length && rng.chance(80) ? rng.pick(spec.options) : undefined;
    case 'players': {
      const n = rng.int(spec.min, Math.min(spec.max, 3));
      return Array.from({ length: n }, () => rng.pick(spec.options));
    }
    case 'counts': {
      const basket: Record<string, number> = {};
      for (const item of Object.keys(spec.options)) if (rng.chance(15)) basket[item] = rng.int(0, 2);
      return basket;
    }
    case 'number':
      return rng.int(spec.min, Math.min(spec.max, 3));
    default:
      return undefined;
  }
}

/** Plays a whole random match; returns the log and the match. */
function play(seed: number, players: number, mode: string, checkMode: boolean): Match {
  const m = new Match({
    players: Array.from({ length: players }, (_, i) => ({ id: `p${i + 1}` })),
    settings: { mode, monsters: 3, 'check-mode': checkMode, 'k-rations': seed % 2 === 0 },
    seed: `prop-${seed}`,
  });
  const choose = createRng(`choices-${seed}`, 'natural', 'x');
  for (let phase = 0; phase < 60 && m.phase !== null; phase++) {
    for (const p of m.state.players) {
      if (!p.alive || m.phase === null) continue;
      const offers = killgame.available(m.state, p.id, m.pending);
      for (const offer of offers) {
        if (!choose.chance(45)) continue;
        const action: ActionInput = { type: offer.type };
        for (const [name, spec] of Object.entries(offer.fields)) {
          const v = fill(spec, choose);
          if (v !== undefined) action[name] = v;
        }
        m.act(p.id, action);
      }
      const mine = m.pending.filter((x) => x.owner === p.id);
      if (mine.length && choose.chance(10)) m.act(p.id, { type: 'withdraw', slot: choose.pick(mine).slot });
      if (checkMode && m.phase !== null && choose.chance(50)) m.act(p.id, { type: 'check' });
    }
    if (m.phase !== null && choose.chance(3) && m.state.players.filter((x) => x.alive).length > 1) {
      m.remove(choose.pick(m.state.players.filter((x) => x.alive)).id);
    }
    if (m.phase !== null) m.close();
    invariants(m);
  }
  return m;
}

function invariants(m: Match): void {
  const s = m.state;
  for (const p of s.players) {
    expect(p.energy).toBeLessThanOrEqual(25);
    if (!p.alive) {
      expect(p.energy).toBe(0);
      expect(p.zone).toBeNull();
    } else {
      expect(p.energy).toBeGreaterThan(0);
      if (s.phase && !(s.phase.kind === 'tactic' && s.phase.turn === 1)) expect(p.zone).not.toBeNull();
    }
    expect(p.poison).toBeGreaterThanOrEqual(0);
    expect(p.persuasion).toBeGreaterThanOrEqual(0);
    expect(p.persuasion).toBeLessThanOrEqual(100);
    for (const n of Object.values(p.inventory)) expect(n).toBeGreaterThan(0);
    expect(Object.values(p.inventory).length).toBeLessThanOrEqual(20);
    expect(p.tokens).toBeGreaterThanOrEqual(0);
  }
  const zones = s.monsters.filter((x) => x.alive).map((x) => x.zone);
  expect(new Set(zones).size).toBe(zones.length);
  expect(s.phase === null).toBe(killgame.outcome(s) !== null);
  expect(JSON.parse(JSON.stringify(s))).toEqual(s);
}

describe('properties', () => {
  it('KG-1.5 KG-0.4 random legal matches never throw, keep the invariants, end once, and replay identically', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 2, max: 6 }),
        fc.constantFrom('free-for-all', 'teams', 'districts'),
        fc.boolean(),
        (seed, players, mode, checkMode) => {
          const n = mode === 'districts' ? Math.max(3, players) : players;
          const m = play(seed, n, mode, checkMode);
          const ended = m.log.filter((e) => e.event.kind === 'match-ended');
          expect(ended.length).toBeLessThanOrEqual(1);
          if (m.phase === null) expect(ended).toHaveLength(1);
          const again = play(seed, n, mode, checkMode);
          expect(JSON.stringify(again.log)).toBe(JSON.stringify(m.log));
        },
      ),
      { numRuns: 20 },
    );
  }, 60_000);
});
