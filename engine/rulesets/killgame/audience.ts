// The audience: challenge shouts (§15), approval, prizes and punishments (§14).
import type { Rng } from '../../core/rng.js';
import type { GameEvent } from '../../core/types.js';
import { PERSUASION_STEP, PRIZES, PUNISHMENTS } from './catalog.js';
import { addItem, ev, teammates, type KG, type PlayerState } from './state.js';

/** A8: each shout is a percentage check at the shouter's persuasion; then persuasion moves. */
export function shoutStep(
  state: KG,
  shouters: Set<string>,
  zoneOf: Map<string, string>,
  rng: Rng,
  events: GameEvent[],
): Map<string, boolean> {
  const results = new Map<string, boolean>();
  const turn = state.phase!.turn;
  for (const p of state.players) {
    if (!p.alive || p.energy <= 0 || !shouters.has(p.id)) continue;
    const success = rng.chance(p.persuasion);
    results.set(p.id, success);
    // KG-15.4 the zone held during this action phase, even if smoked.
    events.push(ev('shout', 'public', { player: p.id, zone: zoneOf.get(p.id) ?? p.zone, success }));
  }
  // KG-15.3 from turn 2 on: −20 after a shout, +20 without, within 0–100.
  if (turn >= 2) {
    for (const p of state.players) {
      if (!p.alive || p.energy <= 0) continue;
      const delta = shouters.has(p.id) ? -PERSUASION_STEP : PERSUASION_STEP;
      p.persuasion = Math.max(0, Math.min(100, p.persuasion + delta));
    }
  }
  return results;
}

/** KG-14.1 combat part: +1 aggression, else −1 if an opponent was present, else 0. */
export function combatPart(state: KG, p: PlayerState, aggressive: boolean, zoneMates: PlayerState[], monstersHere: number): number {
  if (aggressive) return 1;
  if (monstersHere > 0) return -1;
  return zoneMates.some((o) => o.id !== p.id && !teammates(p, o)) ? -1 : 0;
}

/** KG-14.3 one weighted prize (the K-ration entry only when rations are on). */
export function drawPrize(state: KG, rng: Rng): { item: string; count: number } {
  const table = PRIZES.filter((x) => x.item !== 'k-ration' || state.settings['k-rations']);
  return rng.weighted(table.map((x) => [x, x.weight] as const));
}

/** KG-14.4 one weighted punishment: energy lost. */
export function drawPunishment(rng: Rng): number {
  return rng.weighted(PUNISHMENTS);
}

/** A9: approval changes, then a prize or punishment at the threshold, in match order. */
export function approvalStep(state: KG, change: (p: PlayerState) => number, rng: Rng, events: GameEvent[]): void {
  const threshold = state.settings['approval-threshold'];
  for (const p of state.players) {
    if (!p.alive || p.energy <= 0) continue;
    const delta = change(p);
    p.approval += delta;
    events.push(ev('approval', p.id, { change: delta, approval: p.approval }));
    if (p.approval >= threshold) {
      const prize = drawPrize(state, rng);
      addItem(p.inventory, prize.item, prize.count);
      p.approval = 0;
      events.push(ev('prize', p.id, { item: prize.item, count: prize.count }));
    } else if (p.approval <= -threshold) {
      const damage = drawPunishment(rng);
      p.energy -= damage;
      p.approval = 0;
      events.push(ev('punishment', p.id, { damage }));
    }
  }
}
