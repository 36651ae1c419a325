// Submission checks for the night's own actions: searches and preparation (MAF-4.1–4.9, 4.19),
// theft (MAF-4.10), specialties (MAF-7), Destruction (MAF-1.15, 1.16), last words (MAF-2.9).
import type { MafiaRejection } from './reasons.js';
import type { Accepted, ActionInput } from '../../core/types.js';
import { deckOf, firstCopy, fullList, piecesHeld, theftList } from './inventory.js';
import { BANDITS, isOneOf, PUBLIC, RARITIES } from './ids.js';
import { findPlayer, hasSpecialty, inTown } from './state.js';
import { antidoteId, recipeAccepts } from './rules-data.js';
import { accept, checkTarget, gate, isRejection, locked, missing, reject, storedIn, wrongPhase } from './validate-common.js';
import type { Submission } from './validate-common.js';
import type { ItemDef } from './catalog.js';

/** gate + night, shared by every night action but last words. */
function nightGate(s: Submission): MafiaRejection | null {
  return wrongPhase(s, 'night') ?? gate(s.actor);
}

/** MAF-4.8: a Thing search right after a carried-out Thing search is refused. */
function thingRepeat(s: Submission): MafiaRejection | null {
  return s.actor!.lastThingSearch === s.at.n - 1 ? reject('thing-search-repeat') : null;
}

export function validateSearchMap(s: Submission): Accepted | MafiaRejection {
  const g = nightGate(s);
  if (g) return g;
  const actor = s.actor!;
  if (missing(s.action.item)) return reject('field-missing', 'Name the map.');
  const item = s.action.item;
  if (typeof item !== 'string' || !actor.maps.includes(item)) return reject('no-map');
  const def = s.cat.item.get(item)!;
  // MAF-4.8: an antidote map searched while poisoned is an antidote search, exempt.
  const antidoteSearch = actor.fx.poison !== null && item === antidoteId(s.cat);
  if (def.rarity === 'thing' && !antidoteSearch) {
    const r = thingRepeat(s);
    if (r) return r;
  }
  return locked(s, s.player, 'basic') ?? accept('basic', s.player, { type: 'search-map', item });
}

export function validateSearchRandom(s: Submission): Accepted | MafiaRejection {
  const g = nightGate(s);
  if (g) return g;
  if (missing(s.action.rarity)) return reject('field-missing', 'Name the rarity.');
  const rarity = s.action.rarity;
  if (!isOneOf(RARITIES, rarity)) return reject('illegal-target', 'No such rarity.');
  if (rarity === 'thing') {
    const r = thingRepeat(s);
    if (r) return r;
  }
  if (deckOf(s.state, rarity).length === 0) return reject('none-available');
  return locked(s, s.player, 'basic') ?? accept('basic', s.player, { type: 'search-random', rarity });
}

export function validateSearchSet(s: Submission): Accepted | MafiaRejection {
  const g = nightGate(s);
  if (g) return g;
  const actor = s.actor!;
  if (missing(s.action.item)) return reject('field-missing', 'Name the set piece.');
  const def = typeof s.action.item === 'string' ? s.cat.item.get(s.action.item) : undefined;
  if (!def) return reject('illegal-target', 'No such item.');
  const set = def.set ? s.cat.set.get(def.set) : undefined;
  if (!set || def.rarity === 'thing' || piecesHeld(actor, set) === 0) return reject('not-in-set');
  if (firstCopy(actor, def.id)) return reject('already-owned');
  return locked(s, s.player, 'basic') ?? accept('basic', s.player, { type: 'search-set', item: def.id });
}

export function validateSearchAntidote(s: Submission): Accepted | MafiaRejection {
  const g = nightGate(s);
  if (g) return g;
  if (!s.actor!.fx.poison) return reject('not-poisoned');
  return locked(s, s.player, 'basic') ?? accept('basic', s.player, { type: 'search-antidote' });
}

export function validatePrepare(s: Submission, kind: 'search' | 'theft'): Accepted | MafiaRejection {
  const g = nightGate(s);
  if (g) return g;
  if (s.actor!.fx.prepared[kind]) return reject('already-prepared');
  return locked(s, s.player, 'basic') ?? accept('basic', s.player, { type: `prepare-${kind}` });
}

/** MAF-4.10 from the catalog alone: a Thing is not stealable, an id of no item is in no list. */
function nameCheck(s: Submission, item: unknown): MafiaRejection | null {
  const def = typeof item === 'string' ? s.cat.item.get(item) : undefined;
  if (def?.rarity === 'thing') return reject('not-stealable');
  return def ? null : reject('item-not-visible');
}

/** MAF-4.10 with the thief's list in hand (`steal-pick`): the item must be in it. */
function pickCheck(s: Submission, victimId: string, item: unknown): MafiaRejection | null {
  const bad = nameCheck(s, item);
  if (bad) return bad;
  const victim = findPlayer(s.state, victimId);
  return victim && theftList(s.state, victim, s.at.n).includes(item as string) ? null : reject('item-not-visible');
}

export function validateSteal(s: Submission): Accepted | MafiaRejection {
  const g = nightGate(s);
  if (g) return g;
  const target = checkTarget(s, s.action.target, 'others');
  if (isRejection(target)) return target;
  // D48: the sender's own lock first; an item named here is checked against the catalog only (he has
  // not seen the list yet): one the target does not show fails at the close (`item-not-visible`).
  const lock = locked(s, s.player, 'basic');
  if (lock) return lock;
  const action: ActionInput = { type: 'steal', target: target.id };
  if (!missing(s.action.item)) {
    const bad = nameCheck(s, s.action.item);
    if (bad) return bad;
    action.item = s.action.item;
  }
  const list = theftList(s.state, target, s.at.n);
  return accept('basic', s.player, action, [{ kind: 'theft-list', to: s.player, target: target.id, items: list }]);
}

export function validateStealPick(s: Submission): Accepted | MafiaRejection {
  const g = nightGate(s);
  if (g) return g;
  if (missing(s.action.item)) return reject('field-missing', 'Name the item.');
  const stored = storedIn(s.pending, s.player, 'basic');
  if (!stored || stored.action.type !== 'steal') return reject('not-allowed', 'There is no theft to complete.');
  const victim = String(stored.action.target);
  if (!missing(stored.action.item)) return reject('action-locked', 'The item is already named.');
  const bad = pickCheck(s, victim, s.action.item);
  if (bad) return bad;
  return accept('basic', s.player, { type: 'steal', target: victim, item: s.action.item });
}

export function validateCopyMap(s: Submission): Accepted | MafiaRejection {
  const g = nightGate(s);
  if (g) return g;
  const target = checkTarget(s, s.action.target, 'others');
  if (isRejection(target)) return target;
  if (missing(s.action.item)) return reject('field-missing', 'Name the map.');
  if (typeof s.action.item !== 'string' || !s.cat.item.has(s.action.item)) return reject('illegal-target', 'No such item.');
  if (!hasSpecialty(s.actor!, 'archaeologist', s.at)) return reject('not-your-specialty');
  if (s.actor!.spent.includes('copy-map')) return reject('once-per-game');
  return locked(s, s.player, 'basic') ?? accept('basic', s.player, { type: 'copy-map', target: target.id, item: s.action.item });
}

/**
 * What an enchantment and a smelting check alike before their own rule (MAF-7.12, 7.13): both fields given,
 * an item he holds, the specialty's own power, and not on two nights running.
 */
function craftedItem(
  s: Submission,
  field: 'bonus' | 'into',
  specialty: 'mage' | 'blacksmith',
  last: 'lastEnchant' | 'lastSmelt',
  message: string,
): MafiaRejection | ItemDef {
  const g = nightGate(s);
  if (g) return g;
  const actor = s.actor!;
  if (missing(s.action.item) || missing(s.action[field])) return reject('field-missing', message);
  const def = typeof s.action.item === 'string' ? s.cat.item.get(s.action.item) : undefined;
  if (!def || !firstCopy(actor, def.id)) return reject('no-item');
  if (!hasSpecialty(actor, specialty, s.at)) return reject('not-your-specialty');
  if (actor[last] === s.at.n - 1) return reject('not-two-nights');
  return def;
}

export function validateEnchant(s: Submission): Accepted | MafiaRejection {
  const def = craftedItem(s, 'bonus', 'mage', 'lastEnchant', 'Name the item and the bonus.');
  if (isRejection(def)) return def;
  // MAF-7.12: Things cannot be enchanted; the bonus must be in the rarity's row.
  const table = def.rarity === 'thing' ? undefined : s.cat.catalog.enchantments[def.rarity];
  if (!table || typeof s.action.bonus !== 'string' || !Object.hasOwn(table, s.action.bonus)) return reject('bad-bonus');
  return accept('enchant', s.player, { type: 'enchant', item: def.id, bonus: s.action.bonus });
}

export function validateSmelt(s: Submission): Accepted | MafiaRejection {
  const def = craftedItem(s, 'into', 'blacksmith', 'lastSmelt', 'Name the item and what to smelt it into.');
  if (isRejection(def)) return def;
  const into = intoList(s.action.into);
  if (!Array.isArray(into) || !into.every((x) => typeof x === 'string') || !recipeAccepts(s.cat, def.rarity, into as string[]))
    return reject('bad-recipe');
  return accept('smelt', s.player, { type: 'smelt', item: def.id, into: [...(into as string[])] });
}

/** `into` as a list of Thing ids, or as counts (`{revolver: 2, poison: 1}`) from a counts form. */
function intoList(raw: unknown): unknown {
  if (Array.isArray(raw) || !raw || typeof raw !== 'object') return raw;
  const out: string[] = [];
  for (const [id, count] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || count > 10) return null;
    for (let i = 0; i < count; i++) out.push(id);
  }
  return out;
}

export function validateGuardBoost(s: Submission): Accepted | MafiaRejection {
  const g = nightGate(s);
  if (g) return g;
  if (!hasSpecialty(s.actor!, 'guard', s.at)) return reject('not-your-specialty');
  if (s.actor!.spent.includes('guard-boost')) return reject('once-per-game');
  return locked(s, s.player, 'instant') ?? accept('instant', s.player, { type: 'guard-boost' });
}

/** MAF-1.16: n, the charge, the target in town, the margin. */
function destructionAllowed(s: Submission, targetInTown: boolean): MafiaRejection | null {
  const st = s.state;
  const town = st.players.filter((p) => inTown(p) && p.team === 'town').length;
  const bandits = st.players.filter((p) => inTown(p) && p.team === 'bandits').length;
  if (
    st.dealt < st.settings['destruction-min-players'] ||
    st.destroyUsed ||
    !targetInTown ||
    town - bandits <= st.settings['destruction-margin']
  )
    return reject('destruction-not-allowed');
  return null;
}

export function validateDestroy(s: Submission): Accepted | MafiaRejection {
  const g = nightGate(s);
  if (g) return g;
  if (s.actor!.team !== 'bandits') return reject('not-allowed', 'Destruction is the bandits’ action.');
  if (missing(s.action.target)) return reject('field-missing', 'The target is missing.');
  const target = findPlayer(s.state, s.action.target);
  if (!target) return reject('illegal-target', 'No such player.');
  // D48: the team's lock first; a named item only against the catalog (as for `steal`).
  const lock = locked(s, BANDITS, 'destroy');
  if (lock) return lock;
  const bad = destructionAllowed(s, inTown(target));
  if (bad) return bad;
  const list = fullList(s.state, target);
  const action: ActionInput = { type: 'destroy', target: target.id };
  if (!missing(s.action.item)) {
    if (typeof s.action.item !== 'string' || !s.cat.item.has(s.action.item)) return reject('item-not-visible');
    action.item = s.action.item;
  }
  return accept('destroy', BANDITS, action, [{ kind: 'destroy-list', to: BANDITS, target: target.id, items: list }]);
}

export function validateDestroyPick(s: Submission): Accepted | MafiaRejection {
  const g = nightGate(s);
  if (g) return g;
  if (s.actor!.team !== 'bandits') return reject('not-allowed', 'Destruction is the bandits’ action.');
  if (missing(s.action.item)) return reject('field-missing', 'Name the item.');
  const stored = storedIn(s.pending, BANDITS, 'destroy');
  if (!stored) return reject('not-allowed', 'There is no Destruction to complete.');
  if (!missing(stored.action.item)) return reject('action-locked', 'The item is already named.');
  const target = findPlayer(s.state, stored.action.target);
  if (!target || typeof s.action.item !== 'string' || !fullList(s.state, target).includes(s.action.item)) return reject('item-not-visible');
  return accept('destroy', BANDITS, { type: 'destroy', target: target.id, item: s.action.item });
}

export function validateLastWords(s: Submission): Accepted | MafiaRejection {
  const w = wrongPhase(s, 'night');
  if (w) return w;
  const actor = s.actor;
  if (!actor || actor.status === 'dead' || actor.status === 'removed') return reject('not-alive');
  if (typeof s.action.text !== 'string' || s.action.text === '') return reject('field-missing', 'Write your last words.');
  const lw = s.state.lastWords;
  if (!lw || lw.player !== actor.id || lw.night !== s.at.n || actor.status !== 'jailed')
    return reject('not-allowed', 'Only the player jailed today may speak, once.');
  if (storedIn(s.pending, actor.id, 'last-words')) return reject('not-allowed', 'Your last words are already published.');
  if (s.action.text.length > s.state.settings['last-words-max-chars']) return reject('not-allowed', 'Too long.');
  return accept('last-words', actor.id, { type: 'last-words', text: s.action.text }, [
    { kind: 'last-words', to: PUBLIC, player: actor.id, text: s.action.text },
  ]);
}
