// The market (KG-13): regime draw, buying and selling prices, what is for sale.
import type { Rng } from '../../core/rng.js';
import { itemClass, isWeapon, REGIME_WEIGHTS, SELL_PERCENT, type Regime } from './catalog.js';
import type { KillGameSettings } from './settings.js';

export function basePrice(settings: KillGameSettings, item: string): number {
  return (settings.prices as Record<string, number>)[item] ?? 0;
}

/** KG-13.2 one weighted draw when a tactic phase of turn ≥ 2 opens. */
export function drawRegime(rng: Rng): Regime {
  return rng.weighted(REGIME_WEIGHTS);
}

const round = (x: number, p: number) => Math.trunc((x * p + 50) / 100);

/** KG-13.2 unit price under a regime (integer arithmetic, KG-0.6). */
export function buyPrice(settings: KillGameSettings, regime: Regime, item: string): number {
  const base = basePrice(settings, item);
  const weapon = isWeapon(item);
  switch (regime) {
    case 'discounted':
      return round(base, 70);
    case 'unchanged':
      return base;
    case 'raised':
      return weapon ? base + 100 : round(base, 110);
    case 'crazy':
      return weapon ? base + 150 : round(base, 130);
  }
}

/** KG-13.3 selling pays ⌊base·70 %⌋ in every regime. */
export function sellPrice(settings: KillGameSettings, item: string): number {
  return Math.trunc((basePrice(settings, item) * SELL_PERCENT) / 100);
}

/** KG-13.4 goods: weapons, explosives and items (K rations only when on); never options or fists. */
export function forSale(settings: KillGameSettings, item: string): boolean {
  const cls = itemClass(item);
  if (cls === null || cls === 'option') return false;
  if (item === 'k-ration') return settings['k-rations'];
  return true;
}
