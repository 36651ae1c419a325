// Property tests: random legal play built from available() never throws, keeps the invariants,
// ends with exactly one outcome, and is deterministic for a seed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ActionInput, AvailableAction } from '../../../engine/core/types.js';
import { lupus } from '../../../engine/rulesets/lupus/index.js';
import { DEALT_ROLES, ROLES } from '../../../engine/rulesets/lupus/roles.js';
import { counts } from '../../../engine/rulesets/lupus/victory.js';
import { Match } from './harness.js';
import { THIRTEEN } from './fixture.js';

/** Reasons a form built from available() may still meet (fields that depend on each other). */
const FORM_REJECTIONS = ['invalid-owl', 'invalid-mauler'];

class Tape {
  private i = 0;
  constructor(private readonly values: number[]) {}
  next(n: number): number {
    const v = this.values[this.i++ % this.values.length]!;
    return n <= 0 ? 0 : v % n;
  }
}

function fill(a: AvailableAction, tape: Tape): ActionInput {
  const action: ActionInput = { type: a.type };
  for (const [name, field] of Object.entries(a.fields)) {
    if ((field.kind === 'player' || field.kind === 'choice') && field.options.length > 0) {
      if (!field.required && tape.next(2) === 0) continue;
      action[name] = field.options[tape.next(field.options.length)];
    }
  }
  return action;
}

interface Run {
  events: string;
  winner: string | null;
  ended: number;
}

function play(seats: Array<{ id: string; role: string }>, seed: string, values: number[], settings: Record<string, unknown>): Run {
  const tape = new Tape(values);
  const m = new Match(seats, { seed, settings });
  for (let phase = 0; phase < 24 && m.phase; phase++) {
    for (const p of m.state.players) {
      if (!m.phase) break;
      if (tape.next(7) === 0 && p.alive && phase > 0 && tape.next(5) === 0) {
        m.remove(p.id);
        continue;
      }
      const options = lupus.available(m.state, p.id, m.pending);
      if (options.length === 0 || tape.next(4) === 0) continue;
      const action = fill(options[tape.next(options.length)]!, tape);
      const verdict = m.act(p.id, action);
      if (verdict !== 'ok') expect(FORM_REJECTIONS).toContain(verdict);
      if (tape.next(6) === 0) m.act(p.id, { type: 'post', channel: 'public', text: 'x' });
    }
    const seen = m.events.length;
    if (m.phase) m.close();
    checkInvariants(m, seen);
  }
  const ended = m.events.filter((e) => e.event.kind === 'match-ended').length;
  return { events: JSON.stringify(m.events), winner: m.state.winner, ended };
}

/** The state's invariants, and the audiences of the events produced since `from`. */
function checkInvariants(m: Match, from: number) {
  const s = m.state;
  expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  const facts = lupus.facts(s);
  expect(facts.alive.length + facts.dead.length).toBe(s.players.length);
  expect(s.phase === null).toBe(s.winner !== null);
  const { H, W, V } = counts(s);
  expect(Math.min(H, W, V)).toBeGreaterThanOrEqual(0);
  for (const p of s.players) {
    expect(p.told).toBe(ROLES[p.role].told);
    if (p.role === 'vampiro-progenie') expect(p.dracula).not.toBeNull();
    expect(p.abstentions).toBeGreaterThanOrEqual(0);
  }
  const ids = new Set([...s.players.map((p) => p.id), 'public', ...lupus.channels(s).map((c) => c.id)]);
  for (const e of m.events.slice(from)) {
    expect(typeof e.event.kind).toBe('string');
    expect(ids.has(e.event.to)).toBe(true);
  }
}

const customTable = fc
  .array(fc.constantFrom(...DEALT_ROLES), { minLength: 4, maxLength: 10 })
  .filter((roles) => roles.some((r) => ROLES[r].faction !== 'village'));

const seatsArb = fc.oneof(
  fc.constant(THIRTEEN.map(([, role], i) => ({ id: `p${i + 1}`, role }))),
  customTable.map((roles) => roles.map((role, i) => ({ id: `p${i + 1}`, role }))),
);

describe('properties', () => {
  it('LUP-5.4 random legal play never throws, keeps the invariants and gives at most one outcome, deterministically', () => {
    fc.assert(
      fc.property(
        seatsArb,
        fc.string({ minLength: 1, maxLength: 8 }),
        fc.array(fc.nat(1000), { minLength: 50, maxLength: 300 }),
        fc.record({
          'tie-rule': fc.constantFrom('runoff', 'no-lynch', 'random'),
          'max-abstentions': fc.integer({ min: 0, max: 3 }),
          splatter: fc.boolean(),
          cemetery: fc.boolean(),
        }),
        (seats, seed, values, settings) => {
          const a = play(seats, seed, values, settings);
          const b = play(seats, seed, values, settings);
          expect(b.events).toBe(a.events);
          expect(a.ended).toBe(a.winner === null ? 0 : 1);
        },
      ),
      { numRuns: 30 },
    );
  });
});
