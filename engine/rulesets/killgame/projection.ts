// KG-4.3 projected validation: a player's state at the phase opening, changed by his own
// accepted actions of the phase still in effect, replayed in the order the phase resolves them
// (§19 decision 42).
import type { ActionInput, PendingAction } from '../../core/types.js';
import { DEFAULT_LOADOUT, ENERGY_CAP, FIREARMS, MEDIKIT_PERCENT } from './catalog.js';
import { basePrice, buyPrice, sellPrice } from './market.js';
import { addItem, count, held, type KG, type PlayerState } from './state.js';

export interface Projection {
  inventory: Record<string, number>;
  tokens: number;
  energy: number;
  poison: number;
  /** Units bought in this phase (KG-13.5). */
  bought: number;
  /** KG-5.4: the action turn the held reloading weapon last fired (null after buying a new one). */
  firedTurn: number | null;
}

/** KG-2.5 cost of the default loadout at base prices. */
export function loadoutCost(state: KG): number {
  return DEFAULT_LOADOUT.reduce((sum, item) => sum + basePrice(state.settings, item), 0);
}

/** KG-2.4/KG-2.5 the backpack and tokens of a player who did not shop in tactic-1. */
export function defaultLoadout(state: KG, me: PlayerState): { inventory: Record<string, number>; tokens: number } {
  const inventory: Record<string, number> = {};
  for (const item of DEFAULT_LOADOUT) addItem(inventory, item, 1);
  if (state.settings['k-rations']) addItem(inventory, 'k-ration', state.settings['free-k-rations']);
  return { inventory, tokens: Math.max(0, me.tokens - loadoutCost(state)) };
}

/** KG-6.1 ⌈(25 − energy)·40 %⌉. */
export function medikitHeal(energy: number): number {
  const missing = Math.max(0, ENERGY_CAP - energy);
  return Math.trunc((missing * MEDIKIT_PERCENT + 99) / 100);
}

/**
 * The opening projection: what the player holds now. In tactic-1 a player without an accepted
 * shop owns nothing yet; the default loadout is a fallback of the close, not a plan (decision 41).
 */
export function openingProjection(me: PlayerState): Projection {
  return {
    inventory: { ...me.inventory },
    tokens: me.tokens,
    energy: me.energy,
    poison: me.poison,
    bought: 0,
    firedTurn: me.firedTurn,
  };
}

/** Applies one accepted action of `me` to his projection. */
export function applyOwn(state: KG, me: PlayerState, proj: Projection, action: ActionInput): void {
  const inv = proj.inventory;
  switch (action.type) {
    case 'shop': {
      const items = action.items as Record<string, number>;
      let cost = 0;
      for (const [item, n] of Object.entries(items)) {
        addItem(inv, item, n);
        cost += basePrice(state.settings, item) * n;
      }
      if (state.settings['k-rations']) addItem(inv, 'k-ration', state.settings['free-k-rations']);
      proj.tokens -= cost;
      break;
    }
    case 'buy': {
      const item = action.item as string;
      const n = action.count as number;
      proj.tokens -= buyPrice(state.settings, state.regime ?? 'unchanged', item) * n;
      proj.bought += n;
      addItem(inv, item, n);
      if ((FIREARMS as readonly string[]).includes(item)) proj.firedTurn = null;
      break;
    }
    case 'sell': {
      const item = action.item as string;
      const n = action.count as number;
      proj.tokens += sellPrice(state.settings, item) * n;
      addItem(inv, item, -n);
      if (held(inv, FIREARMS) === null) proj.firedTurn = null;
      break;
    }
    case 'medikit': {
      addItem(inv, 'medikit', -1);
      if (action.target === me.id) proj.energy = Math.min(ENERGY_CAP, proj.energy + medikitHeal(proj.energy));
      break;
    }
    case 'antidote':
      addItem(inv, 'antidote', -1);
      proj.poison = 0;
      break;
    case 'smoke':
      addItem(inv, 'smoke-grenade', -1);
      break;
    case 'gas':
      addItem(inv, 'gas-canister', -1);
      break;
    case 'grenade':
    case 'c4':
    case 'vest':
    case 'gas-mask':
    case 'amulet':
      addItem(inv, action.type, -1);
      break;
    default:
      break;
  }
}

export function owns(proj: Projection, item: string): boolean {
  return count(proj.inventory, item) > 0;
}

/** The mark a withdrawn countable slot leaves so that its number is never reused (decision 43). */
export const WITHDRAWN = 'withdrawn';

export const isWithdrawn = (p: PendingAction): boolean => p.action.type === WITHDRAWN;

/** KG-8.1/KG-8.2 the step of the close that carries out an action type. */
export function resolutionStep(type: string): number {
  switch (type) {
    case 'shop':
    case 'buy':
    case 'sell':
      return 1;
    case 'antidote':
      return 2;
    case 'medikit':
      return 3;
    case 'smoke':
    case 'gas':
      return 4;
    case 'vest':
    case 'gas-mask':
    case 'amulet':
      return 1;
    case 'shout':
      return 8;
    default:
      return 5;
  }
}

/** Resolution order: by step of the close, then submission order within a step (decision 42). */
export function inResolutionOrder(actions: readonly PendingAction[]): PendingAction[] {
  return [...actions].sort((a, b) => resolutionStep(a.action.type) - resolutionStep(b.action.type) || a.seq - b.seq);
}

/** A player's own pending actions still in effect, in resolution order. */
export function ownActions(pending: readonly PendingAction[], player: string): PendingAction[] {
  return inResolutionOrder(pending.filter((p) => p.owner === player && !isWithdrawn(p)));
}
