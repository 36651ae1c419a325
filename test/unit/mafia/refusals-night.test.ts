// MAF-2.5 the night's own refusals (engine/rulesets/mafia/validate-night.ts): each refused submission
// answers its reason id and the message naming what was wrong, and changes nothing; MAF-4.8 the
// Thing-search rule and its antidote exemption; MAF-2.9 last words.
import { describe, expect, it } from 'vitest';
import type { ActionInput } from '../../../engine/core/types.js';
import { eight, eightAtNight, type Match } from './harness.js';

type Case = [what: string, m: () => Match, player: string, action: ActionInput, reason: string, message: string];

// The page texts of the default messages (validate-common.ts), for the refusals that carry no own text.
const WRONG_PHASE = 'That action does not belong to this phase.';
const PARALYSED = 'You are paralysed.';
const DEAD = 'You are dead.';
const NO_MAP = 'You hold no map of that item.';
const NOT_IN_SET = 'You hold no piece of that set.';
const NOT_VISIBLE = 'That item is not in the list.';
const BAD_RECIPE = 'That is not a smelting recipe.';
const BAD_BONUS = 'That enchantment is not available for this item.';
const LOCKED_NAMED = 'The item is already named.';
const BANDITS_ONLY = 'Destruction is the bandits’ action.';

/** Day 1: t4 holds a dowsing-rod map and a tracker-compass; b1 and b2 are the bandits. */
const day = () => eight({ t4: { maps: ['dowsing-rod'], inventory: { 'tracker-compass': 1 } } });
/** Night 1, the same holdings. */
const night = () => eightAtNight({ t4: { maps: ['dowsing-rod'], inventory: { 'tracker-compass': 1 } } });
/** Night 1, t4 paralysed with the same holdings. */
const paralysed = () =>
  eightAtNight({ t4: { maps: ['dowsing-rod'], inventory: { 'tracker-compass': 1 }, effects: [{ effect: 'paralysis' }] } });
/** Night 1: t2 (blacksmith) and t4 (mage) hold a relic each, t4 also a Thing; t1 is the archaeologist. */
const crafts = () =>
  eightAtNight({
    t2: { inventory: { 'lucky-coin': 1 } },
    t4: { inventory: { 'lucky-coin': 1, revolver: 1 } },
    t5: { inventory: { 'holy-water': 1 } },
  });
/** Night 1 with Destruction allowed at eight seats (6 town − 2 bandits in town > the margin 2); t1 holds a lucky coin. */
const destruction = () => eightAtNight({ t1: { inventory: { 'lucky-coin': 1 } } }, { settings: { 'destruction-min-players': 8 } });
/** The same, after b1's `destroy` on t1 with no item named. */
const destroyNamed = (item?: string) => () => {
  const m = destruction();
  m.play([['b1', item ? { type: 'destroy', target: 't1', item } : { type: 'destroy', target: 't1' }]]);
  return m;
};
/** Night 1, t5 holding a lucky coin; t4's basic slot holds the given action. */
const withBasic = (action?: ActionInput) => () => {
  const m = eightAtNight({ t5: { inventory: { 'lucky-coin': 1 } } });
  if (action) m.play([['t4', action]]);
  return m;
};

const refusals: Case[] = [
  // search-map (MAF-4.1)
  [
    'MAF-2.5 MAF-4.1 search-map in the day is refused wrong-phase',
    day,
    't4',
    { type: 'search-map', item: 'dowsing-rod' },
    'wrong-phase',
    WRONG_PHASE,
  ],
  [
    'MAF-2.5 MAF-4.1 search-map by a paralysed player is refused paralysed',
    paralysed,
    't4',
    { type: 'search-map', item: 'dowsing-rod' },
    'paralysed',
    PARALYSED,
  ],
  [
    'MAF-2.5 MAF-4.1 search-map without a map is refused field-missing',
    night,
    't4',
    { type: 'search-map' },
    'field-missing',
    'Name the map.',
  ],
  [
    'MAF-2.5 MAF-4.1 search-map with an empty map is refused field-missing',
    night,
    't4',
    { type: 'search-map', item: '' },
    'field-missing',
    'Name the map.',
  ],
  [
    'MAF-2.5 MAF-4.1 search-map of a map not held is refused no-map',
    night,
    't4',
    { type: 'search-map', item: 'lucky-coin' },
    'no-map',
    NO_MAP,
  ],
  [
    'MAF-2.5 MAF-4.1 search-map of an unknown item is refused no-map',
    night,
    't4',
    { type: 'search-map', item: 'no-such-item' },
    'no-map',
    NO_MAP,
  ],
  [
    'MAF-2.5 MAF-4.1 search-map with a number for the map is refused no-map',
    night,
    't4',
    { type: 'search-map', item: 5 },
    'no-map',
    NO_MAP,
  ],
  // search-random (MAF-4.2)
  [
    'MAF-2.5 MAF-4.2 search-random without a rarity is refused field-missing',
    night,
    't4',
    { type: 'search-random' },
    'field-missing',
    'Name the rarity.',
  ],
  [
    'MAF-2.5 MAF-4.2 search-random of an unknown rarity is refused illegal-target',
    night,
    't4',
    { type: 'search-random', rarity: 'epic' },
    'illegal-target',
    'No such rarity.',
  ],
  // search-set (MAF-4.3)
  [
    'MAF-2.5 MAF-4.3 search-set in the day is refused wrong-phase',
    day,
    't4',
    { type: 'search-set', item: 'tracker-boots' },
    'wrong-phase',
    WRONG_PHASE,
  ],
  [
    'MAF-2.5 MAF-4.3 search-set by a paralysed player is refused paralysed',
    paralysed,
    't4',
    { type: 'search-set', item: 'tracker-boots' },
    'paralysed',
    PARALYSED,
  ],
  [
    'MAF-2.5 MAF-4.3 search-set without a piece is refused field-missing',
    night,
    't4',
    { type: 'search-set' },
    'field-missing',
    'Name the set piece.',
  ],
  [
    'MAF-2.5 MAF-4.3 search-set of an unknown item is refused illegal-target',
    night,
    't4',
    { type: 'search-set', item: 'no-such-item' },
    'illegal-target',
    'No such item.',
  ],
  [
    'MAF-2.5 MAF-4.3 search-set with a number for the piece is refused illegal-target',
    night,
    't4',
    { type: 'search-set', item: 7 },
    'illegal-target',
    'No such item.',
  ],
  [
    'MAF-4.3 search-set of an item in no set is refused not-in-set',
    night,
    't4',
    { type: 'search-set', item: 'lucky-coin' },
    'not-in-set',
    NOT_IN_SET,
  ],
  [
    'MAF-4.3 search-set of a piece of a set he holds nothing of is refused not-in-set',
    night,
    't4',
    { type: 'search-set', item: 'night-mantle' },
    'not-in-set',
    NOT_IN_SET,
  ],
  // steal-pick (MAF-4.10)
  [
    'MAF-2.5 MAF-4.10 steal-pick in the day is refused wrong-phase',
    day,
    't4',
    { type: 'steal-pick', item: 'lucky-coin' },
    'wrong-phase',
    WRONG_PHASE,
  ],
  [
    'MAF-2.5 MAF-4.10 steal-pick by a paralysed player is refused paralysed',
    paralysed,
    't4',
    { type: 'steal-pick', item: 'lucky-coin' },
    'paralysed',
    PARALYSED,
  ],
  [
    'MAF-2.5 MAF-4.10 steal-pick without an item is refused field-missing',
    withBasic({ type: 'steal', target: 't5' }),
    't4',
    { type: 'steal-pick' },
    'field-missing',
    'Name the item.',
  ],
  [
    'MAF-2.5 MAF-4.10 steal-pick without an item and without a theft is refused field-missing',
    withBasic(),
    't4',
    { type: 'steal-pick' },
    'field-missing',
    'Name the item.',
  ],
  [
    'MAF-4.10 steal-pick with no steal submitted is refused not-allowed',
    withBasic(),
    't4',
    { type: 'steal-pick', item: 'lucky-coin' },
    'not-allowed',
    'There is no theft to complete.',
  ],
  [
    'MAF-4.10 steal-pick while the basic slot holds a preparation is refused not-allowed',
    withBasic({ type: 'prepare-search' }),
    't4',
    { type: 'steal-pick', item: 'lucky-coin' },
    'not-allowed',
    'There is no theft to complete.',
  ],
  [
    'MAF-4.10 steal-pick while the basic slot holds a random search is refused not-allowed',
    withBasic({ type: 'search-random', rarity: 'relic' }),
    't4',
    { type: 'steal-pick', item: 'lucky-coin' },
    'not-allowed',
    'There is no theft to complete.',
  ],
  [
    'MAF-2.4 MAF-4.10 steal-pick after a steal that named its item is refused action-locked',
    withBasic({ type: 'steal', target: 't5', item: 'lucky-coin' }),
    't4',
    { type: 'steal-pick', item: 'lucky-coin' },
    'action-locked',
    LOCKED_NAMED,
  ],
  // copy-map (MAF-7.4)
  [
    'MAF-2.5 MAF-7.4 copy-map without a map is refused field-missing',
    crafts,
    't1',
    { type: 'copy-map', target: 't2' },
    'field-missing',
    'Name the map.',
  ],
  [
    'MAF-2.5 MAF-7.4 copy-map of an unknown item is refused illegal-target',
    crafts,
    't1',
    { type: 'copy-map', target: 't2', item: 'no-such-item' },
    'illegal-target',
    'No such item.',
  ],
  [
    'MAF-2.5 MAF-7.4 copy-map with a number for the map is refused illegal-target',
    crafts,
    't1',
    { type: 'copy-map', target: 't2', item: 3 },
    'illegal-target',
    'No such item.',
  ],
  // enchant (MAF-7.12)
  [
    'MAF-2.5 MAF-7.12 enchant without a bonus is refused field-missing',
    crafts,
    't4',
    { type: 'enchant', item: 'lucky-coin' },
    'field-missing',
    'Name the item and the bonus.',
  ],
  [
    'MAF-2.5 MAF-7.12 enchant without an item is refused field-missing',
    crafts,
    't4',
    { type: 'enchant', bonus: 'luck' },
    'field-missing',
    'Name the item and the bonus.',
  ],
  [
    'MAF-7.12 enchanting a Thing is refused bad-bonus',
    crafts,
    't4',
    { type: 'enchant', item: 'revolver', bonus: 'luck' },
    'bad-bonus',
    BAD_BONUS,
  ],
  // smelt (MAF-7.6)
  [
    'MAF-2.5 MAF-7.6 smelt without into is refused field-missing',
    crafts,
    't2',
    { type: 'smelt', item: 'lucky-coin' },
    'field-missing',
    'Name the item and what to smelt it into.',
  ],
  [
    'MAF-2.5 MAF-7.6 smelt without an item is refused field-missing',
    crafts,
    't2',
    { type: 'smelt', into: ['dope-potion'] },
    'field-missing',
    'Name the item and what to smelt it into.',
  ],
  [
    'MAF-7.6 smelt into a bare Thing id (not a list) is refused bad-recipe',
    crafts,
    't2',
    { type: 'smelt', item: 'lucky-coin', into: 'dope-potion' },
    'bad-recipe',
    BAD_RECIPE,
  ],
  [
    'MAF-7.6 smelt into a number is refused bad-recipe',
    crafts,
    't2',
    { type: 'smelt', item: 'lucky-coin', into: 1 },
    'bad-recipe',
    BAD_RECIPE,
  ],
  [
    'MAF-7.6 smelt into counts with a negative count is refused bad-recipe',
    crafts,
    't2',
    { type: 'smelt', item: 'lucky-coin', into: { 'dope-potion': 1, poison: -1 } },
    'bad-recipe',
    BAD_RECIPE,
  ],
  [
    'MAF-7.6 smelt into counts with half a Thing is refused bad-recipe',
    crafts,
    't2',
    { type: 'smelt', item: 'lucky-coin', into: { 'dope-potion': 0.5 } },
    'bad-recipe',
    BAD_RECIPE,
  ],
  [
    'MAF-7.6 smelt into counts with a count as text is refused bad-recipe',
    crafts,
    't2',
    { type: 'smelt', item: 'lucky-coin', into: { 'dope-potion': '1' } },
    'bad-recipe',
    BAD_RECIPE,
  ],
  [
    'MAF-7.6 smelt into counts of the wrong Thing is refused bad-recipe',
    crafts,
    't2',
    { type: 'smelt', item: 'lucky-coin', into: { poison: 1 } },
    'bad-recipe',
    BAD_RECIPE,
  ],
  // destroy (MAF-1.15, MAF-1.16)
  [
    'MAF-1.15 destroy by a townsperson is refused not-allowed',
    destruction,
    't1',
    { type: 'destroy', target: 't2' },
    'not-allowed',
    BANDITS_ONLY,
  ],
  [
    'MAF-2.5 MAF-1.15 destroy without a target is refused field-missing',
    destruction,
    'b1',
    { type: 'destroy' },
    'field-missing',
    'The target is missing.',
  ],
  [
    'MAF-2.5 MAF-1.15 destroy of an unknown player is refused illegal-target',
    destruction,
    'b1',
    { type: 'destroy', target: 'nobody' },
    'illegal-target',
    'No such player.',
  ],
  [
    'MAF-2.5 MAF-1.15 destroy naming an item that is in no catalog is refused item-not-visible',
    destruction,
    'b1',
    { type: 'destroy', target: 't1', item: 'no-such-item' },
    'item-not-visible',
    NOT_VISIBLE,
  ],
  [
    'MAF-2.5 MAF-1.15 destroy naming a number for the item is refused item-not-visible',
    destruction,
    'b1',
    { type: 'destroy', target: 't1', item: 4 },
    'item-not-visible',
    NOT_VISIBLE,
  ],
  // destroy-pick (MAF-1.15)
  [
    'MAF-2.5 MAF-1.15 destroy-pick in the day is refused wrong-phase',
    () => eight({}, { settings: { 'destruction-min-players': 8 } }),
    'b1',
    { type: 'destroy-pick', item: 'lucky-coin' },
    'wrong-phase',
    WRONG_PHASE,
  ],
  [
    'MAF-1.15 destroy-pick by a townsperson is refused not-allowed',
    destroyNamed(),
    't2',
    { type: 'destroy-pick', item: 'lucky-coin' },
    'not-allowed',
    BANDITS_ONLY,
  ],
  [
    'MAF-2.5 MAF-1.15 destroy-pick without an item is refused field-missing',
    destroyNamed(),
    'b2',
    { type: 'destroy-pick' },
    'field-missing',
    'Name the item.',
  ],
  [
    'MAF-2.5 MAF-1.15 destroy-pick without an item and without a destroy is refused field-missing',
    destruction,
    'b2',
    { type: 'destroy-pick' },
    'field-missing',
    'Name the item.',
  ],
  [
    'MAF-1.15 destroy-pick with no destroy submitted is refused not-allowed',
    destruction,
    'b2',
    { type: 'destroy-pick', item: 'lucky-coin' },
    'not-allowed',
    'There is no Destruction to complete.',
  ],
  [
    'MAF-2.4 MAF-1.15 destroy-pick after a destroy that named its item is refused action-locked',
    destroyNamed('lucky-coin'),
    'b2',
    { type: 'destroy-pick', item: 'lucky-coin' },
    'action-locked',
    LOCKED_NAMED,
  ],
  [
    'MAF-1.15 destroy-pick of an item the target does not hold is refused item-not-visible',
    destroyNamed(),
    'b2',
    { type: 'destroy-pick', item: 'holy-water' },
    'item-not-visible',
    NOT_VISIBLE,
  ],
  [
    'MAF-1.15 destroy-pick with a number for the item is refused item-not-visible',
    destroyNamed(),
    'b2',
    { type: 'destroy-pick', item: 9 },
    'item-not-visible',
    NOT_VISIBLE,
  ],
];

describe('MAF-2.5 night refusals: reason and message', () => {
  it.each(refusals)('%s', (_what, make, player, action, reason, message) => {
    const m = make();
    const state = JSON.stringify(m.state);
    const pending = JSON.stringify(m.pending);
    const events = m.events.length;
    expect(m.attempt(player, action)).toEqual({ ok: false, reason, message });
    // a refused action changes nothing and reveals nothing
    expect(JSON.stringify(m.state)).toBe(state);
    expect(JSON.stringify(m.pending)).toBe(pending);
    expect(m.events.length).toBe(events);
  });
});

describe('MAF-4.8 no Thing search right after a Thing search; the poisoned player’s antidote search is exempt', () => {
  /**
   * Night 1 (forced failures): t4 (poisoned, two nights to live) and t5 search for a random Thing; then
   * day 2 passes without a vote; night 2 is open. Both hold maps of the antidote, of poison and of a relic.
   */
  function afterThingSearch(): Match {
    const maps = ['antidote', 'poison', 'lucky-coin'];
    const m = eightAtNight({ t4: { maps, effects: [{ effect: 'poison', nightsLeft: 2 }] }, t5: { maps } }, { dice: 'fail' });
    m.night([
      ['t4', { type: 'search-random', rarity: 'thing' }],
      ['t5', { type: 'search-random', rarity: 'thing' }],
    ]);
    m.close();
    expect(m.phase).toBe('night-2');
    expect(m.p('t4').status).toBe('in-town');
    expect(m.p('t4').fx.poison).not.toBeNull();
    expect(m.p('t5').fx.poison).toBeNull();
    return m;
  }
  const repeat = { ok: false, reason: 'thing-search-repeat', message: 'You searched for a Thing last night.' };

  it('MAF-4.8 a Thing map right after a Thing search is refused thing-search-repeat, poisoned or not', () => {
    const m = afterThingSearch();
    expect(m.attempt('t4', { type: 'search-map', item: 'poison' })).toEqual(repeat);
    expect(m.attempt('t5', { type: 'search-map', item: 'poison' })).toEqual(repeat);
  });

  it('MAF-4.8 the antidote map of a player who is not poisoned is a Thing search: refused thing-search-repeat', () => {
    const m = afterThingSearch();
    expect(m.attempt('t5', { type: 'search-map', item: 'antidote' })).toEqual(repeat);
  });

  it('MAF-4.8 the antidote map of a poisoned player is an antidote search: accepted in his basic slot', () => {
    const m = afterThingSearch();
    expect(m.attempt('t4', { type: 'search-map', item: 'antidote' })).toEqual({ ok: true, slot: 'basic' });
    expect(m.pending).toEqual([
      expect.objectContaining({ player: 't4', owner: 't4', slot: 'basic', action: { type: 'search-map', item: 'antidote' } }),
    ]);
  });

  it('MAF-4.8 a map of a non-Thing right after a Thing search is accepted', () => {
    const m = afterThingSearch();
    expect(m.attempt('t4', { type: 'search-map', item: 'lucky-coin' })).toEqual({ ok: true, slot: 'basic' });
    expect(m.attempt('t5', { type: 'search-map', item: 'lucky-coin' })).toEqual({ ok: true, slot: 'basic' });
    expect(m.pending.map((p) => [p.owner, p.slot, p.action])).toEqual([
      ['t4', 'basic', { type: 'search-map', item: 'lucky-coin' }],
      ['t5', 'basic', { type: 'search-map', item: 'lucky-coin' }],
    ]);
  });
});

describe('MAF-2.9 last words: refusals', () => {
  /** Day 1: t6 jailed by the scenario, t1 votes t2; the close jails t2, who may speak during night 1. */
  function jailedToday(max = 10): Match {
    const m = eight({ t6: { state: 'jailed' } }, { settings: { 'last-words-max-chars': max } });
    m.play([['t1', { type: 'vote', target: 't2' }]]);
    m.close();
    expect(m.phase).toBe('night-1');
    expect(m.p('t2').status).toBe('jailed');
    return m;
  }
  const onlyToday = { ok: false, reason: 'not-allowed', message: 'Only the player jailed today may speak, once.' };
  const write = { ok: false, reason: 'field-missing', message: 'Write your last words.' };

  it('MAF-2.9 a player in town may not speak: not-allowed', () => {
    expect(jailedToday().attempt('t3', { type: 'last-words', text: 'hi' })).toEqual(onlyToday);
  });

  it('MAF-2.9 a player jailed before today may not speak, while today’s jailed may: not-allowed', () => {
    const m = jailedToday();
    expect(m.attempt('t6', { type: 'last-words', text: 'hi' })).toEqual(onlyToday);
    expect(m.pending).toEqual([]);
    expect(m.attempt('t2', { type: 'last-words', text: 'hi' })).toEqual({ ok: true, slot: 'last-words' });
  });

  it('MAF-2.9 a jailed player on a night when nobody was jailed that day may not speak: not-allowed', () => {
    const m = eightAtNight({ t6: { state: 'jailed' } });
    expect(m.attempt('t6', { type: 'last-words', text: 'hi' })).toEqual(onlyToday);
  });

  it('MAF-2.9 MAF-1.19 a player removed by the GM may not speak: not-alive', () => {
    const m = jailedToday();
    m.remove('t2');
    expect(m.attempt('t2', { type: 'last-words', text: 'hi' })).toEqual({ ok: false, reason: 'not-alive', message: DEAD });
  });

  it.each<[string, ActionInput]>([
    ['without a text', { type: 'last-words' }],
    ['with an empty text', { type: 'last-words', text: '' }],
    ['with a number for a text', { type: 'last-words', text: 42 }],
  ])('MAF-2.9 the jailed player’s last words %s are refused field-missing', (_what, action) => {
    const m = jailedToday();
    expect(m.attempt('t2', action)).toEqual(write);
    expect(m.pending).toEqual([]);
    expect(m.of('night-1').filter((e) => e.kind === 'last-words')).toEqual([]);
  });

  it('MAF-2.9 last words longer than last-words-max-chars are refused “Too long.”; exactly the limit is published', () => {
    const m = jailedToday(10);
    expect(m.attempt('t2', { type: 'last-words', text: '12345678901' })).toEqual({
      ok: false,
      reason: 'not-allowed',
      message: 'Too long.',
    });
    expect(m.attempt('t2', { type: 'last-words', text: '1234567890' })).toEqual({ ok: true, slot: 'last-words' });
    expect(m.of('night-1').filter((e) => e.kind === 'last-words')).toEqual([
      { kind: 'last-words', to: 'public', player: 't2', text: '1234567890' },
    ]);
  });

  it('MAF-2.9 a second message is refused: the last words are already published', () => {
    const m = jailedToday();
    m.play([['t2', { type: 'last-words', text: 'bye' }]]);
    expect(m.attempt('t2', { type: 'last-words', text: 'again' })).toEqual({
      ok: false,
      reason: 'not-allowed',
      message: 'Your last words are already published.',
    });
  });
});
