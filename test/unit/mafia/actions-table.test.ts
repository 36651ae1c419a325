// MAF-2.3, 2.5: the action table's own refusals (a match over, an unknown or unreadable action) and
// D49, the public withdrawal of a day vote replaced by another action of the same player's basic slot.
import { describe, expect, it } from 'vitest';
import type { ActionInput } from '../../../engine/core/types.js';
import { mafia } from '../../../engine/rulesets/mafia/index.js';
import { eight } from './harness.js';

const UNKNOWN = { ok: false, reason: 'not-allowed', message: 'Unknown action.' };

describe('MAF-2.5 the action table refuses what it cannot dispatch', () => {
  it('MAF-1.13 D38 MAF-2.5 once the match is over every action is refused wrong-phase, "The match is over."', () => {
    const m = eight();
    const over = { ...m.state, phase: null };
    expect(mafia.validate(over, 't1', { type: 'vote', target: 't2' }, [])).toEqual({
      ok: false,
      reason: 'wrong-phase',
      message: 'The match is over.',
    });
    expect(mafia.validate(over, 't1', { type: 'dance' }, [])).toEqual({ ok: false, reason: 'wrong-phase', message: 'The match is over.' });
  });

  it('MAF-2.3 MAF-2.5 a missing action, a type that is no string, and a type outside the table (inherited names included) are refused "Unknown action."', () => {
    const m = eight();
    const refusals = [
      null,
      undefined,
      {},
      { type: 5 },
      { type: 'dance' },
      { type: 'toString' },
      { type: 'hasOwnProperty' },
      { type: 'post' },
    ].map((action) => mafia.validate(m.state, 't1', action as unknown as ActionInput, m.pending));
    expect(refusals).toEqual(Array(8).fill(UNKNOWN));
  });

  it('MAF-2.3 a type that only reads as an action name (a list, an object) is refused, not dispatched', () => {
    const m = eight();
    const named = { toString: () => 'find-map' };
    expect(mafia.validate(m.state, 't1', { type: ['vote'], target: 't2' } as unknown as ActionInput, m.pending)).toEqual(UNKNOWN);
    expect(mafia.validate(m.state, 't1', { type: named } as unknown as ActionInput, m.pending)).toEqual(UNKNOWN);
  });

  it('MAF-2.5 an action whose fields cannot be read is refused, never thrown: "That action could not be read."', () => {
    const m = eight();
    const action = { type: 'vote' } as ActionInput;
    Object.defineProperty(action, 'target', {
      enumerable: true,
      get() {
        throw new Error('unreadable');
      },
    });
    expect(mafia.validate(m.state, 't1', action, m.pending)).toEqual({
      ok: false,
      reason: 'not-allowed',
      message: 'That action could not be read.',
    });
  });
});

describe('D49 MAF-2.4 a replaced vote is withdrawn publicly', () => {
  const table = () => eight({ t1: { inventory: { megaphone: 1, gag: 1 } } });

  it("D49 MAF-3.8 a find-map replacing his own vote carries exactly one vote-withdrawn; another player's find-map carries none", () => {
    const m = table();
    m.play([['t1', { type: 'vote', target: 'b1' }]]);
    expect(mafia.validate(m.state, 't3', { type: 'find-map' }, m.pending)).toEqual({
      ok: true,
      slot: 'basic',
      owner: 't3',
      action: { type: 'find-map' },
    });
    expect(mafia.validate(m.state, 't1', { type: 'find-map' }, m.pending)).toEqual({
      ok: true,
      slot: 'basic',
      owner: 't1',
      action: { type: 'find-map' },
      events: [{ kind: 'vote-withdrawn', to: 'public', voter: 't1' }],
    });
  });

  it('D49 MAF-3.11 a basic day item after his vote announces the withdrawal before the use; an instant one leaves the vote alone', () => {
    const m = table();
    m.play([['t1', { type: 'vote', target: 'b1' }]]);
    expect(mafia.validate(m.state, 't1', { type: 'use-item', item: 'megaphone' }, m.pending)).toEqual({
      ok: true,
      slot: 'instant',
      owner: 't1',
      action: { type: 'use-item', item: 'megaphone' },
      events: [{ kind: 'day-item-used', to: 'public', player: 't1', item: 'megaphone' }],
    });
    expect(mafia.validate(m.state, 't1', { type: 'use-item', item: 'gag', target: 't2' }, m.pending)).toEqual({
      ok: true,
      slot: 'basic',
      owner: 't1',
      action: { type: 'use-item', item: 'gag', target: 't2' },
      events: [
        { kind: 'vote-withdrawn', to: 'public', voter: 't1' },
        { kind: 'day-item-used', to: 'public', player: 't1', item: 'gag', target: 't2' },
      ],
    });
  });

  it('D49 MAF-2.4 a vote after a find-map is a plain vote: only its vote-cast', () => {
    const m = table();
    m.play([['t1', { type: 'find-map' }]]);
    expect(mafia.validate(m.state, 't1', { type: 'vote', target: 'b2' }, m.pending)).toEqual({
      ok: true,
      slot: 'basic',
      owner: 't1',
      action: { type: 'vote', target: 'b2' },
      events: [{ kind: 'vote-cast', to: 'public', voter: 't1', target: 'b2' }],
    });
  });
});
