// What Lupus tells the platform beside its rules: seats, phase lengths, slot owners, withdrawals,
// checks, the roster, the channels, the public ballots and their vote rule, a forced end.
import { describe, expect, it } from 'vitest';
import { createRng } from '../../../engine/core/rng.js';
import { lupus } from '../../../engine/rulesets/lupus/index.js';
import { settingsSchema } from '../../../engine/rulesets/lupus/settings.js';
import { afterDayOne, burn, NINE, skipTo, table } from './fixture.js';

const settings = (given: Record<string, unknown> = {}) => settingsSchema.parse(given);

/** Day 1 ties a and w1 2–2; the run-off opens (LUP-8.5 tie-rule runoff). */
function toRunoff() {
  const m = afterDayOne(NINE, { b: 'w1', c: 'w1', w1: 'a', w2: 'a' }, { settings: { 'max-abstentions': 10 } });
  expect(m.phase).toBe('runoff-1');
  return m;
}

describe('Lupus and the platform', () => {
  it('LUP-4.2 a table seats player-count players', () => {
    expect(lupus.seats!(settings())).toEqual({ max: 13 });
    expect(
      lupus.seats!(
        settings({
          'player-count': 7,
          roles: ['zucca-semplice', 'zucca-semplice', 'zucca-semplice', 'zucca-semplice', 'zucca-semplice', 'lupo-mannaro', 'lupo-mannaro'],
        }),
      ),
    ).toEqual({ max: 7 });
  });

  it('LUP-5.2 each phase lasts its own kind’s minutes', () => {
    const s = settings({ 'night-minutes': 60, 'day-minutes': 120, 'runoff-minutes': 30 });
    const m = toRunoff();
    expect(lupus.timing!(m.state, s)).toEqual({ minutes: 30 });
    m.close();
    expect(m.phase).toBe('night-2');
    expect(lupus.timing!(m.state, s)).toEqual({ minutes: 60 });
    m.close();
    expect(lupus.timing!(m.state, s)).toEqual({ minutes: 120 });
  });

  it('LUP-1.5 the maul belongs to the pack; every other slot, and a villager’s maul slot, to the player', () => {
    const m = table(NINE);
    expect(lupus.slotOwner!(m.state, 'w1', 'maul')).toBe('pack');
    expect(lupus.slotOwner!(m.state, 'w3', 'maul')).toBe('pack');
    expect(lupus.slotOwner!(m.state, 'w1', 'ballot')).toBe('w1');
    expect(lupus.slotOwner!(m.state, 'a', 'maul')).toBe('a');
    expect(lupus.slotOwner!(m.state, 'nobody', 'maul')).toBe('nobody');
    expect(lupus.groups!(m.state, 'w2')).toEqual(['pack']);
    expect(lupus.groups!(m.state, 'seer')).toEqual([]);
  });

  it('LUP-8.2 withdrawing a day ballot is public; a run-off ballot or a night action is withdrawn silently; the dead withdraw nothing', () => {
    const m = table(NINE, { settings: { 'max-abstentions': 10 } });
    skipTo(m, 'day-1');
    const ballot = { player: 'a', owner: 'a', slot: 'ballot', action: { type: 'vote', target: 'b' }, seq: 1 };
    expect(lupus.withdraw!(m.state, 'a', ballot, [ballot])).toEqual({
      ok: true,
      events: [{ kind: 'vote-withdrawn', to: 'public', voter: 'a' }],
    });
    const r = toRunoff();
    expect(lupus.withdraw!(r.state, 'a', ballot, [ballot])).toEqual({ ok: true, events: [] });
    burn(m, 'e');
    expect(m.phase).toBe('night-2');
    const investigate = { player: 'seer', owner: 'seer', slot: 'investigate', action: { type: 'investigate', target: 'a' }, seq: 2 };
    expect(lupus.withdraw!(m.state, 'seer', investigate, [investigate])).toEqual({ ok: true, events: [] });
    expect(lupus.withdraw!(m.state, 'e', { ...ballot, player: 'e', owner: 'e' }, [])).toMatchObject({ ok: false, reason: 'not-alive' });
  });

  it('LUP-5.6 the living may check, the dead may not; the roster says who lives', () => {
    const m = table(NINE, { settings: { 'max-abstentions': 10 } });
    skipTo(m, 'day-1');
    burn(m, 'e');
    expect(lupus.mayCheck!(m.state, 'a')).toBeNull();
    expect(lupus.mayCheck!(m.state, 'e')).toMatchObject({ ok: false, reason: 'not-alive' });
    expect(lupus.mayCheck!(m.state, 'nobody')).toMatchObject({ ok: false, reason: 'not-alive' });
    const roster = lupus.roster!(m.state);
    expect(roster.map((p) => p.id)).toEqual(['seer', 'a', 'b', 'c', 'd', 'e', 'w1', 'w2', 'w3']);
    expect(roster.filter((p) => !p.alive).map((p) => p.id)).toEqual(['e']);
  });

  it('LUP-12 the channels: the public square, the pack, the cemetery, a spirit channel per contact and the spirit pseudonym', () => {
    expect(lupus.channelPatterns).toEqual(['public', 'pack', 'cemetery', 'spirit-{player}', 'spirit']);
  });

  it('LUP-8.2 LUP-8.5 day ballots are public and the ruleset counts them, a tie by tie-rule; run-off and night have no public count', () => {
    for (const [tieRule, verdict] of [
      ['runoff', 'runoff'],
      ['no-lynch', 'spared'],
      ['random', 'lot'],
    ] as const) {
      const m = table(NINE, { settings: { 'max-abstentions': 10, 'tie-rule': tieRule } });
      expect(m.phase).toBe('night-1');
      expect(lupus.publicVotes!(m.state)).toBe(false);
      expect(lupus.tally(m.state, [])).toBeNull();
      m.close();
      expect(lupus.publicVotes!(m.state)).toBe(true);
      const [a, b, c, d] = m.state.players.filter((p) => p.alive).map((p) => p.id);
      const board = lupus.tally(m.state, [
        { voter: a!, target: c! },
        { voter: b!, target: d! },
      ])!;
      expect(board.unit).toBe('heads');
      expect(board.decision).toBe(verdict === 'spared' ? 'nobody' : verdict);
      expect(board.lines.map((l) => [l.target, l.count, l.outcome])).toEqual([
        [c, 1, verdict],
        [d, 1, verdict],
      ]);
    }
    const r = toRunoff();
    expect(lupus.publicVotes!(r.state)).toBe(false);
    expect(lupus.tally(r.state, [])).toBeNull();
  });

  it('LUP-11.5 a forced end leaves no phase, names the winners and changes nothing it was given', () => {
    const m = table(NINE);
    const before = JSON.stringify(m.state);
    const ended = lupus.forceEnd!(m.state, 'pack');
    expect(JSON.stringify(m.state)).toBe(before);
    expect(lupus.phase(ended)).toBeNull();
    expect(lupus.outcome(ended)).toBe('pack');
    expect([...(ended as { winners: string[] }).winners].sort()).toEqual(['w1', 'w2', 'w3']);
    // Resolving an ended match does nothing.
    const again = lupus.resolve(ended, [], createRng('x', 'natural', 'resolve'));
    expect(again.events).toEqual([]);
    expect(JSON.stringify(again.state)).toBe(JSON.stringify(ended));
  });
});
