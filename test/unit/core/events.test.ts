// Events stored with their audience (issue 17, target 3): a run of equal events to different players is
// stored once; every addressee reads exactly his copy where it was, nobody else reads it (KG-16.2).
import { describe, expect, it } from 'vitest';
import { canRead, expand, readAs, withReaders } from '../../../engine/core/events.js';
import type { GameEvent } from '../../../engine/core/types.js';

const witnessed = (to: string): GameEvent => ({ kind: 'witnessed', to, by: 'a', target: 'b', weapon: 'knife' });
const close: GameEvent[] = [
  { kind: 'hit', to: 'b', source: 'knife', by: 'a', damage: 2 },
  witnessed('c'),
  witnessed('d'),
  witnessed('e'),
  { kind: 'heard', to: 'c', zone: 'ruderi', sound: 'gunfire' },
  { kind: 'heard', to: 'f', zone: 'ruderi', sound: 'gunfire' },
  { kind: 'heard', to: 'f', zone: 'ruderi', sound: 'gunfire' },
  { kind: 'shout', to: 'public', player: 'a', zone: 'ruderi', success: true },
  { kind: 'message', to: 'pack', from: 'w', text: 'hi' },
  witnessed('g'),
];
const channels = [{ id: 'pack', readers: ['w', 'x'], writers: ['w', 'x'] }];
const stored = withReaders(close, channels, 'action-2', { kind: 'close' });

describe('events stored with their audience (issue 17)', () => {
  it('KG-16.2 one witnessed shot seen by three players is one record; records grow with the events, not the readers', () => {
    const group = stored.filter((e) => e.event.kind === 'witnessed');
    expect(group.map((e) => e.audience ?? [e.event.to])).toEqual([['c', 'd', 'e'], ['g']]);
    // the same player twice is never merged: he read two events before and reads two now
    expect(stored.filter((e) => e.event.kind === 'heard').map((e) => e.audience ?? [e.event.to])).toEqual([['c', 'f'], ['f']]);
    expect(stored).toHaveLength(7);
  });

  it('KG-16.2 each player reads exactly the events he read when every copy was stored, in the same order', () => {
    const perCopy = close.map((event, i) => ({ phase: 'action-2', seq: `~close-${String(i).padStart(6, '0')}`, event }));
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'w', 'x', 'z']) {
      const reader = { as: 'player' as const, id };
      const before = perCopy.filter((e) => e.event.to === 'public' || e.event.to === id || (e.event.to === 'pack' && ['w', 'x'].includes(id))).map((e) => e.event);
      expect(readAs(stored, reader).map((e) => e.event)).toEqual(before);
    }
  });

  it('KG-16.2 a player outside the audience cannot read the event, nor can the public; the GM gets every copy back', () => {
    const group = stored.find((e) => e.audience?.includes('d'))!;
    expect(canRead(group, { as: 'player', id: 'b' })).toBe(false);
    expect(canRead(group, { as: 'player', id: 'a' })).toBe(false);
    expect(canRead(group, { as: 'public' })).toBe(false);
    expect(readAs(stored, { as: 'public' }).map((e) => e.event)).toEqual([close[7]]);
    expect(readAs(stored, { as: 'gm' }).map((e) => e.event)).toEqual(close);
    expect(stored.flatMap(expand).map((e) => e.event)).toEqual(close);
  });
});
