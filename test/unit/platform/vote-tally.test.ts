// The vote count from the public ballots (functions/service/toolkit/votes.ts countVotes, standings). The
// count must agree with the ballots the close reads (decision 8, D49): with the slots' submission orders a
// ballot counts only while its submission still holds the slot, in that order. Without them (a record's
// history) the ballot events are replayed in their stored order. LUP-8.5 / MAF-3.5: the most votes decide.
import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../../engine/core/events.js';
import { seqPrefix } from '../../../engine/core/origin.js';
import { countVotes, hasPublicBallot, standings } from '../../../functions/service/toolkit/votes.js';

const T = 1_780_000_000_000;
const SEATS = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'];

/** A public ballot event cast at minute `min` with its own salt; `target: null` abstains. */
function cast(min: number, voter: string, target: string | null, salt = `${String(min).padStart(4, '0')}aa`): StoredEvent {
  const origin = { kind: 'submission' as const, at: T + min * 60_000, salt };
  return { phase: 'day-1', seq: `${seqPrefix(origin)}000000`, origin, event: { kind: 'vote-cast', to: 'public', voter, target } };
}
function withdraw(min: number, voter: string): StoredEvent {
  const origin = { kind: 'submission' as const, at: T + min * 60_000, salt: `${String(min).padStart(4, '0')}bb` };
  return { phase: 'day-1', seq: `${seqPrefix(origin)}000000`, origin, event: { kind: 'vote-withdrawn', to: 'public', voter } };
}
const orderOf = (e: StoredEvent) => seqPrefix(e.origin);
const line = (target: string, voters: string[]) => ({ target, name: target, count: voters.length, voters });

describe('the count replayed from the record', () => {
  it('LUP-8.5 most votes first, voters in the order of their latest casting; a moved vote counts once, where it went', () => {
    const counted = countVotes([cast(1, 'p1', 'p4'), cast(2, 'p2', 'p5'), cast(3, 'p3', 'p4'), cast(4, 'p1', 'p5'), cast(5, 'p6', 'p5')], SEATS);
    expect(counted.lines).toEqual([line('p5', ['p2', 'p1', 'p6']), line('p4', ['p3'])]);
    expect(counted.notVoting).toEqual(['p4', 'p5', 'p7']);
    expect(counted.abstain).toEqual([]);
  });

  it('LUP-8.5 a withdrawn vote leaves the count; an abstention is listed apart and is not "not voting"', () => {
    const counted = countVotes([cast(1, 'p1', 'p4'), cast(2, 'p2', null), withdraw(3, 'p1'), cast(4, 'p3', 'p4')], SEATS);
    expect(counted.lines).toEqual([line('p4', ['p3'])]);
    expect(counted.abstain).toEqual(['p2']);
    expect(counted.notVoting).toEqual(['p1', 'p4', 'p5', 'p6', 'p7']);
    expect(counted.history.map((h) => [h.voter, h.change, h.target, h.at])).toEqual([
      ['p1', 'vote', 'p4', T + 60_000],
      ['p2', 'abstain', null, T + 120_000],
      ['p1', 'withdraw', null, T + 180_000],
      ['p3', 'vote', 'p4', T + 240_000],
    ]);
  });

  it('LUP-8.5 a ballot with no target at all is an abstention', () => {
    const bare: StoredEvent = { ...cast(1, 'p1', null), event: { kind: 'vote-cast', to: 'public', voter: 'p1' } };
    expect(countVotes([bare], SEATS)).toMatchObject({ lines: [], abstain: ['p1'] });
  });

  it('LUP-8.5 voters keep the order they voted in past the tenth ballot', () => {
    const seats = Array.from({ length: 14 }, (_, i) => `p${i + 1}`);
    const events = seats.slice(0, 12).map((voter, i) => cast(i, voter, 'p13'));
    expect(countVotes(events, seats).lines).toEqual([line('p13', seats.slice(0, 12))]);
  });

  it('LUP-8.5 a tie is listed in the order the candidates reached their count', () => {
    const counted = countVotes([cast(1, 'p1', 'p6'), cast(2, 'p2', 'p7'), cast(3, 'p3', 'p7'), cast(4, 'p4', 'p6')], SEATS);
    expect(counted.lines).toEqual([line('p7', ['p2', 'p3']), line('p6', ['p1', 'p4'])]);
  });

  it('LUP-8.5 a dead voter counts for nobody and is not listed as not voting; the majority is of the living', () => {
    const living = ['p1', 'p2', 'p3', 'p5', 'p6'];
    const counted = countVotes([cast(1, 'p4', 'p1'), cast(2, 'p1', 'p2'), cast(3, 'p7', null)], living);
    expect(counted.lines).toEqual([line('p2', ['p1'])]);
    expect(counted.abstain).toEqual([]);
    expect(counted.notVoting).toEqual(['p2', 'p3', 'p5', 'p6']);
    expect([counted.living, counted.majority]).toEqual([5, 3]);
    expect(countVotes([], SEATS.slice(0, 6)).majority).toBe(4);
    expect(countVotes([], SEATS.slice(0, 2)).majority).toBe(2);
    expect(countVotes([], SEATS.slice(0, 1)).majority).toBe(1);
  });

  it('ballots another reader may not see, and events that are not ballots, are not counted', () => {
    const secret: StoredEvent = { ...cast(1, 'p1', 'p2'), event: { kind: 'vote-cast', to: 'p1', voter: 'p1', target: 'p2' } };
    const chat: StoredEvent = { ...cast(2, 'p3', 'p2'), event: { kind: 'message', to: 'public', from: 'p3', text: 'p2!' } };
    const counted = countVotes([secret, chat], SEATS);
    expect(counted.lines).toEqual([]);
    expect(counted.history).toEqual([]);
    expect(hasPublicBallot([secret, chat])).toBe(false);
    expect(hasPublicBallot([chat, withdraw(3, 'p1')])).toBe(true);
    expect(hasPublicBallot([cast(3, 'p1', null)])).toBe(true);
  });
});

describe('the count of an open phase from the slots the close reads', () => {
  it('decision 8, D49 a ballot counts while its submission holds the slot, in the order of those submissions', () => {
    const a = cast(1, 'p1', 'p4');
    const b = cast(2, 'p2', 'p4');
    const c = cast(3, 'p1', 'p5'); // replaces a: p1's slot now holds c
    const d = cast(4, 'p3', 'p4');
    const held = [
      { player: 'p1', owner: 'p1', slot: 'vote', order: orderOf(c) },
      { player: 'p2', owner: 'p2', slot: 'vote', order: orderOf(b) },
      { player: 'p3', owner: 'p3', slot: 'vote', order: orderOf(d) },
    ];
    const counted = countVotes([a, b, c, d], SEATS, held);
    expect(counted.lines).toEqual([line('p4', ['p2', 'p3']), line('p5', ['p1'])]);
    expect(counted.notVoting).toEqual(['p4', 'p5', 'p6', 'p7']);
    expect(counted.history).toHaveLength(4);
  });

  it('decision 8, D49 a ballot whose slot was emptied, or is held by another submission than the event says, is not counted', () => {
    const a = cast(1, 'p1', 'p4');
    const b = cast(2, 'p2', 'p4');
    const held = [
      // p1 withdrew: the slot is gone. p2's slot is held by a submission whose ballot event is not among these.
      { player: 'p2', owner: 'p2', slot: 'vote', order: `${String(T + 9 * 60_000).padStart(15, '0')}-00ffff-` },
      // A slot with no submission order (an imported record) holds nothing for the count.
      { player: 'p3', owner: 'p3', slot: 'vote', order: null },
    ];
    const counted = countVotes([a, b, cast(3, 'p3', 'p4')], SEATS, held);
    expect(counted.lines).toEqual([]);
    expect(counted.notVoting).toEqual(SEATS);
  });

  it('decision 8, D49 the submissions order the voters even when their events were stored in another order', () => {
    const early = cast(1, 'p2', 'p6');
    const late = cast(5, 'p1', 'p6');
    const held = [
      { player: 'p1', owner: 'p1', slot: 'vote', order: orderOf(late) },
      { player: 'p2', owner: 'p2', slot: 'vote', order: orderOf(early) },
    ];
    expect(countVotes([late, early], SEATS, held).lines).toEqual([line('p6', ['p2', 'p1'])]);
    // A ballot event for p2 that p1's slot holds is not p2's ballot.
    const forged = [{ player: 'p1', owner: 'p1', slot: 'vote', order: orderOf(early) }];
    expect(countVotes([late, early], SEATS, forged).lines).toEqual([]);
  });
});

describe('standings under the rule', () => {
  const lines = (...counts: number[]) => counts.map((count, i) => ({ target: `p${i + 1}`, name: `p${i + 1}`, count, voters: [] }));
  const rule = { decides: 'most-votes', tie: 'runoff' } as const;

  it('LUP-8.5 the sole leader leads; tied leaders are each one vote short; everyone else, nothing', () => {
    expect(standings(lines(3, 2, 1), rule)).toEqual(['leads', null, null]);
    expect(standings(lines(2, 2, 1), rule)).toEqual(['one-short', 'one-short', null]);
    expect(standings(lines(1), rule)).toEqual(['leads']);
  });

  it('no rule, or no votes, gives no standing', () => {
    expect(standings(lines(3, 1), null)).toEqual([null, null]);
    expect(standings(lines(0, 0), rule)).toEqual([null, null]);
    expect(standings([], rule)).toEqual([]);
  });
});
