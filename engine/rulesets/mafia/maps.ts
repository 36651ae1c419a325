// MAF-3.8: the day's treasure-map draw.
import type { Rng } from '../../core/rng.js';
import { RARITIES, RARITIES_HIGH_FIRST } from './ids.js';
import type { Rarity } from './ids.js';
import { inDeck } from './inventory.js';
import { catalogOf } from './state.js';
import type { MafiaState, PlayerState } from './state.js';

/** Candidates of one rarity: in the deck, neither held nor already mapped by the player (D30). */
export function mapCandidates(state: MafiaState, p: PlayerState, rarity: Rarity): string[] {
  return catalogOf(state)
    .byRarity[rarity].filter((def) => inDeck(state, def.id))
    .filter((def) => !p.items.some((c) => c.item === def.id) && !p.maps.includes(def.id))
    .map((def) => def.id);
}

/**
 * Rarity by `map-odds` (forced dice: legendary first), then an item uniformly (catalog order first);
 * with no candidate, the next lower rarity that has one; null when none at all.
 */
export function drawMap(state: MafiaState, p: PlayerState, rng: Rng): { item: string; rarity: Rarity } | null {
  const odds = state.settings['map-odds'];
  const drawn = rng.weighted(RARITIES_HIGH_FIRST.map((r) => [r, odds[r]] as const));
  for (let i = RARITIES.indexOf(drawn); i >= 0; i--) {
    const rarity = RARITIES[i]!;
    const candidates = mapCandidates(state, p, rarity);
    if (candidates.length) return { item: rng.pick(candidates), rarity };
  }
  return null;
}
