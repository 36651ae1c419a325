// Events stored with their audience (issue 17, target 3): a run of equal events to different players is
// stored once; every addressee reads exactly his copy where it was, nobody else reads it (KG-16.2).
import { describe, expect, it } from 'vitest';
import { canRead, expand, readAs, withOrigin, withReaders } from '../../../engine/core/events.js';
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

  it('issue 17 an event produced once with its audience stores, orders and reads exactly as its copies would', () => {
    const [hit, c, d, e, ...rest] = close;
    const once: GameEvent = { ...c!, audience: [c!.to, d!.to, e!.to] };
    const produced = withReaders([hit!, once, ...rest], channels, 'action-2', { kind: 'close' });
    expect(produced).toEqual(stored);
    // the seqs of the events after it are those they had behind three copies
    expect(produced.map((x) => x.seq)).toEqual(stored.map((x) => x.seq));
    expect(produced[1]!.event).toEqual(witnessed('c'));
    expect(produced[1]!.event).not.toHaveProperty('audience');
    // an audience event folds with an equal copy before it, and copies after it fold into it
    const around = withReaders([witnessed('c'), { ...witnessed('d'), audience: ['d', 'e'] }, witnessed('f'), witnessed('d')], [], 'p', {
      kind: 'close',
    });
    expect(around.map((x) => x.audience ?? [x.event.to])).toEqual([['c', 'd', 'e', 'f'], ['d']]);
    expect(around.map((x) => x.seq)).toEqual(['~close-000000', '~close-000004']);
  });

  it('issue 17 an event produced with its audience naming a player twice in a row gives him two records, each addressed to him, as its copies would', () => {
    const once: GameEvent = { ...witnessed('c'), audience: ['c', 'd', 'd'] };
    const produced = withReaders([once], channels, 'action-2', { kind: 'close' });
    expect(produced).toEqual(withReaders([witnessed('c'), witnessed('d'), witnessed('d')], channels, 'action-2', { kind: 'close' }));
    expect(produced.map((x) => x.audience ?? [x.event.to])).toEqual([['c', 'd'], ['d']]);
    expect(produced[1]!.event).toEqual(witnessed('d'));
    expect(readAs(produced, { as: 'player', id: 'd' }).map((e) => e.event)).toEqual([witnessed('d'), witnessed('d')]);
    expect(readAs(produced, { as: 'player', id: 'c' }).map((e) => e.event)).toEqual([witnessed('c')]);
  });

  it('KG-16.2 each player reads exactly the events he read when every copy was stored, in the same order', () => {
    const perCopy = close.map((event, i) => ({ phase: 'action-2', seq: `~close-${String(i).padStart(6, '0')}`, event }));
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'w', 'x', 'z']) {
      const reader = { as: 'player' as const, id };
      const before = perCopy
        .filter((e) => e.event.to === 'public' || e.event.to === id || (e.event.to === 'pack' && ['w', 'x'].includes(id)))
        .map((e) => e.event);
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

describe('which events are stored as one (issue 17, target 3)', () => {
  const records = (events: GameEvent[]) =>
    withReaders(events, channels, 'action-2', { kind: 'close' }).map((e) => e.audience ?? [e.event.to]);

  it('KG-16.2 public events and channel messages are never folded, even when two in a row are equal', () => {
    const shout: GameEvent = { kind: 'shout', to: 'public', player: 'a', zone: 'ruderi', success: true };
    const msg: GameEvent = { kind: 'message', to: 'pack', from: 'w', text: 'hi' };
    expect(records([shout, { ...shout }, msg, { ...msg }])).toEqual([['public'], ['public'], ['pack'], ['pack']]);
    // A channel message keeps the readers the channel had (LUP-8.1: who may read the pack's talk).
    const [stored] = withReaders([msg], channels, 'night-1', { kind: 'close' });
    expect(stored!.readers).toEqual(['w', 'x']);
    expect(stored!.audience).toBeUndefined();
  });

  it('KG-16.2 a public event or a channel message never takes a player into its audience, even with the same fields', () => {
    const shout = { kind: 'shout', player: 'a', zone: 'ruderi' };
    expect(
      records([
        { ...shout, to: 'public' },
        { ...shout, to: 'c' },
      ]),
    ).toEqual([['public'], ['c']]);
    const msg = { kind: 'message', from: 'w', text: 'hi' };
    expect(
      records([
        { ...msg, to: 'pack' },
        { ...msg, to: 'c' },
      ]),
    ).toEqual([['pack'], ['c']]);
  });

  it('KG-16.2 the same player twice in a row reads two events, not one', () => {
    expect(records([witnessed('c'), witnessed('c'), witnessed('d')])).toEqual([['c'], ['c', 'd']]);
  });

  it('KG-16.2 events fold when every field but the addressee is equal, wherever the addressee stands and whatever holds the values', () => {
    const list = (to: string): GameEvent => ({ kind: 'heard', to, zones: ['ruderi', 'ponte'], sound: 'gunfire' });
    expect(records([list('c'), list('d')])).toEqual([['c', 'd']]);
    const toLast = { kind: 'witnessed', by: 'a', target: 'b', weapon: 'knife', to: 'd' } as GameEvent;
    expect(records([witnessed('c'), toLast])).toEqual([['c', 'd']]);
    // A field left undefined is no field (the record is JSON).
    expect(records([{ ...witnessed('c'), note: undefined }, witnessed('d')])).toEqual([['c', 'd']]);
  });

  it('KG-16.2 events differing in a field, in a field more, or in the order of their fields stay apart', () => {
    expect(records([witnessed('c'), { ...witnessed('d'), weapon: 'pistol' }])).toEqual([['c'], ['d']]);
    expect(records([witnessed('c'), { ...witnessed('d'), damage: 2 }])).toEqual([['c'], ['d']]);
    expect(records([{ ...witnessed('c'), damage: 2 }, witnessed('d')])).toEqual([['c'], ['d']]);
    const reordered = { kind: 'witnessed', to: 'd', target: 'b', by: 'a', weapon: 'knife' } as GameEvent;
    expect(records([witnessed('c'), reordered])).toEqual([['c'], ['d']]);
    expect(records([witnessed('c'), { ...witnessed('d'), kind: 'seen' }])).toEqual([['c'], ['d']]);
  });

  it('KG-16.2 events with the same fields in another order stay apart even when no field stands where it stood', () => {
    // Same keys and values, every position changed: d's copy would not read as it was produced.
    const first = { kind: 'witnessed', to: 'c', by: 'a', target: 'b' } as GameEvent;
    const shuffled = { to: 'd', kind: 'witnessed', target: 'b', by: 'a' } as GameEvent;
    expect(records([first, shuffled])).toEqual([['c'], ['d']]);
    expect(JSON.stringify(withReaders([first, shuffled], [], 'p', { kind: 'close' })[1]!.event)).toBe(JSON.stringify(shuffled));
  });

  it('the GM may read everything, a player only what was his', () => {
    const group = stored.find((e) => e.audience?.includes('d'))!;
    expect(canRead(group, { as: 'gm' })).toBe(true);
    expect(canRead(group, { as: 'player', id: 'd' })).toBe(true);
    const pack = stored.find((e) => e.event.to === 'pack')!;
    expect([canRead(pack, { as: 'player', id: 'x' }), canRead(pack, { as: 'player', id: 'c' }), canRead(pack, { as: 'gm' })]).toEqual([
      true,
      false,
      true,
    ]);
  });
});

describe('events stored before origins were written down (issue 18)', () => {
  it('take the origin their seq said, in the field order withReaders writes; a seq no step writes gives none', () => {
    const legacy = {
      phase: 'day-1',
      seq: '000000000000042-abcdef-000003',
      event: { kind: 'vote-cast', to: 'public' as const },
      readers: ['a'],
    };
    const derived = withOrigin(legacy);
    expect(JSON.stringify(derived)).toBe(
      JSON.stringify({
        phase: 'day-1',
        seq: legacy.seq,
        origin: { kind: 'submission', at: 42, salt: 'abcdef' },
        event: legacy.event,
        readers: ['a'],
      }),
    );
    const current = stored[0]!;
    expect(withOrigin(current)).toBe(current);
    expect(withOrigin({ ...legacy, seq: 'not-a-seq' })).toBeNull();
  });
});
