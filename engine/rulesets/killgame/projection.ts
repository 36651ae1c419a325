// KG-4.3 projected validation: a player's state at the phase opening, changed by his own
// accepted actions of the phase still in effect, replayed in the order the phase resolves them
// (§19 decision 42).
import type { ActionInput, PendingAction } from '../../core/types.js';
import { DEFAULT_LOADOUT, ENERGY_CAP, MEDIKIT_PERCENT } from './catalog.js';
import { basePrice, buyPrice, sellPrice } from './market.js';
import { addItem, count, type KG, type PlayerState } from './state.js';

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

/**
 * Applies one accepted action of `me` to his projection: only what a later check of the same
 * phase reads. A shop basket gives its items (nothing after it in tactic-1 reads tokens or
 * rations: trading opens in turn 2); action-phase items each fill a slot of their own and nothing
 * else in that phase reads them; the reload mark is read only in action phases, where nothing
 * is bought or sold (the close resets it, KG-5.4).
 */
export function applyOwn(state: KG, me: PlayerState, proj: Projection, action: ActionInput): void {
  const inv = proj.inventory;
  switch (action.type) {
    case 'shop':
      for (const [item, n] of Object.entries(action.items as Record<string, number>)) addItem(inv, item, n);
      break;
    case 'buy': {
      const n = action.count as number;
      proj.tokens -= buyPrice(state.settings, state.regime ?? 'unchanged', action.item as string) * n;
      proj.bought += n;
      addItem(inv, action.item as string, n);
      break;
    }
    case 'sell': {
      const n = action.count as number;
      proj.tokens += sellPrice(state.settings, action.item as string) * n;
      addItem(inv, action.item as string, -n);
      break;
    }
    case 'medikit':
      addItem(inv, 'medikit', -1);
      if (action.target === me.id) proj.energy = Math.min(ENERGY_CAP, proj.energy + medikitHeal(proj.energy));
      break;
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

/**
 * KG-8.1 T1 before T2–T4: trades land before anything uses what they bring. The finer steps of the
 * close do not matter here: antidotes, medikits and clouds each spend their own item and touch
 * their own stat, and positions and action-phase actions read nothing a projection changes.
 */
const TRADES: readonly string[] = ['shop', 'buy', 'sell'];
const step = (p: PendingAction): number => (TRADES.includes(p.action.type) ? 0 : 1);

/** Resolution order: trades first, then submission order (decision 42). */
export function inResolutionOrder(actions: readonly PendingAction[]): PendingAction[] {
  return [...actions].sort((a, b) => step(a) - step(b) || a.seq - b.seq);
}

/** A player's own pending actions still in effect, in resolution order. */
export function ownActions(pending: readonly PendingAction[], player: string): PendingAction[] {
  return inResolutionOrder(pending.filter((p) => p.owner === player && !isWithdrawn(p)));
}
