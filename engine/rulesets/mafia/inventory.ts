// Bags and the deck: which copies act, which can be used, stolen or found (MAF-4.6, 4.7, 4.17, 8.x).
import { catalogOf, seatOf } from './state.js';
import type { ItemCopy, MafiaState, PhaseRef, PlayerState } from './state.js';
import type { ItemDef, SetDef } from './catalog.js';
import type { Rarity } from './ids.js';

/**
 * MAF-4.7: a second copy of a non-Thing has no effect and cannot be used; Things stack.
 * The copy that acts is the earliest one in the bag.
 */
export function activeCopies(state: MafiaState, p: PlayerState): ItemCopy[] {
  const cat = catalogOf(state);
  const out: ItemCopy[] = [];
  for (const copy of p.items) {
    const def = cat.item.get(copy.item);
    if (!def) continue;
    // an item id has one rarity, so an earlier copy of the same id is an earlier non-Thing copy
    if (def.rarity === 'thing' || !out.some((c) => c.item === copy.item)) out.push(copy);
  }
  return out;
}

/** The copy a use of `item` would spend: the first copy (for Things, any copy: the first). */
export const firstCopy = (p: PlayerState, item: string): ItemCopy | undefined => p.items.find((c) => c.item === item);

export type UseBlock = 'no-item' | 'no-charges' | 'reloading' | null;

/** Why the holder cannot use his copy of an active item now (MAF-8.5, 8.7), or null. */
export function useBlock(def: ItemDef, copy: ItemCopy | undefined, at: PhaseRef): UseBlock {
  if (!copy || def.kind !== 'active') return 'no-item';
  if (def.uses === 'multi-use' && (copy.charges ?? 0) <= 0) return 'no-charges';
  if (def.uses === 'reloadable' && copy.lastUse !== null && at.n < copy.lastUse + (def.interval ?? 0) + 1) return 'reloading';
  return null;
}

/** MAF-4.6: a non-legendary is always in the deck; a legendary only while nobody holds it and it is not destroyed. */
export function inDeck(state: MafiaState, item: string): boolean {
  const def = catalogOf(state).item.get(item);
  if (!def) return false;
  if (def.rarity !== 'legendary') return true;
  if (state.destroyed.includes(item)) return false;
  return !state.players.some((p) => p.items.some((c) => c.item === item));
}

export const deckOf = (state: MafiaState, rarity: Rarity): ItemDef[] =>
  catalogOf(state).byRarity[rarity].filter((def) => inDeck(state, def.id));

/** Item ids in catalog order, each once. */
export function sortedIds(state: MafiaState, ids: Iterable<string>): string[] {
  const order = catalogOf(state).order;
  return [...new Set(ids)].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
}

/** MAF-4.10, 4.17: what a thief sees during night `night` (no Things, nothing stolen the night before). */
export function theftList(state: MafiaState, victim: PlayerState, night: number): string[] {
  const cat = catalogOf(state);
  const visible = victim.items.filter((c) => cat.item.get(c.item)?.rarity !== 'thing' && c.stolenNight !== night - 1);
  return sortedIds(
    state,
    visible.map((c) => c.item),
  );
}

/** MAF-1.15: Destruction sees the full list. */
export const fullList = (state: MafiaState, p: PlayerState): string[] =>
  sortedIds(
    state,
    p.items.map((c) => c.item),
  );

/** MAF-8.9: the sets whose every piece he holds. */
export function completeSets(state: MafiaState, p: PlayerState): SetDef[] {
  return catalogOf(state).catalog.sets.filter((s) => s.pieces.every((piece) => p.items.some((c) => c.item === piece)));
}

export const piecesHeld = (p: PlayerState, set: SetDef): number =>
  set.pieces.filter((piece) => p.items.some((c) => c.item === piece)).length;

/** Who held each uid when last looked up: a hint, checked on every use (copies move between bags). */
const uidHolders = new WeakMap<MafiaState, Map<number, PlayerState>>();

/** Finds a copy by uid anywhere (points and marks follow the copy). Uids are never reused (`newCopy`). */
export function copyByUid(state: MafiaState, uid: number): { owner: PlayerState; copy: ItemCopy } | undefined {
  const hinted = uidHolders.get(state)?.get(uid);
  const copy = hinted && state.players[seatOf(state, hinted.id)] === hinted ? hinted.items.find((c) => c.uid === uid) : undefined;
  if (hinted && copy) return { owner: hinted, copy };
  const holders = new Map<number, PlayerState>();
  for (const owner of state.players) for (const c of owner.items) if (!holders.has(c.uid)) holders.set(c.uid, owner);
  uidHolders.set(state, holders);
  const owner = holders.get(uid);
  return owner ? { owner, copy: owner.items.find((c) => c.uid === uid)! } : undefined;
}

export function removeCopy(p: PlayerState, uid: number): ItemCopy | undefined {
  const i = p.items.findIndex((c) => c.uid === uid);
  if (i < 0) return undefined;
  return p.items.splice(i, 1)[0];
}

/** Counts per item id plus `map:<item>` (MAF-12.7). */
export function inventoryFacts(p: PlayerState): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of p.items) out[c.item] = (out[c.item] ?? 0) + 1;
  for (const m of p.maps) out[`map:${m}`] = 1;
  return out;
}
