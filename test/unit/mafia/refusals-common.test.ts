// MAF-2.5 MAF-2.6: the shared refusals (validate-common.ts): every reason answers its own text when the
// check gives none, a check's own message is kept, and a target is read by its scope.
import { describe, expect, it } from 'vitest';
import type { ActionInput } from '../../../engine/core/types.js';
import { eight, eightAtNight, expectRefused, nextNight, type Match, type Refusal } from './harness.js';

const allLegendaries = ['phoenix-feather', 'ring-of-immortality', 'thieves-moon', 'book-of-names', 'night-crown'];

// Each row reaches a refusal whose check names no message of its own: the reason's text (MAF-2.5) answers.
const ownText: Refusal[] = [
  {
    rule: 'MAF-2.3',
    what: 'a night action by day',
    match: () => eight(),
    player: 't1',
    action: { type: 'steal', target: 'b1' },
    reason: 'wrong-phase',
    message: 'That action does not belong to this phase.',
  },
  {
    rule: 'MAF-2.3',
    what: 'a vote by night',
    match: () => eightAtNight(),
    player: 't1',
    action: { type: 'vote', target: 'b1' },
    reason: 'wrong-phase',
    message: 'That action does not belong to this phase.',
  },
  {
    rule: 'MAF-0.3',
    what: 'a dead player stealing',
    match: () => eightAtNight({ t5: { state: 'dead' } }),
    player: 't5',
    action: { type: 'steal', target: 'b1' },
    reason: 'not-alive',
    message: 'You are dead.',
  },
  {
    rule: 'MAF-1.19',
    what: 'a removed player voting',
    match: () => {
      const m = eight();
      m.remove('t5');
      return m;
    },
    player: 't5',
    action: { type: 'vote', target: 'b1' },
    reason: 'not-alive',
    message: 'You are dead.',
  },
  {
    rule: 'MAF-0.3',
    what: 'a jailed player stealing',
    match: () => eightAtNight({ t6: { state: 'jailed' } }),
    player: 't6',
    action: { type: 'steal', target: 'b1' },
    reason: 'not-in-town',
    message: 'You are not in town.',
  },
  {
    rule: 'MAF-1.14',
    what: 'an away player voting',
    match: () => eight({ t6: { state: 'away' } }),
    player: 't6',
    action: { type: 'vote', target: 'b1' },
    reason: 'not-in-town',
    message: 'You are not in town.',
  },
  {
    rule: 'MAF-9.17',
    what: 'a paralysed player stealing',
    match: () => eightAtNight({ t3: { effects: [{ effect: 'paralysis' }] } }),
    player: 't3',
    action: { type: 'steal', target: 'b1' },
    reason: 'paralysed',
    message: 'You are paralysed.',
  },
  {
    rule: 'MAF-2.5',
    what: 'stealing from oneself',
    match: () => eightAtNight(),
    player: 't1',
    action: { type: 'steal', target: 't1' },
    reason: 'target-self',
    message: 'You cannot choose yourself.',
  },
  {
    rule: 'D25',
    what: 'voting for oneself',
    match: () => eight(),
    player: 't1',
    action: { type: 'vote', target: 't1' },
    reason: 'target-self',
    message: 'You cannot choose yourself.',
  },
  {
    rule: 'MAF-2.5',
    what: 'a night item not held',
    match: () => eightAtNight(),
    player: 't1',
    action: { type: 'use-item', item: 'revolver', target: 'b1' },
    reason: 'no-item',
    message: 'You hold no usable copy of that item.',
  },
  {
    rule: 'MAF-3.13',
    what: 'a day item neither held nor openly found',
    match: () => eight(),
    player: 't1',
    action: { type: 'use-item', item: 'megaphone' },
    reason: 'no-item',
    message: 'You hold no usable copy of that item.',
  },
  {
    rule: 'MAF-8.5',
    what: 'a multi-use item after its last charge',
    match: () =>
      nextNight(
        nextNight(eightAtNight({ t1: { inventory: { 'holy-water': 1 } } }), [
          ['t1', { type: 'use-item', item: 'holy-water', target: 't2' }],
        ]),
        [['t1', { type: 'use-item', item: 'holy-water', target: 't2' }]],
      ),
    player: 't1',
    action: { type: 'use-item', item: 'holy-water', target: 't2' },
    reason: 'no-charges',
    message: 'That item has no charge left.',
  },
  {
    rule: 'MAF-8.7',
    what: 'a reloadable item the night after its use',
    match: () =>
      nextNight(eightAtNight({ t1: { inventory: { 'healers-satchel': 1 } } }), [
        ['t1', { type: 'use-item', item: 'healers-satchel', target: 't2' }],
      ]),
    player: 't1',
    action: { type: 'use-item', item: 'healers-satchel', target: 't2' },
    reason: 'reloading',
    message: 'That item is reloading.',
  },
  {
    rule: 'MAF-4.1',
    what: 'a map search without the map',
    match: () => eightAtNight(),
    player: 't1',
    action: { type: 'search-map', item: 'dowsing-rod' },
    reason: 'no-map',
    message: 'You hold no map of that item.',
  },
  {
    rule: 'MAF-7.8',
    what: 'a guard boost by a mage',
    match: () => eightAtNight(),
    player: 't4',
    action: { type: 'guard-boost' },
    reason: 'not-your-specialty',
    message: 'That is not your specialty (or it is suspended).',
  },
  {
    rule: 'MAF-7.8',
    what: 'a second guard boost',
    match: () => nextNight(eightAtNight(), [['t3', { type: 'guard-boost' }]]),
    player: 't3',
    action: { type: 'guard-boost' },
    reason: 'once-per-game',
    message: 'That ability is already spent.',
  },
  {
    rule: 'MAF-7.12',
    what: 'an enchantment on two nights running',
    match: () =>
      nextNight(eightAtNight({ t4: { inventory: { 'lucky-coin': 1 } } }), [['t4', { type: 'enchant', item: 'lucky-coin', bonus: 'luck' }]]),
    player: 't4',
    action: { type: 'enchant', item: 'lucky-coin', bonus: 'death-avoid' },
    reason: 'not-two-nights',
    message: 'Not on two consecutive nights.',
  },
  {
    rule: 'MAF-4.8',
    what: 'a Thing search right after a Thing search',
    match: () => nextNight(eightAtNight({}, { dice: 'succeed' }), [['t4', { type: 'search-random', rarity: 'thing' }]]),
    player: 't4',
    action: { type: 'search-random', rarity: 'thing' },
    reason: 'thing-search-repeat',
    message: 'You searched for a Thing last night.',
  },
  {
    rule: 'MAF-4.19',
    what: 'a second search preparation',
    match: () => eightAtNight({ t1: { effects: [{ effect: 'prepared-search' }] } }),
    player: 't1',
    action: { type: 'prepare-search' },
    reason: 'already-prepared',
    message: 'You already hold that preparation.',
  },
  {
    rule: 'MAF-4.3',
    what: 'a set search without a piece of the set',
    match: () => eightAtNight(),
    player: 't1',
    action: { type: 'search-set', item: 'night-ring' },
    reason: 'not-in-set',
    message: 'You hold no piece of that set.',
  },
  {
    rule: 'MAF-4.3',
    what: 'a set search for a piece held',
    match: () => eightAtNight({ t1: { inventory: { 'tracker-compass': 1 } } }),
    player: 't1',
    action: { type: 'search-set', item: 'tracker-compass' },
    reason: 'already-owned',
    message: 'You already hold that piece.',
  },
  {
    rule: 'MAF-4.6',
    what: 'a legendary search with every legendary destroyed',
    match: () => eightAtNight({}, { setup: { destroyed: allLegendaries } }),
    player: 't1',
    action: { type: 'search-random', rarity: 'legendary' },
    reason: 'none-available',
    message: 'Nothing of that rarity is left in the deck.',
  },
  {
    rule: 'MAF-4.10',
    what: 'the theft of a Thing',
    match: () => eightAtNight(),
    player: 't1',
    action: { type: 'steal', target: 'b1', item: 'revolver' },
    reason: 'not-stealable',
    message: 'Things cannot be stolen.',
  },
  {
    rule: 'MAF-4.10',
    what: 'the theft of something no list shows',
    match: () => eightAtNight(),
    player: 't1',
    action: { type: 'steal', target: 't2', item: 'map:lucky-coin' },
    reason: 'item-not-visible',
    message: 'That item is not in the list.',
  },
  {
    rule: 'MAF-7.6',
    what: 'a smelting outside the recipes',
    match: () => eightAtNight({ t2: { inventory: { 'lucky-coin': 1 } } }),
    player: 't2',
    action: { type: 'smelt', item: 'lucky-coin', into: ['no-such-thing'] },
    reason: 'bad-recipe',
    message: 'That is not a smelting recipe.',
  },
  {
    rule: 'MAF-7.12',
    what: 'a bonus outside the rarity’s row',
    match: () => eightAtNight({ t4: { inventory: { 'lucky-coin': 1 } } }),
    player: 't4',
    action: { type: 'enchant', item: 'lucky-coin', bonus: 'vote-strength' },
    reason: 'bad-bonus',
    message: 'That enchantment is not available for this item.',
  },
  {
    rule: 'MAF-9.3',
    what: 'an antidote search while not poisoned',
    match: () => eightAtNight(),
    player: 't1',
    action: { type: 'search-antidote' },
    reason: 'not-poisoned',
    message: 'You are not poisoned.',
  },
  {
    rule: 'MAF-1.16',
    what: 'a Destruction under 18 players',
    match: () => eightAtNight(),
    player: 'b1',
    action: { type: 'destroy', target: 't2' },
    reason: 'destruction-not-allowed',
    message: 'Destruction is not allowed now.',
  },
  {
    rule: 'MAF-9.12',
    what: 'a second bearer for a one-form pelt',
    match: () =>
      nextNight(eightAtNight({ t1: { inventory: { 'werewolf-pelt': 1 } } }, { dice: 'fail' }), [
        ['t1', { type: 'use-item', item: 'werewolf-pelt', target: 't4' }],
      ]),
    player: 't1',
    action: { type: 'use-item', item: 'werewolf-pelt', target: 't5' },
    reason: 'limit-reached',
    message: 'That item already transforms as many players as it can.',
  },
  {
    rule: 'MAF-8.6',
    what: 'a second recharge of one copy',
    match: () =>
      nextNight(eightAtNight({ t4: { inventory: { 'holy-water': 1, 'charging-crystal': 2 } } }), [
        ['t4', { type: 'use-item', item: 'charging-crystal', subject: 'holy-water' }],
      ]),
    player: 't4',
    action: { type: 'use-item', item: 'charging-crystal', subject: 'holy-water' },
    reason: 'already-recharged',
    message: 'That item was already recharged.',
  },
  {
    rule: 'MAF-2.4',
    what: 'a search after a steal',
    match: () => eightAtNight().play([['t3', { type: 'steal', target: 'b1' }]]),
    player: 't3',
    action: { type: 'search-random', rarity: 'relic' },
    reason: 'action-locked',
    message: 'That slot is locked for this phase.',
  },
  {
    rule: 'MAF-2.10',
    what: 'the withdrawal of a steal',
    match: () => eightAtNight().play([['t3', { type: 'steal', target: 'b1' }]]),
    player: 't3',
    action: { type: 'withdraw', slot: 'basic' },
    reason: 'action-locked',
    message: 'That slot is locked for this phase.',
  },
  {
    rule: 'MAF-2.12',
    what: 'a townsperson writing to the bandits',
    match: () => eight(),
    player: 't1',
    action: { type: 'post', channel: 'bandits', text: 'hello' },
    reason: 'channel-forbidden',
    message: 'You cannot write to that channel.',
  },
  {
    rule: 'MAF-2.12',
    what: 'a post to an unknown channel',
    match: () => eight(),
    player: 'b1',
    action: { type: 'post', channel: 'nowhere', text: 'hello' },
    reason: 'channel-forbidden',
    message: 'You cannot write to that channel.',
  },
];

// MAF-2.6: the target checks every targeted action shares; these messages are the check's own.
const targets: Refusal[] = [
  {
    rule: 'MAF-2.6',
    what: 'a steal without a target',
    match: () => eightAtNight(),
    player: 't1',
    action: { type: 'steal' },
    reason: 'field-missing',
    message: 'The target is missing.',
  },
  {
    rule: 'MAF-2.6',
    what: 'a steal with a null target',
    match: () => eightAtNight(),
    player: 't1',
    action: { type: 'steal', target: null },
    reason: 'field-missing',
    message: 'The target is missing.',
  },
  {
    rule: 'MAF-2.6',
    what: 'a steal with an empty target',
    match: () => eightAtNight(),
    player: 't1',
    action: { type: 'steal', target: '' },
    reason: 'field-missing',
    message: 'The target is missing.',
  },
  {
    rule: 'MAF-2.6',
    what: 'a vote with an empty target',
    match: () => eight(),
    player: 't1',
    action: { type: 'vote', target: '' },
    reason: 'field-missing',
    message: 'The target is missing.',
  },
  {
    rule: 'MAF-2.6',
    what: 'a steal from nobody',
    match: () => eightAtNight(),
    player: 't1',
    action: { type: 'steal', target: 'nobody' },
    reason: 'illegal-target',
    message: 'No such player.',
  },
  {
    rule: 'MAF-2.6',
    what: 'a vote for a number',
    match: () => eight(),
    player: 't1',
    action: { type: 'vote', target: 7 },
    reason: 'illegal-target',
    message: 'No such player.',
  },
  {
    rule: 'MAF-2.6',
    what: 'a vote for a jailed player (scope others)',
    match: () => eight({ t6: { state: 'jailed' } }),
    player: 't1',
    action: { type: 'vote', target: 't6' },
    reason: 'illegal-target',
    message: 'The target is not in town.',
  },
  {
    rule: 'MAF-2.6',
    what: 'an others item on a dead player',
    match: () => eightAtNight({ t1: { inventory: { 'healers-satchel': 1 } }, t5: { state: 'dead' } }),
    player: 't1',
    action: { type: 'use-item', item: 'healers-satchel', target: 't5' },
    reason: 'illegal-target',
    message: 'The target is not in town.',
  },
  {
    rule: 'MAF-2.6',
    what: 'an all item on a dead player',
    match: () => eightAtNight({ t1: { inventory: { 'elixir-of-life': 1 } }, t5: { state: 'dead' } }),
    player: 't1',
    action: { type: 'use-item', item: 'elixir-of-life', target: 't5' },
    reason: 'illegal-target',
    message: 'The target is not in town.',
  },
  {
    rule: 'MAF-2.6',
    what: 'an all item on an away player',
    match: () => eightAtNight({ t1: { inventory: { 'elixir-of-life': 1 } }, t5: { state: 'away' } }),
    player: 't1',
    action: { type: 'use-item', item: 'elixir-of-life', target: 't5' },
    reason: 'illegal-target',
    message: 'The target is not in town.',
  },
  {
    rule: 'MAF-2.6',
    what: 'a dead-scope item on a living player',
    match: () => eightAtNight({ t1: { inventory: { 'phoenix-feather': 1 } } }),
    player: 't1',
    action: { type: 'use-item', item: 'phoenix-feather', target: 't2' },
    reason: 'illegal-target',
    message: 'The target is not dead.',
  },
  {
    rule: 'MAF-2.6',
    what: 'a jailed-scope item on a dead player',
    match: () => eightAtNight({ t1: { inventory: { 'letter-of-pardon': 1 } }, t5: { state: 'dead' } }),
    player: 't1',
    action: { type: 'use-item', item: 'letter-of-pardon', target: 't5' },
    reason: 'illegal-target',
    message: 'The target is not jailed.',
  },
];

describe('MAF-2.5 the shared refusals', () => {
  it.each(ownText)('$rule MAF-2.5 $what: $reason with the reason’s own text', ({ match, player, action, reason, message }) => {
    const m = match();
    const pending = structuredClone(m.pending);
    const events = m.events.length;
    expect(m.attempt(player, action)).toEqual({ ok: false, reason, message });
    // a refusal changes nothing and reveals nothing
    expect(m.pending).toEqual(pending);
    expect(m.events).toHaveLength(events);
  });

  it.each(targets)('$rule $what: $reason, “$message”', (row) => {
    expect(expectRefused(row).pending).toEqual([]);
  });

  it('MAF-2.6 the scopes accept what they name: all takes oneself, dead a dead player, jailed a jailed one', () => {
    const m = eightAtNight({
      t1: { inventory: { 'elixir-of-life': 1, 'phoenix-feather': 1, 'letter-of-pardon': 1 } },
      t5: { state: 'dead' },
      t6: { state: 'jailed' },
    });
    expect(m.attempt('t1', { type: 'use-item', item: 'elixir-of-life', target: 't1' })).toEqual({ ok: true, slot: 'basic' });
    expect(m.pending.find((p) => p.player === 't1')!.action).toEqual({ type: 'use-item', item: 'elixir-of-life', target: 't1' });
    expect(m.attempt('t1', { type: 'use-item', item: 'phoenix-feather', target: 't5' })).toEqual({ ok: true, slot: 'basic' });
    expect(m.pending.find((p) => p.player === 't1')!.action).toEqual({ type: 'use-item', item: 'phoenix-feather', target: 't5' });
    expect(m.attempt('t1', { type: 'use-item', item: 'letter-of-pardon', target: 't6' })).toEqual({ ok: true, slot: 'basic' });
    expect(m.pending.find((p) => p.player === 't1')!.action).toEqual({ type: 'use-item', item: 'letter-of-pardon', target: 't6' });
  });
});
