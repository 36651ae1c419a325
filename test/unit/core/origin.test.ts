// Where an event comes from, and its place in the phase's record (ARCHITECTURE decision 8's one order):
// the start and the opening first, the steps taken while the phase is open by time, then the close and
// its notices; and a key stored before origins were written down reads back as the step that wrote it.
import { describe, expect, it } from 'vitest';
import { CLOSING, originOfSeq, originTime, seqOf, seqPrefix, type EventOrigin } from '../../../engine/core/origin.js';

const AT = 1_767_225_600_000;
const EVERY: EventOrigin[] = [
  { kind: 'start' },
  { kind: 'opening' },
  { kind: 'submission', at: AT, salt: '0a1b2c' },
  { kind: 'removal', at: AT + 1, player: 'anna' },
  { kind: 'substitution', at: AT + 2, player: 'bruno-2' },
  { kind: 'forced-end', at: AT + 3 },
  { kind: 'close' },
  { kind: 'notice' },
];

describe('event origins and their ordering keys', () => {
  it('each step reads back from its key as itself, whatever its index', () => {
    for (const origin of EVERY) {
      for (const index of [0, 7, 999_999]) expect(originOfSeq(seqOf(origin, index)), JSON.stringify(origin)).toEqual(origin);
    }
  });

  it('keys name the step and carry a six-digit index', () => {
    expect(seqOf({ kind: 'start' }, 3)).toBe('!start-000003');
    expect(seqOf({ kind: 'opening' }, 0)).toBe('!open-000000');
    expect(seqOf({ kind: 'close' }, 12)).toBe('~close-000012');
    expect(seqOf({ kind: 'notice' }, 1)).toBe('~notice-000001');
    expect(seqOf({ kind: 'submission', at: 42, salt: 'abcdef' }, 5)).toBe('000000000000042-abcdef-000005');
    expect(seqOf({ kind: 'removal', at: 42, player: 'anna' }, 0)).toBe('000000000000042-removal-anna-000000');
    expect(seqOf({ kind: 'substitution', at: 42, player: 'anna' }, 0)).toBe('000000000000042-substituted-anna-000000');
    expect(seqOf({ kind: 'forced-end', at: 42 }, 0)).toBe('000000000000042-end-000000');
    expect(seqPrefix({ kind: 'submission', at: 1, salt: '000000' })).toBe('000000000000001-000000-');
  });

  it('sorting the keys gives the record its order: the start or the opening, the open phase by time, close, notices', () => {
    // The start writes the first phase's record, an opening every later one's: the two never meet.
    const keys = EVERY.slice(1).map((o) => seqOf(o, 0));
    expect([...keys].reverse().sort()).toEqual(keys);
    expect(seqOf({ kind: 'start' }, 999_999) < seqOf(EVERY[2]!, 0)).toBe(true);
    // Inside a step, by index; between steps taken while open, by time, even across a digit boundary.
    expect(seqOf({ kind: 'close' }, 2) > seqOf({ kind: 'close' }, 10)).toBe(false);
    expect(seqOf({ kind: 'submission', at: 9, salt: 'ffffff' }, 0) < seqOf({ kind: 'submission', at: 10, salt: '000000' }, 0)).toBe(true);
    expect(seqOf({ kind: 'forced-end', at: 5 }, 0) < seqOf({ kind: 'removal', at: 6, player: 'a' }, 0)).toBe(true);
  });

  it('a key no step writes has no origin', () => {
    for (const seq of [
      '',
      'start-000000',
      '!start-00000',
      '!start-0000001',
      '!open-',
      '~close-00000a',
      '~notices-000000',
      'x~close-000000',
      '00000000000042-abcdef-000005',
      '000000000000042-abcdeg-000005',
      '000000000000042-ABCDEF-000005',
      '000000000000042-removal--000000'.replace('--', '-Anna-'),
      '000000000000042-end-00000',
      '000000000000042-end-000000x',
    ]) {
      expect(originOfSeq(seq), seq).toBeNull();
    }
    // A key is the whole seq: nothing before it, nothing after it.
    for (const origin of EVERY) {
      const seq = seqOf(origin, 4);
      for (const padded of [`x${seq}`, `${seq}x`, `${seq}0`]) expect(originOfSeq(padded), padded).toBeNull();
    }
  });

  it('only the close and its notices close a record; only steps taken while open have a time', () => {
    expect([...CLOSING].sort()).toEqual(['close', 'notice']);
    expect(EVERY.map(originTime)).toEqual([null, null, AT, AT + 1, AT + 2, AT + 3, null, null]);
  });
});
