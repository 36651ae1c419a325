// Property tests: random legal play built from `available()` never throws, keeps the invariants,
// ends with exactly one outcome, and is deterministic for a seed (MAF-1.13, 2.5, 6.1, 4.6, 1.12, 10.3).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ActionInput, FieldSpec } from '../../../engine/core/types.js';
import { starterCatalog } from '../../../engine/rulesets/mafia/catalog.js';
import { mafia } from '../../../engine/rulesets/mafia/index.js';
import { SPECIALTIES } from '../../../engine/rulesets/mafia/ids.js';
import { Match } from './harness.js';
import type { Seat } from './harness.js';

const ITEMS = starterCatalog().items.map((i) => i.id);
const LEGENDARIES = starterCatalog()
  .items.filter((i) => i.rarity === 'legendary')
  .map((i) => i.id);

interface Plan {
  seed: number;
  players: number;
  specialties: number[];
  gifts: number[];
  picks: number[];
  phases: number;
}

const plan = fc.record({
  seed: fc.integer({ min: 0, max: 1_000_000 }),
  players: fc.integer({ min: 6, max: 12 }),
  specialties: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 12, maxLength: 12 }),
  gifts: fc.array(fc.integer({ min: 0, max: ITEMS.length * 3 }), { minLength: 12, maxLength: 12 }),
  picks: fc.array(fc.nat(), { minLength: 60, maxLength: 200 }),
  phases: fc.integer({ min: 2, max: 7 }),
});

/** Fills the fields of an available action from the pick stream. */
function fill(fields: Record<string, FieldSpec>, next: () => number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(fields)) {
    switch (spec.kind) {
      case 'player':
      case 'choice':
      case 'zone':
        if (spec.options.length && (spec.required || next() % 3 > 0)) out[name] = spec.options[next() % spec.options.length];
        break;
      case 'players':
        out[name] = spec.options.slice(0, spec.min);
        break;
      case 'counts': {
        const keys = Object.keys(spec.options);
        out[name] = Array.from({ length: spec.budget ?? 1 }, () => keys[next() % keys.length]);
        break;
      }
      case 'number':
        out[name] = spec.min;
        break;
      case 'boolean':
        out[name] = next() % 2 === 0;
        break;
      case 'text':
        out[name] = 'words';
        break;
    }
  }
  return out;
}

/** Plays a random match; returns the match and every refusal or acceptance seen. */
function play(p: Plan): { match: Match; log: string[] } {
  const seats: Seat[] = Array.from({ length: p.players }, (_, i) => {
    const gift = p.gifts[i]!;
    const seat: Seat = { id: `p${i + 1}`, specialty: SPECIALTIES[p.specialties[i]!]! };
    if (gift < ITEMS.length) seat.inventory = { [ITEMS[gift]!]: 1 };
    return seat;
  });
  // two players may not both hold one legendary: keep the first
  const seen = new Set<string>();
  for (const s of seats) {
    const item = Object.keys(s.inventory ?? {})[0];
    if (item && LEGENDARIES.includes(item)) {
      if (seen.has(item)) delete s.inventory;
      seen.add(item);
    }
  }
  const match = new Match(seats, { seed: `prop-${p.seed}` });
  let cursor = 0;
  const next = () => p.picks[cursor++ % p.picks.length]! + cursor;
  const log: string[] = [];
  for (let phase = 0; phase < p.phases && match.phase; phase++) {
    for (const player of match.state.players.map((x) => x.id)) {
      const options = mafia.available(match.state, player, match.pending);
      if (!options.length || next() % 4 === 0) continue;
      const chosen = options[next() % options.length]!;
      const action = { type: chosen.type, ...fill(chosen.fields, next) } as ActionInput;
      log.push(`${player} ${JSON.stringify(action)} → ${match.act(player, action)}`);
      if (next() % 9 === 0) log.push(`${player} withdraw → ${match.withdraw(player, chosen.slot)}`);
      if (next() % 11 === 0) log.push(`${player} post → ${match.post(player, 'public', 'hi')}`);
    }
    const night = match.phase?.startsWith('night') ?? false;
    const expected = new Map<string, number>();
    for (const a of match.pending) {
      if (a.action.type === 'last-words') continue;
      const to = a.owner === 'bandits' ? 'bandits' : a.player;
      expected.set(to, (expected.get(to) ?? 0) + 1);
    }
    const events = match.close();
    // MAF-10.3: one result per night action carried out or blocked
    if (night) {
      const results = new Map<string, number>();
      for (const e of events)
        if (e.kind === 'action-succeeded' || e.kind === 'action-failed') results.set(e.to, (results.get(e.to) ?? 0) + 1);
      expect(Object.fromEntries(results)).toEqual(Object.fromEntries(expected));
    }
    checkInvariants(match);
  }
  return { match, log };
}

function checkInvariants(m: Match): void {
  const s = m.state;
  const facts = mafia.facts(s);
  expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  const settings = s.settings;
  for (const p of s.players) {
    const st = facts.stats![p.id]!;
    expect(st['vote-strength']).toBeLessThanOrEqual(settings['vote-strength-cap']);
    expect(st['death-avoid']).toBeLessThanOrEqual(settings['death-avoid-cap']);
    expect(st['theft-avoid']).toBeLessThanOrEqual(settings['theft-avoid-cap']);
    for (const k of ['luck', 'curse', 'blessing'] as const) expect(st[k]).toBeLessThanOrEqual(settings['fortune-cap']);
    for (const v of Object.values(st)) expect(v).toBeGreaterThanOrEqual(0);
    // MAF-1.12: the dead hold nothing; the jailed only their starting items
    if (p.status === 'dead' || p.status === 'removed') expect(p.items).toEqual([]);
    if (p.status === 'jailed') expect(p.items.every((c) => c.starting)).toBe(true);
    for (const c of p.items) if (c.charges !== null) expect(c.charges).toBeGreaterThanOrEqual(0);
  }
  // MAF-4.6: a legendary is unique and a destroyed one is held by nobody
  for (const id of LEGENDARIES) {
    const copies = s.players.flatMap((p) => p.items).filter((c) => c.item === id).length;
    expect(copies).toBeLessThanOrEqual(1);
    if (s.destroyed.includes(id)) expect(copies).toBe(0);
  }
  // MAF-1.13: a winner closes the match, announced exactly once
  const ended = m.events.filter((e) => e.event.kind === 'match-ended');
  if (mafia.outcome(s) === null) {
    expect(ended).toHaveLength(0);
    expect(m.phase).not.toBeNull();
  } else {
    expect(ended).toHaveLength(1);
    expect(m.phase).toBeNull();
    expect(['town', 'bandits', 'draw']).toContain(mafia.outcome(s));
  }
}

describe('properties', () => {
  it('MAF-2.5 MAF-6.1 random legal play never throws and keeps the invariants', () => {
    let accepted = 0;
    let total = 0;
    fc.assert(
      fc.property(plan, (p) => {
        const { log } = play(p);
        accepted += log.filter((l) => l.endsWith('→ ok')).length;
        total += log.length;
      }),
      { numRuns: 25 },
    );
    // most generated actions come from available() and are accepted
    expect(accepted / total).toBeGreaterThan(0.6);
  });

  it('MAF-2.5 any malformed submission is refused with a reason, never thrown, and changes nothing', () => {
    const m = new Match(
      Array.from(
        { length: 8 },
        (_, i): Seat => ({ id: `p${i + 1}`, specialty: 'mage', inventory: { 'lucky-coin': 1, 'detective-loupe': 1 } }),
      ),
      { setup: { startPhase: 'night-1' } },
    );
    const before = JSON.stringify(m.state);
    const types = [...mafia.actions];
    fc.assert(
      fc.property(
        fc.constantFrom(...types),
        fc.dictionary(fc.constantFrom('target', 'item', 'rarity', 'set', 'subject', 'bonus', 'into', 'text', 'specialty'), fc.anything()),
        fc.constantFrom('p1', 'p2', 'nobody'),
        (type, fields, player) => {
          const verdict = mafia.validate(m.state, player, { ...fields, type }, []);
          if (!verdict.ok) expect(typeof verdict.reason).toBe('string');
        },
      ),
      { numRuns: 400 },
    );
    expect(JSON.stringify(m.state)).toBe(before);
  });

  it('MAF-1.13 a match played to its end has exactly one outcome', () => {
    let finished = 0;
    fc.assert(
      fc.property(plan, (p) => {
        const { match } = play({ ...p, phases: 40 });
        const ended = match.events.filter((e) => e.event.kind === 'match-ended');
        if (match.phase === null) finished++;
        expect(ended).toHaveLength(match.phase === null ? 1 : 0);
      }),
      { numRuns: 6 },
    );
    expect(finished).toBeGreaterThan(0);
  });

  it('MAF-0.2 the same seed and actions give the same events, byte for byte', () => {
    fc.assert(
      fc.property(plan, (p) => {
        const a = play(p);
        const b = play(p);
        expect(JSON.stringify(b.match.events)).toBe(JSON.stringify(a.match.events));
        expect(JSON.stringify(b.match.state)).toBe(JSON.stringify(a.match.state));
        expect(b.log).toEqual(a.log);
      }),
      { numRuns: 6 },
    );
  });
});
