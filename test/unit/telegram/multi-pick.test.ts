// Fields of several picks from Telegram (issue 45): a set of players by toggles, a basket of counts by taps,
// the picks so far riding in the callback data (≤ 64 bytes), the engine left to judge what is submitted.
import { describe, expect, it } from 'vitest';
import type { AvailableAction } from '../../../engine/core/types.js';
import type { InlineKeyboard } from '../../../functions/telegram/bot-api.js';
import {
  CALLBACK_MAX_BYTES,
  MAX_COUNT,
  decode,
  digestOf,
  encode,
  fitsButtons,
  menu,
  step,
  type Pick,
  type Pressed,
} from '../../../functions/telegram/keyboards.js';

const head = { matchId: 'abcdefghijkl', seat: 12, phase: 'runoff-10' };
const wording = { lang: 'en' as const, names: { p1: 'Anna', p2: 'Bruno', p3: 'Carla', p4: 'Dario' } };

// KG-4.7: a shotgun's two shots at the players present in his zone.
const shoot: AvailableAction = {
  type: 'shoot',
  slot: 'attack',
  fields: { targets: { kind: 'players', options: ['p1', 'p2', 'p3', 'p4'], min: 1, max: 2 } },
};
// KG-2.3: the first turn's shop, priced items against his tokens.
const shop: AvailableAction = {
  type: 'shop',
  slot: 'shop',
  fields: { items: { kind: 'counts', options: { shotgun: 250, medikit: 70, vest: 50 }, budget: 400 } },
};

const labels = (k: InlineKeyboard) => k.inline_keyboard.flat().map((b) => b.text);
const dataOf = (k: InlineKeyboard, label: string) => k.inline_keyboard.flat().find((b) => b.text === label)?.callback_data;

/** Draws the step a press names, as the bot does, failing when it is not a step. */
function drawn(picks: Pick[], action: AvailableAction) {
  const next = step(wording, head, 0, action, picks);
  if (!('done' in next) || next.done) throw new Error(`not a step: ${JSON.stringify(next)}`);
  return next;
}

/** The picks a button of a drawn keyboard carries. */
function picksOf(keyboard: InlineKeyboard, label: string): Pick[] {
  const data = dataOf(keyboard, label);
  expect(data, label).toBeDefined();
  const p = decode(data)!;
  if (p.press.op !== 'pick') throw new Error('not a pick');
  return p.press.picks;
}

describe('callback data of several picks', () => {
  it('round-trips sets of players and counts, picked or being picked, each within 64 bytes', () => {
    const picks: Pick[][] = [
      [{ players: [], done: false }],
      [{ players: [0], done: true }],
      [{ players: [1, 3, 7], done: false }],
      [{ players: Array.from({ length: 50 }, (_, i) => i), done: true }],
      [{ counts: [], done: false }],
      [{ counts: [0, 2, 0, 1], done: true }],
      [{ counts: Array.from({ length: 20 }, () => MAX_COUNT), done: false }],
      [2, { players: [0, 2], done: true }, 4],
    ];
    for (const list of picks) {
      const p: Pressed = { ...head, press: { op: 'pick', action: 3, digest: digestOf(shoot), picks: list } };
      const data = encode(p);
      expect(Buffer.byteLength(data)).toBeLessThanOrEqual(CALLBACK_MAX_BYTES);
      // Trailing zero counts are not written: the same basket.
      const trimmed = list.map((x) =>
        typeof x === 'object' && 'counts' in x ? { ...x, counts: x.counts.slice(0, x.counts.findLastIndex((n) => n > 0) + 1) } : x,
      );
      expect(decode(data)).toEqual({ ...p, press: { ...p.press, picks: trimmed } });
    }
  });

  it('reads a forged set or basket as nothing', () => {
    const at = `${head.matchId}|${head.seat}|${head.phase}|a|0|${digestOf(shoot)}|`;
    for (const picks of ['x1', 'p', 'qZZ', `p${(2 ** 50).toString(36)}`, 'c1-2', 'pzzzzzzzzzzz', '1..2']) {
      expect(decode(at + picks), picks).toBeNull();
    }
  });

  it('a digest changes with the players offered and with the budget, so an old keyboard is not read against new ones', () => {
    const fewer: AvailableAction = {
      ...shoot,
      fields: { targets: { ...shoot.fields.targets!, options: ['p1', 'p2'] } } as AvailableAction['fields'],
    };
    const poorer: AvailableAction = {
      ...shop,
      fields: { items: { kind: 'counts', options: { shotgun: 250, medikit: 70, vest: 50 }, budget: 100 } },
    };
    expect(digestOf(fewer)).not.toBe(digestOf(shoot));
    expect(digestOf(poorer)).not.toBe(digestOf(shop));
  });

  it('an action whose widest press would pass 64 bytes is left to the page, one that just fits is drawn', () => {
    const basket = (n: number): AvailableAction => ({
      type: 'shop',
      slot: 'shop',
      fields: { items: { kind: 'counts', options: Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 1])) } },
    });
    const widest = (n: number) =>
      Buffer.byteLength(`${head.matchId}|${head.seat}|${head.phase}|a|0|${digestOf(basket(n))}|c${MAX_COUNT.toString(36).repeat(n)}`);
    const most = Array.from({ length: 64 }, (_, n) => n)
      .filter((n) => widest(n) <= CALLBACK_MAX_BYTES)
      .at(-1)!;
    expect(widest(most)).toBe(CALLBACK_MAX_BYTES);
    expect(fitsButtons(head, 0, basket(most))).toBe(true);
    expect(fitsButtons(head, 0, basket(most + 1))).toBe(false);
    const offered = (a: AvailableAction) => labels(menu(wording, head, [a], true).keyboard);
    expect(offered(basket(most))).toEqual(['Shopping (turn 1)']);
    expect(offered(basket(most + 1))).toEqual([]);
    // A set of more players than a bitmask carries is the page's too.
    const crowd = (n: number): AvailableAction => ({
      ...shoot,
      fields: { targets: { kind: 'players', options: Array.from({ length: n }, (_, i) => `p${i}`), min: 1, max: 2 } },
    });
    expect(fitsButtons(head, 0, crowd(50))).toBe(true);
    expect(fitsButtons(head, 0, crowd(51))).toBe(false);
  });
});

describe('a set of players by toggles', () => {
  it('KG-4.7: each tap toggles a player (✓), Done comes at min, the set is submitted whole', () => {
    const first = drawn([], shoot);
    expect(labels(first.keyboard)).toEqual(['Anna', 'Bruno', 'Carla', 'Dario', '↩']);
    expect(first.text).toBe('Shoot: Targets? (1–2)');
    const one = drawn(picksOf(first.keyboard, 'Carla'), shoot);
    expect(labels(one.keyboard)).toEqual(['Anna', 'Bruno', '✓ Carla', 'Dario', 'Done (1)', '↩']);
    expect(one.text).toContain('✓ Carla');
    const two = drawn(picksOf(one.keyboard, 'Anna'), shoot);
    expect(labels(two.keyboard)).toEqual(['✓ Anna', 'Bruno', '✓ Carla', 'Dario', 'Done (2)', '↩']);
    // Untoggled, Carla is out again.
    expect(labels(drawn(picksOf(two.keyboard, '✓ Carla'), shoot).keyboard)).toContain('Carla');
    expect(step(wording, head, 0, shoot, picksOf(two.keyboard, 'Done (2)'))).toEqual({
      done: true,
      input: { type: 'shoot', targets: ['p1', 'p3'] },
    });
  });

  it('KG-4.7: a third target past max is refused with a notice, nothing drawn', () => {
    const two = drawn([{ players: [0, 2], done: false }], shoot);
    expect(step(wording, head, 0, shoot, picksOf(two.keyboard, 'Bruno'))).toEqual({ notice: 'At most 2: take one out first.' });
  });

  it('a set naming no offered player, or a set not last while still being picked, is invalid', () => {
    expect(step(wording, head, 0, shoot, [{ players: [4], done: true }])).toEqual({ invalid: true });
    expect(step(wording, head, 0, shoot, [{ counts: [1], done: true }])).toEqual({ invalid: true });
    expect(step(wording, head, 0, shoot, [1])).toEqual({ invalid: true });
  });
});

describe('a basket by taps', () => {
  it('KG-2.3: each tap adds one, the total runs against the budget, what it no longer affords is not offered', () => {
    const empty = drawn([], shop);
    expect(labels(empty.keyboard)).toEqual(['+ Shotgun (250)', '+ Medikit (70)', '+ Vest (50)', 'Done (0)', '↩']);
    expect(empty.text).toBe('Shopping (turn 1): Items?\nTotal: 0 of 400');
    const gun = drawn(picksOf(empty.keyboard, '+ Shotgun (250)'), shop);
    // 150 left: a second shotgun is not offered.
    expect(labels(gun.keyboard)).toEqual(['+ Medikit (70)', '+ Vest (50)', 'Reset', 'Done (1)', '↩']);
    const kit = drawn(picksOf(gun.keyboard, '+ Medikit (70)'), shop);
    const kits = drawn(picksOf(kit.keyboard, '+ Medikit (70)'), shop);
    expect(kits.text).toBe('Shopping (turn 1): Items?\n1 × Shotgun, 2 × Medikit\nTotal: 390 of 400');
    expect(labels(kits.keyboard)).toEqual(['Reset', 'Done (3)', '↩']);
    expect(step(wording, head, 0, shop, picksOf(kits.keyboard, 'Done (3)'))).toEqual({
      done: true,
      input: { type: 'shop', items: { shotgun: 1, medikit: 2 } },
    });
    expect(drawn(picksOf(kits.keyboard, 'Reset'), shop).text).toBe(empty.text);
  });

  it('the menu tells the stored basket in counts', () => {
    const stored = menu(wording, head, [{ ...shop, submitted: { type: 'shop', items: { shotgun: 1, medikit: 2 } } }], true);
    expect(stored.text).toContain('✎ Shotgun, 2 × Medikit');
  });

  it("a match's things go by the names the page shows: Kill Game's items in Italian", () => {
    const italian = step({ ...wording, lang: 'it', ruleset: 'killgame' }, head, 0, shop, []);
    expect('done' in italian && !italian.done && labels(italian.keyboard).slice(0, 3)).toEqual([
      '+ Fucile a Pompa (250)',
      '+ Kit Medico (70)',
      '+ Giubbotto Protettivo (50)',
    ]);
  });

  it('an empty basket is submitted as such; one over the budget goes to the engine, the judge of it', () => {
    expect(step(wording, head, 0, shop, [{ counts: [], done: true }])).toEqual({ done: true, input: { type: 'shop', items: {} } });
    expect(step(wording, head, 0, shop, [{ counts: [2], done: true }])).toEqual({
      done: true,
      input: { type: 'shop', items: { shotgun: 2 } },
    });
    expect(step(wording, head, 0, shop, [{ counts: [1, 1, 1, 1], done: true }])).toEqual({ invalid: true });
  });

  it('MAF-7.6: a smelt names the item, then up to three Things, repeats allowed', () => {
    const smelt: AvailableAction = {
      type: 'smelt',
      slot: 'smelt',
      fields: {
        item: { kind: 'choice', options: ['night-crown'], required: true },
        into: { kind: 'counts', options: { revolver: 1, poison: 1 }, budget: 3 },
      },
    };
    const things = drawn([0], smelt);
    const two = drawn(picksOf(drawn(picksOf(things.keyboard, '+ Revolver (1)'), smelt).keyboard, '+ Revolver (1)'), smelt);
    const three = drawn(picksOf(two.keyboard, '+ poison (1)'), smelt);
    expect(labels(three.keyboard)).toEqual(['Reset', 'Done (3)', '↩']);
    expect(step(wording, head, 0, smelt, picksOf(three.keyboard, 'Done (3)'))).toEqual({
      done: true,
      input: { type: 'smelt', item: 'night-crown', into: { revolver: 2, poison: 1 } },
    });
  });
});
