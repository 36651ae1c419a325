// The reads a submission keeps per process (functions/service/warm-reads.ts, issue 17): what a warm
// submission may validate on, and when it must read afresh. Called directly, with META, players and slots
// read from the real store (DynamoDB Local through the AWS adapter).
import { beforeAll, describe, expect, it } from 'vitest';
import { KeptReads, keptReads } from '../../functions/service/warm-reads.js';
import type { MatchMeta, OwnSlots, PlayerRecord } from '../../functions/records.js';
import { SEVEN, startSeven, type SevenMatch } from '../integration/lupus-table.js';
import { handClock } from '../setup/clock.js';
import { useStack } from '../setup/stack.js';

const clock = handClock();
const { stack, api } = useStack({ clock, sweepEveryMs: 3_600_000 });

let m: SevenMatch;
let meta: MatchMeta;
let anna: PlayerRecord;
let bruno: PlayerRecord;
let slots: Record<string, OwnSlots>;
let lobby: MatchMeta;
let other: MatchMeta;
beforeAll(async () => {
  const created = api.post('/api/matches', {
    ruleset: 'lupus',
    name: 'Still a lobby',
    settings: { 'player-count': 7, roles: SEVEN.map((p) => p.role) },
  });
  m = await startSeven(api, {}, 'warm-reads');
  const store = stack.ports.store;
  meta = (await store.getMeta(m.matchId))!;
  anna = (await store.getPlayer(m.matchId, 'anna'))!;
  bruno = (await store.getPlayer(m.matchId, 'bruno'))!;
  const owned = await store.readOwnSlots(m.matchId, meta.phase!, ['anna', 'bruno'], meta.version);
  slots = Object.fromEntries(owned.map((s) => [s.owner, s]));
  lobby = (await store.getMeta((await created).body.matchId))!;
  // Another match: the lobby serves (its phase and version are set where a test needs them).
  other = lobby;
});

describe('kept reads', () => {
  it('issue 17 nothing kept: a submission reads META, the seat and the slots from the store', () => {
    const kept = new KeptReads();
    expect(kept.of(m.matchId, 'anna')).toBeNull();
    expect(meta.phase).not.toBeNull();
    expect(slots.anna).toMatchObject({ owner: 'anna' });
    expect(slots.bruno).toMatchObject({ owner: 'bruno' });
  });

  it('issue 17 what a submission read is what the next one of the same player starts from, the slots in the order asked', () => {
    const kept = new KeptReads();
    kept.remember(meta, anna, [slots.anna!, slots.bruno!]);
    const warm = kept.of(m.matchId, 'anna')!;
    expect(warm.meta).toEqual(meta);
    expect(warm.player).toEqual(anna);
    expect(warm.slotsOf(['anna'])).toEqual([slots.anna]);
    expect(warm.slotsOf(['bruno', 'anna'])).toEqual([slots.bruno, slots.anna]);
    expect(warm.slotsOf(['anna', 'bruno'])).toEqual([slots.anna, slots.bruno]);
    expect(warm.slotsOf([])).toEqual([]);
  });

  it('issue 17 a seat is kept per player and per match: another player, or the same id in another match, starts cold', () => {
    const kept = new KeptReads();
    kept.remember(meta, anna, [slots.anna!]);
    expect(kept.of(m.matchId, 'bruno')).toBeNull();
    expect(kept.of(other.id, 'anna')).toBeNull();
    kept.remember(meta, bruno, []);
    expect(kept.of(m.matchId, 'bruno')!.player).toEqual(bruno);
    expect(kept.of(m.matchId, 'anna')!.player).toEqual(anna);
  });

  it('issue 17 an owner whose slots were never read is not known: the submission reads them all afresh', () => {
    const kept = new KeptReads();
    kept.remember(meta, anna, [slots.anna!]);
    const warm = kept.of(m.matchId, 'anna')!;
    expect(warm.slotsOf(['bruno'])).toBeNull();
    expect(warm.slotsOf(['anna', 'bruno'])).toBeNull();
  });

  it('issue 17 slots are valid only at the META version they were read at: a later META makes them unknown', () => {
    const kept = new KeptReads();
    kept.remember(meta, anna, [slots.anna!, slots.bruno!]);
    const later = { ...meta, version: meta.version + 1 };
    kept.remember(later, bruno, [slots.bruno!]);
    const warm = kept.of(m.matchId, 'anna')!;
    expect(warm.meta).toEqual(later);
    expect(warm.slotsOf(['anna'])).toBeNull();
    expect(warm.slotsOf(['bruno'])).toEqual([slots.bruno]);
  });

  it('issue 17 slots are kept per phase: the same owner in the next phase is unknown', () => {
    const kept = new KeptReads();
    kept.remember(meta, anna, [slots.anna!]);
    kept.remember({ ...meta, phase: `${meta.phase}-next` }, anna, [{ ...slots.anna!, version: 7 }]);
    kept.remember(meta, anna, []);
    expect(kept.of(m.matchId, 'anna')!.slotsOf(['anna'])).toEqual([slots.anna]);
    kept.remember({ ...meta, phase: 'another' }, anna, []);
    expect(kept.of(m.matchId, 'anna')!.slotsOf(['anna'])).toBeNull();
  });

  it("issue 17 two matches are kept apart: the same owner's slots in another match are not these", () => {
    const kept = new KeptReads();
    const same = { ...other, phase: meta.phase, version: meta.version };
    kept.remember(same, anna, [{ ...slots.anna!, version: 99 }]);
    kept.remember(meta, anna, []);
    expect(kept.of(m.matchId, 'anna')!.slotsOf(['anna'])).toBeNull();
    expect(kept.of(other.id, 'anna')!.slotsOf(['anna'])).toEqual([{ ...slots.anna, version: 99 }]);
  });

  it('issue 17 a match not started has no slots to offer, not even an empty list', async () => {
    const kept = new KeptReads();
    const seat = { ...anna, id: 'anna' };
    kept.remember(lobby, seat, [slots.anna!]);
    const warm = kept.of(lobby.id, 'anna')!;
    expect(warm.meta).toEqual(lobby);
    expect(warm.slotsOf([])).toBeNull();
    expect(warm.slotsOf(['anna'])).toBeNull();
  });

  it('issue 17 a refused write forgets META and the seat it was based on; the other match stays warm', () => {
    const kept = new KeptReads();
    kept.remember(meta, anna, [slots.anna!]);
    kept.remember(meta, bruno, [slots.bruno!]);
    kept.remember(other, anna, []);
    kept.forget(m.matchId, 'anna');
    expect(kept.of(m.matchId, 'anna')).toBeNull();
    // META is gone for everyone in that match; bruno's seat is still kept once META is read again.
    expect(kept.of(m.matchId, 'bruno')).toBeNull();
    kept.remember(meta, bruno, []);
    expect(kept.of(m.matchId, 'bruno')!.player).toEqual(bruno);
    expect(kept.of(m.matchId, 'anna')).toBeNull();
    expect(kept.of(other.id, 'anna')!.meta).toEqual(other);
  });

  it('issue 17 one process, one set of kept reads: the same store gives the same reads, another store its own', () => {
    const store = stack.ports.store;
    const mine = keptReads(store);
    expect(mine).toBeInstanceOf(KeptReads);
    expect(keptReads(store)).toBe(mine);
    const another = keptReads({});
    expect(another).toBeInstanceOf(KeptReads);
    expect(another).not.toBe(mine);
    expect(keptReads({})).not.toBe(another);
  });
});
