// The log's copies by audience (decision 12, functions/adapters/aws/audience-keys.ts): each reader's copies
// hold exactly the events engine/core/events.ts `canRead` lets him read — channel readers as they were when
// the event was produced, an audience's members, the addressee — and a spectator's only the public ones.
import { describe, expect, it } from 'vitest';
import { canRead, type StoredEvent } from '../../../engine/core/events.js';
import {
  audienceCopies,
  MAX_PLAYER_COPIES,
  PUBLIC_STREAM,
  playerStream,
  WIDE_STREAM,
} from '../../../functions/adapters/aws/audience-keys.js';

const at = { n: 7, k: 2 };
const ev = (i: number, to: string, extra: Partial<StoredEvent> = {}): StoredEvent => ({
  phase: 'day-1',
  seq: `${String(i).padStart(6, '0')}`,
  origin: { kind: 'close' },
  event: { kind: 'message', to, text: `m${i}` },
  ...extra,
});

const events: StoredEvent[] = [
  ev(1, 'public'),
  // The pack as it was then: anna had not joined it yet.
  ev(2, 'pack', { readers: ['bruno', 'elena'] }),
  ev(3, 'anna'),
  ev(4, 'public'),
  // Later in the log, after anna joined the pack.
  ev(5, 'pack', { readers: ['bruno', 'elena', 'anna'] }),
  ev(6, 'carla', { audience: ['carla', 'dario'] }),
];
const people = ['anna', 'bruno', 'carla', 'dario', 'elena', 'fabio'];

describe('copies by audience keep canRead’s semantics exactly', () => {
  const copies = audienceCopies(at, events);
  const copyOf = (prefix: string) => copies.find((c) => c.sk.startsWith(prefix));

  it('a spectator’s copy holds the public events only, in log order', () => {
    expect(copyOf(PUBLIC_STREAM.prefix)?.events?.map((e) => e.seq)).toEqual(['000001', '000004']);
  });

  it('each player’s copy holds every event he may read and nothing else; one who reads nothing private has none', () => {
    for (const id of people) {
      const own = copyOf(playerStream(id).prefix);
      const readable = events.filter((e) => canRead(e, { as: 'player', id }));
      if (readable.every((e) => e.event.to === 'public')) expect(own, id).toBeUndefined();
      else expect(own?.events, id).toEqual(readable);
    }
    // A channel's events from when he could read it: anna reads message 5 of the pack, not message 2.
    expect(copyOf(playerStream('anna').prefix)?.events?.map((e) => e.seq)).toEqual(['000001', '000003', '000004', '000005']);
  });

  it('more private readers than copies allow: one wide marker instead, holding no events', () => {
    const crowd = Array.from({ length: MAX_PLAYER_COPIES + 1 }, (_, i) => `p${i}`);
    const wide = audienceCopies(at, [ev(1, 'public'), ev(2, 'p0', { audience: crowd })]);
    expect(wide.map((c) => c.sk)).toEqual([`${PUBLIC_STREAM.prefix}000000000000007#0002`, `${WIDE_STREAM.prefix}000000000000007#0002`]);
    expect(wide[1]!.events).toBeNull();
    expect(audienceCopies(at, events, true).map((c) => c.sk.slice(0, 9))).toEqual(['SEE#publi', 'SEE#wide#']);
  });

  it('a write with nothing public has no public copy', () => {
    expect(audienceCopies(at, [ev(1, 'anna')]).map((c) => c.sk)).toEqual([`${playerStream('anna').prefix}000000000000007#0002`]);
  });
});
