// The third audit's decisions: D50 (a day-blocked day item use is spent), D51 (an antidote found on
// the night of the poisoning is applied at once), D52 (MAF-3.12's `too-late` cutoff).
import { describe, expect, it } from 'vitest';
import { submitAction } from '../../../engine/core/match.js';
import type { ActionInput } from '../../../engine/core/types.js';
import { starterCatalog } from '../../../engine/rulesets/mafia/catalog.js';
import type { ItemDef } from '../../../engine/rulesets/mafia/catalog.js';
import { mafia } from '../../../engine/rulesets/mafia/index.js';
import { eight, eightAtNight, find, gmItem, has } from './harness.js';

const MIN = 60_000;

describe('D50, MAF-0.5, MAF-3.10 a day-blocked day item use is carried out and spent, with no result', () => {
  it('D50 a blocked reloadable day item starts its reload; its check gives no result; he gets action-failed blocked', () => {
    const m = eightAtNight({ t1: { inventory: { 'sleeping-draught': 1 } }, t2: { inventory: { 'tracker-spyglass': 1 } } });
    m.night([['t1', { type: 'use-item', item: 'sleeping-draught', target: 't2' }]]);
    expect(m.act('t2', { type: 'use-item', item: 'tracker-spyglass', target: 'b1' })).toBe('ok');
    const day = m.close();
    expect(has(day, { kind: 'day-item-result' })).toBe(false);
    expect(find(day, { kind: 'action-failed', to: 't2' })).toEqual([
      { kind: 'action-failed', to: 't2', action: 'use-item', reason: 'blocked', item: 'tracker-spyglass', target: 'b1' },
    ]);
    m.close();
    expect(m.state.phase).toEqual({ kind: 'day', n: 3 });
    // Used on day 2 (interval 1): still reloading on day 3, so a new use is only a fake (MAF-3.13; his fixed item counts as found).
    expect(m.act('t2', { type: 'use-item', item: 'tracker-spyglass', target: 'b1' })).toBe('ok');
    expect(m.pending[0]).toMatchObject({ player: 't2', action: { fake: true } });
  });

  it('D50 a blocked one-use day item is gone and its effect does not land (the gag leaves the vote whole)', () => {
    const m = eightAtNight(
      { t1: { inventory: { 'sleeping-draught': 1 } }, t2: { inventory: { gag: 1 } } },
      { setup: { startPhase: 'night-4' } },
    );
    m.night([['t1', { type: 'use-item', item: 'sleeping-draught', target: 't2' }]]);
    m.play([
      ['t2', { type: 'use-item', item: 'gag', target: 't3' }],
      ['t3', { type: 'vote', target: 'b1' }],
    ]);
    const day = m.close();
    expect(find(day, { kind: 'vote-result' })[0]).toMatchObject({ tally: { b1: 2 }, jailed: 'b1' });
    expect(m.count('t2', 'gag')).toBe(0);
  });
});

describe('D51, MAF-9.3 an antidote found by a random Thing search on the night its finder was poisoned', () => {
  /** The starter catalog with the antidote first among the Things, so a forced random Thing search lands on it. */
  const antidoteFirst = () => {
    const c = structuredClone(starterCatalog()) as { items: ItemDef[] };
    const i = c.items.findIndex((it) => it.id === 'antidote');
    c.items.unshift(...c.items.splice(i, 1));
    return c;
  };

  it('D51 poisoned at step II, he finds the antidote at step IV: applied at once, not kept, not announced', () => {
    const m = eightAtNight({ b1: { inventory: { poison: 1 } } }, { dice: 'succeed', settings: { catalog: antidoteFirst() } });
    const events = m.night([
      ['b1', { type: 'use-item', item: 'poison', target: 't4' }],
      ['t4', { type: 'search-random', rarity: 'thing' }],
    ]);
    expect(m.p('t4').fx.poison).toBeNull();
    expect(m.count('t4', 'antidote')).toBe(0);
    expect(has(events, { kind: 'item-found' })).toBe(false);
    expect(find(events, { to: 't4', kind: 'effect-removed' })).toEqual([{ kind: 'effect-removed', to: 't4', effect: 'poison' }]);
    // Not poisoned, the same find is kept and announced.
    const clean = eightAtNight({}, { dice: 'succeed', settings: { catalog: antidoteFirst() } });
    const found = clean.night([['t4', { type: 'search-random', rarity: 'thing' }]]);
    expect(find(found, { kind: 'item-found' })).toEqual([
      { kind: 'item-found', to: 'public', player: 't4', item: 'antidote', rarity: 'thing' },
    ]);
    expect(clean.count('t4', 'antidote')).toBe(1);
  });
});

describe('D52, MAF-3.12 a day item that needs answers is refused too-late near the deadline', () => {
  const summons = (over: Partial<ItemDef> = {}): ItemDef =>
    gmItem('summons', { phase: 'day', class: 'inspect', effect: [{ type: 'check', report: 'public' }], needsResponse: true, ...over });
  const withItems = (...items: ItemDef[]) => {
    const c = structuredClone(starterCatalog()) as { items: ItemDef[] };
    c.items.push(...items);
    return c;
  };
  const use: ActionInput = { type: 'use-item', item: 'summons', target: 't3' };

  it('D52 refused less than response-cutoff-minutes before the deadline as it stands; accepted at the cutoff or with no clock', () => {
    const m = eight(
      { t1: { inventory: { summons: 1, quiet: 1 } } },
      { settings: { catalog: withItems(summons(), summons({ id: 'quiet', needsResponse: false })) } },
    );
    const deadline = 1_000 * MIN;
    const at = (left: number) => mafia.validate(m.state, 't1', use, [], { now: deadline - left * MIN, deadline });
    expect(at(119)).toMatchObject({ ok: false, reason: 'too-late' });
    expect(at(1)).toMatchObject({ ok: false, reason: 'too-late' });
    expect(at(120)).toMatchObject({ ok: true });
    expect(mafia.validate(m.state, 't1', use, [])).toMatchObject({ ok: true });
    expect(mafia.validate(m.state, 't1', use, [], { now: 0, deadline: null })).toMatchObject({ ok: true });
    // an item that does not need answers is never too late
    expect(
      mafia.validate(m.state, 't1', { type: 'use-item', item: 'quiet', target: 't3' }, [], { now: deadline - MIN, deadline }),
    ).toMatchObject({ ok: true });
  });

  it('D52 the cutoff is the setting response-cutoff-minutes, and the platform path hands the context through', () => {
    const m = eight({ t1: { inventory: { summons: 1 } } }, { settings: { 'response-cutoff-minutes': 30, catalog: withItems(summons()) } });
    const gate = { status: 'running' as const, open: true, checked: false };
    const deadline = 500 * MIN;
    expect(submitAction(mafia, gate, m.state, [], 't1', use, 1, { now: deadline - 29 * MIN, deadline })).toMatchObject({
      ok: false,
      reason: 'too-late',
    });
    expect(submitAction(mafia, gate, m.state, [], 't1', use, 1, { now: deadline - 31 * MIN, deadline })).toMatchObject({ ok: true });
  });

  it('D52 a catalog entry may declare needsResponse; any other value is refused', () => {
    expect(mafia.settings.safeParse({ catalog: withItems(summons()) }).success).toBe(true);
    expect(mafia.settings.safeParse({ catalog: withItems(summons({ needsResponse: 'yes' as never })) }).success).toBe(false);
  });
});
