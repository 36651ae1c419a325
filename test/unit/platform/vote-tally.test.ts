// The current ballots from the public ballot events (functions/service/toolkit/votes.ts ballotsOf), and the
// count the platform publishes, which is the ruleset's own tally of them (countOf, decision 13). The ballots
// must be those the close reads (decision 8, D49): with the slots' submission orders a ballot counts only
// while its submission still holds the slot, in that order. Without them (a record's history) the ballot
// events are replayed in their stored order.
import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../../engine/core/events.js';
import { seqPrefix } from '../../../engine/core/origin.js';
import { lupus } from '../../../engine/rulesets/lupus/index.js';
import { ballotsOf, countOf, hasPublicBallot } from '../../../functions/service/toolkit/votes.js';
import { table } from '../lupus/fixture.js';

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
const ballot = (voter: string, target: string | null) => ({ voter, target });

describe('the ballots replayed from the record', () => {
  it('LUP-8.2 one ballot per voter in the order of his latest casting; a moved vote counts once, where it went', () => {
    expect(
      ballotsOf([cast(1, 'p1', 'p4'), cast(2, 'p2', 'p5'), cast(3, 'p3', 'p4'), cast(4, 'p1', 'p5'), cast(5, 'p6', 'p5')]).ballots,
    ).toEqual([ballot('p2', 'p5'), ballot('p3', 'p4'), ballot('p1', 'p5'), ballot('p6', 'p5')]);
  });

  it('LUP-8.2 a withdrawn vote leaves the ballots; an abstention stays one; the chronology keeps every change', () => {
    const { ballots, history } = ballotsOf([cast(1, 'p1', 'p4'), cast(2, 'p2', null), withdraw(3, 'p1'), cast(4, 'p3', 'p4')]);
    expect(ballots).toEqual([ballot('p2', null), ballot('p3', 'p4')]);
    expect(history.map((h) => [h.voter, h.change, h.target, h.at])).toEqual([
      ['p1', 'vote', 'p4', T + 60_000],
      ['p2', 'abstain', null, T + 120_000],
      ['p1', 'withdraw', null, T + 180_000],
      ['p3', 'vote', 'p4', T + 240_000],
    ]);
  });

  it('LUP-8.2 a ballot with no target at all is an abstention', () => {
    const bare: StoredEvent = { ...cast(1, 'p1', null), event: { kind: 'vote-cast', to: 'public', voter: 'p1' } };
    expect(ballotsOf([bare]).ballots).toEqual([ballot('p1', null)]);
  });

  it('LUP-8.2 voters keep the order they voted in past the tenth ballot', () => {
    const seats = Array.from({ length: 14 }, (_, i) => `p${i + 1}`);
    const events = seats.slice(0, 12).map((voter, i) => cast(i, voter, 'p13'));
    expect(ballotsOf(events).ballots.map((b) => b.voter)).toEqual(seats.slice(0, 12));
  });

  it('ballots another reader may not see, and events that are not ballots, are not counted', () => {
    const secret: StoredEvent = { ...cast(1, 'p1', 'p2'), event: { kind: 'vote-cast', to: 'p1', voter: 'p1', target: 'p2' } };
    const chat: StoredEvent = { ...cast(2, 'p3', 'p2'), event: { kind: 'message', to: 'public', from: 'p3', text: 'p2!' } };
    expect(ballotsOf([secret, chat])).toEqual({ ballots: [], history: [] });
    expect(hasPublicBallot([secret, chat])).toBe(false);
    expect(hasPublicBallot([chat, withdraw(3, 'p1')])).toBe(true);
    expect(hasPublicBallot([cast(3, 'p1', null)])).toBe(true);
  });
});

describe("the count is the ruleset's tally", () => {
  const day = () => {
    const m = table('p1 p2 p3 p4 p5:zucca-semplice p6 p7:lupo-mannaro', { settings: { 'max-abstentions': 10 } });
    m.close();
    return m;
  };
  const names = Object.fromEntries(SEATS.map((id) => [id, id.toUpperCase()]));

  it("LUP-8.5 heads per target, most first then seat order, with the close's verdict; a dead voter counts for nobody", () => {
    const m = day();
    m.remove('p7');
    const c = countOf(
      lupus,
      m.state,
      [ballot('p1', 'p6'), ballot('p2', 'p5'), ballot('p3', 'p5'), ballot('p4', 'p6'), ballot('p7', 'p5'), ballot('p6', null)],
      names,
    )!;
    expect(c.unit).toBe('heads');
    expect(c.lines).toEqual([
      { target: 'p5', name: 'P5', count: 2, voters: ['p2', 'p3'], outcome: 'runoff', certain: false },
      { target: 'p6', name: 'P6', count: 2, voters: ['p1', 'p4'], outcome: 'runoff', certain: false },
    ]);
    expect([c.living, c.abstain, c.notVoting, c.barred, c.forced, c.decision]).toEqual([6, ['p6'], ['p5'], [], [], 'runoff']);
  });

  it('the ruleset says when a phase has no public vote: no count', () => {
    expect(countOf(lupus, table('p1 p2 p3:zucca-semplice p4:lupo-mannaro').state, [], names)).toBeNull();
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
    const counted = ballotsOf([a, b, c, d], held);
    expect(counted.ballots).toEqual([ballot('p2', 'p4'), ballot('p1', 'p5'), ballot('p3', 'p4')]);
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
    const counted = ballotsOf([a, b, cast(3, 'p3', 'p4')], held);
    expect(counted.ballots).toEqual([]);
  });

  it('decision 8, D49 the submissions order the voters even when their events were stored in another order', () => {
    const early = cast(1, 'p2', 'p6');
    const late = cast(5, 'p1', 'p6');
    const held = [
      { player: 'p1', owner: 'p1', slot: 'vote', order: orderOf(late) },
      { player: 'p2', owner: 'p2', slot: 'vote', order: orderOf(early) },
    ];
    expect(ballotsOf([late, early], held).ballots).toEqual([ballot('p2', 'p6'), ballot('p1', 'p6')]);
    // A ballot event for p2 that p1's slot holds is not p2's ballot.
    const forged = [{ player: 'p1', owner: 'p1', slot: 'vote', order: orderOf(early) }];
    expect(ballotsOf([late, early], forged).ballots).toEqual([]);
  });
});
