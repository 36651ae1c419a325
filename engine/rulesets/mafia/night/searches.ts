// MAF-4.1–4.9, 4.16, 4.19–4.20, 5.6, 7.2–7.3, 9.3: step IV, preparations and searches.
import type { ActionInput, GameEvent } from '../../../core/types.js';
import type { Rarity } from '../ids.js';
import { inDeck, piecesHeld } from '../inventory.js';
import { antidoteId } from '../rules-data.js';
import { catalogOf, hasSpecialty, newCopy } from '../state.js';
import type { MafiaState, PhaseRef, PlayerState } from '../state.js';
import { statOf } from '../stats.js';
import { antidoteChance, chanceTerms, sumTerms, type OddsAction } from '../odds.js';
import type { Act, Night } from './context.js';

interface Try {
  act: Act;
  kind: 'map' | 'random' | 'set' | 'antidote';
  item: string | null;
  rarity: Rarity | null;
  ok: boolean;
  reason: string;
  /** d100 roll of the own check (null: not rolled); collisions compare it. */
  roll: number | null;
}

/** MAF-4.9: whoever obtains a set piece is told the set's pieces and rarities. */
export function setInfo(night: Night, p: PlayerState, item: string): GameEvent | null {
  const setId = night.cat.item.get(item)?.set;
  const set = setId ? night.cat.set.get(setId) : undefined;
  if (!set) return null;
  return {
    kind: 'set-info',
    to: p.id,
    set: set.id,
    pieces: set.pieces.map((piece) => ({ item: piece, rarity: night.cat.item.get(piece)?.rarity ?? null })),
  };
}

export interface SearchPlan {
  kind: 'map' | 'random' | 'set' | 'antidote';
  item: string | null;
  rarity: Rarity;
  /** The chance of the own check (MAF-4.1–4.4, 4.20, 9.3). */
  chance: number;
}

/**
 * What a search aims at and its chance, read at `at` (MAF-4.1 map: base + map-bonus; 4.2 random:
 * base; 4.3 set: set-base + set-piece-bonus per extra piece; plus preparation and find-bonus;
 * 9.3 antidote searches by the poisoned: fixed 40 / 30, no modifier).
 */
export function searchPlan(state: MafiaState, actor: PlayerState, action: ActionInput, at: PhaseRef, poisonNight?: number): SearchPlan {
  const s = state.settings;
  const cat = catalogOf(state);
  const antidote = antidoteId(cat);
  const prep = actor.fx.prepared.search;
  const find = statOf(state, actor, at, 'find-bonus');
  const antidote1or2 = () => antidoteChance(s, at.n - (poisonNight ?? at.n - 1));
  const chance = (action: OddsAction, rarity: Rarity, piecesHeld?: number) =>
    sumTerms(chanceTerms(s, { action, rarity, prepared: prep, bonus: find, ...(piecesHeld !== undefined ? { piecesHeld } : {}) }));
  switch (action.type) {
    case 'search-antidote':
      return { kind: 'antidote', item: antidote, rarity: 'thing', chance: antidote1or2() };
    case 'search-map': {
      const item = String(action.item);
      const rarity = cat.item.get(item)?.rarity ?? 'thing';
      if (item === antidote && poisonNight !== undefined) return { kind: 'antidote', item, rarity, chance: antidote1or2() };
      return { kind: 'map', item, rarity, chance: chance('search-map', rarity) };
    }
    case 'search-set': {
      const item = String(action.item);
      const def = cat.item.get(item);
      const rarity = def?.rarity ?? 'thing';
      const set = def?.set ? cat.set.get(def.set) : undefined;
      const held = set ? piecesHeld(actor, set) : 1;
      return { kind: 'set', item, rarity, chance: chance('search-set', rarity, held) };
    }
    default: {
      const rarity = action.rarity as Rarity;
      return { kind: 'random', item: null, rarity, chance: chance('search-random', rarity) };
    }
  }
}

function evaluate(night: Night, act: Act): Try {
  const actor = act.actor;
  const plan = searchPlan(night.state, actor, act.action, night.at, night.poisonAtStart.get(actor.id));
  const t: Try = { act, kind: plan.kind, item: plan.item, rarity: plan.rarity, ok: false, reason: 'dice', roll: null };
  // MAF-4.8: a carried-out Thing search counts for the next night (antidote searches do not).
  if (t.kind !== 'antidote' && t.rarity === 'thing') actor.lastThingSearch = night.n;
  if (t.kind === 'antidote') {
    // MAF-9.3: no luck, no curse.
    const c = night.check(plan.chance);
    t.ok = c.ok;
    t.roll = c.roll;
    return t;
  }
  // MAF-4.6: a legendary no longer in the deck fails (`unavailable`).
  if (t.item && t.rarity === 'legendary' && !inDeck(night.state, t.item)) {
    t.reason = 'unavailable';
    return t;
  }
  const c = night.check(plan.chance);
  t.roll = c.roll;
  t.ok = c.ok || night.lucky(actor);
  if (t.ok && night.cursed(actor)) t.ok = false;
  if (t.ok && t.kind === 'random') {
    const deck = night.deckAtStart[t.rarity!] ?? [];
    if (deck.length === 0) {
      t.ok = false;
      t.reason = 'unavailable';
    } else t.item = night.rng.pick(deck);
  }
  return t;
}

/** MAF-4.16: several successes on one legendary: a map search first, then the highest roll, then seat order. */
function collide(tries: Try[], night: Night): void {
  const byItem = new Map<string, Try[]>();
  for (const t of tries) {
    if (!t.ok || t.kind === 'antidote' || !t.item || night.cat.item.get(t.item)?.rarity !== 'legendary') continue;
    byItem.set(t.item, [...(byItem.get(t.item) ?? []), t]);
  }
  for (const group of byItem.values()) {
    if (group.length < 2) continue;
    const rollOf = (t: Try) => (t.roll === null ? 101 : t.roll);
    group.sort((a, b) => Number(a.kind !== 'map') - Number(b.kind !== 'map') || rollOf(b) - rollOf(a) || a.act.seat - b.act.seat);
    for (const loser of group.slice(1)) {
      loser.ok = false;
      loser.reason = 'collision';
    }
  }
}

function grant(night: Night, t: Try): void {
  const actor = t.act.actor;
  const antidote = antidoteId(night.cat);
  const fields = t.item ? { item: t.item } : {};
  const archaeologist = hasSpecialty(actor, 'archaeologist', night.at);
  if (t.kind !== 'antidote') {
    // MAF-7.2: the archaeologist's streak; MAF-4.20, 7.3: the preparation is used up.
    if (archaeologist) actor.searchFails = t.ok ? 0 : actor.searchFails + 1;
    if (actor.fx.prepared.search && (t.ok || !archaeologist)) actor.fx.prepared.search = false;
  }
  if (!t.ok) return night.fail(t.act, t.reason, fields);
  const item = t.item!;
  if (t.kind === 'map' || (t.kind === 'antidote' && t.act.action.type === 'search-map')) actor.maps = actor.maps.filter((m) => m !== item);
  // MAF-9.3: an antidote found while poisoned is applied at once, not kept, not announced; D51: a
  // poisoning earlier this night (step II) counts.
  if (item === antidote && (night.poisonAtStart.has(actor.id) || actor.fx.poison !== null)) {
    if (actor.fx.poison) {
      actor.fx.poison = null;
      night.tell({ kind: 'effect-removed', to: actor.id, effect: 'poison' });
    }
    return night.succeed(t.act, fields);
  }
  actor.items.push(newCopy(night.state, item));
  if (!actor.found.includes(item)) actor.found.push(item);
  night.publicFinds.push({ kind: 'item-found', to: 'public', player: actor.id, item, rarity: night.cat.item.get(item)?.rarity ?? null });
  night.succeed(t.act, fields);
  const info = setInfo(night, actor, item);
  if (info) night.tell(info);
}

/** Step IV: preparations, then every search in seat order, collisions, and the finds. */
export function stepSearches(night: Night): void {
  const tries: Try[] = [];
  for (const act of night.acts) {
    if (!act.live) continue;
    const type = act.action.type;
    if (type === 'prepare-search' || type === 'prepare-theft') {
      if (night.cursed(act.actor)) night.fail(act, 'dice');
      else {
        act.actor.fx.prepared[type === 'prepare-search' ? 'search' : 'theft'] = true;
        night.succeed(act);
      }
    } else if (type.startsWith('search-')) tries.push(evaluate(night, act));
  }
  collide(tries, night);
  for (const t of tries) grant(night, t);
}
