// The keyboards' callback data (issue 45): at most 64 bytes, read back as written, and anything else
// (another bot's data, a forged or truncated press) read as nothing.
import { describe, expect, it } from 'vitest';
import type { AvailableAction } from '../../../engine/core/types.js';
import { CALLBACK_MAX_BYTES, decode, digestOf, encode, menu, step, type Pressed } from '../../../functions/telegram/keyboards.js';

const head = { matchId: 'abcdefghijkl', seat: 12, phase: 'runoff-10' };
const vote: AvailableAction = {
  type: 'vote',
  slot: 'ballot',
  fields: { target: { kind: 'player', options: ['anna', 'bruno'], required: true } },
};
const maul: AvailableAction = {
  type: 'maul',
  slot: 'maul',
  fields: {
    target: { kind: 'player', options: ['anna', 'carla'], required: true },
    mauler: { kind: 'player', options: ['bruno', 'elena'], required: false },
    backup: { kind: 'player', options: ['bruno', 'elena'], required: false },
  },
};
const wording = { lang: 'en' as const, names: { anna: 'Anna', bruno: 'Bruno', carla: 'Carla', elena: 'Elena' } };

describe('callback data', () => {
  it('round-trips every kind of press, each within Telegram’s 64 bytes', () => {
    const presses: Pressed[] = [
      { ...head, press: { op: 'menu' } },
      { ...head, press: { op: 'check' } },
      { ...head, press: { op: 'withdraw', action: 3, digest: digestOf(vote) } },
      { ...head, press: { op: 'pick', action: 10, digest: digestOf(maul), picks: [1, 2, 2] } },
      { ...head, press: { op: 'pick', action: 0, digest: digestOf(vote), picks: [] } },
    ];
    for (const p of presses) {
      const data = encode(p);
      expect(Buffer.byteLength(data)).toBeLessThanOrEqual(CALLBACK_MAX_BYTES);
      expect(decode(data)).toEqual(p);
    }
  });

  it('reads forged, foreign or truncated data as nothing', () => {
    for (const data of [
      undefined,
      '',
      'x',
      'abcdefghijkl|12|day-1|z',
      'abcdefghijkl|12|day-1|a|0|shor|',
      'ABC|1|day-1|m',
      'abcdefghijkl|1|day-1|m|extra',
      `abcdefghijkl|1|day-1|a|0|${'x'.repeat(5)}|1.2.3.4.5.6.7.8.9`,
      'a'.repeat(65),
    ]) {
      expect(decode(data)).toBeNull();
    }
  });

  it('a digest changes with the options drawn, so a stale keyboard is not read against new options', () => {
    const fewer: AvailableAction = { ...vote, fields: { target: { kind: 'player', options: ['bruno'], required: true } } };
    expect(digestOf(fewer)).not.toBe(digestOf(vote));
  });
});

describe('keyboards', () => {
  it('LUP-8.2: the menu offers each action, the check, and a withdraw for what is stored', () => {
    const drawn = menu(wording, head, [{ ...vote, submitted: { type: 'vote', target: 'bruno' } }], false);
    const labels = drawn.keyboard.inline_keyboard.flat().map((b) => b.text);
    expect(labels).toEqual(['Vote', 'Withdraw: Vote', '✓ I’m done']);
    expect(drawn.text).toContain('Bruno');
    expect(
      menu(wording, head, [vote], true)
        .keyboard.inline_keyboard.flat()
        .map((b) => b.text),
    ).toEqual(['Vote']);
  });

  it('a pick goes field by field; optional fields can be skipped; an out-of-range pick is invalid', () => {
    const first = step(wording, head, 0, maul, []);
    expect('done' in first && !first.done && first.keyboard.inline_keyboard.flat().map((b) => b.text)).toEqual(['Anna', 'Carla', '↩']);
    const second = step(wording, head, 0, maul, [1]);
    expect('done' in second && !second.done && second.keyboard.inline_keyboard.flat().map((b) => b.text)).toEqual([
      'Bruno',
      'Elena',
      'Skip',
      '↩',
    ]);
    expect(step(wording, head, 0, maul, [1, 2, 1])).toEqual({ done: true, input: { type: 'maul', target: 'carla', backup: 'elena' } });
    expect(step(wording, head, 0, maul, [7])).toEqual({ invalid: true });
    expect(step(wording, head, 0, maul, [0, 2, 2, 0])).toEqual({ invalid: true });
    // A required field has no skip: one past its options is no option.
    expect(step(wording, head, 0, maul, [2])).toEqual({ invalid: true });
  });
});
