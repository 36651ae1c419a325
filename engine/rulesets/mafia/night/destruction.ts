// MAF-1.17, 1.18, 5.5: the bandits' Destruction (step III), carried out at dawn.
import { removeCopy } from '../inventory.js';
import type { Night } from './context.js';

/** Step III: the team's `destroy`, if carried out, is aimed; nothing is removed before dawn. */
export function stepDestruction(night: Night): void {
  const act = night.acts.find((a) => a.live && a.action.type === 'destroy');
  if (!act) return;
  const target = night.player(String(act.action.target));
  const item = typeof act.action.item === 'string' ? act.action.item : undefined;
  const fields = { target: target.id, ...(item ? { item } : {}) };
  if (!item) return night.fail(act, 'no-item', fields);
  if (!night.destroyListAtStart.get(target.id)?.includes(item)) return night.fail(act, 'item-not-visible', fields);
  // D7: an invisible target makes it fail, charge kept.
  if (!night.lands(act.actor, target)) return night.fail(act, 'protected', fields);
  if (night.cursed(act.actor)) return night.fail(act, 'dice', fields);
  night.destroyPlan = { act, target: target.id, item };
}

/** Copies of `item` held by `owner` that Destruction or smelting will take at dawn (thefts of them fail). */
export function doomedCopies(night: Night, owner: string, item: string): number {
  let doomed = night.smelts.filter((s) => s.act.actor.id === owner && s.item === item).length;
  if (night.destroyPlan && night.destroyPlan.target === owner && night.destroyPlan.item === item) doomed += 1;
  return doomed;
}

/** Dawn (1): the item is destroyed if it is still there; the charge is spent only then. */
export function dawnDestruction(night: Night): void {
  const plan = night.destroyPlan;
  if (!plan) return;
  const owner = night.player(plan.target);
  const fields = { target: plan.target, item: plan.item };
  // Smelting that night took its copy first (it counts as the same item destroyed twice).
  const smelted = night.smelts.some((s) => s.act.actor.id === owner.id && s.item === plan.item);
  const copy = smelted ? undefined : owner.items.find((c) => c.item === plan.item);
  if (!copy) return night.fail(plan.act, 'item-gone', fields);
  removeCopy(owner, copy.uid);
  const def = night.cat.item.get(copy.item);
  if (def?.rarity === 'legendary' && !night.state.destroyed.includes(def.id)) night.state.destroyed.push(def.id);
  night.state.destroyUsed = true;
  night.tell({ kind: 'item-destroyed', to: owner.id, item: plan.item });
  night.succeed(plan.act, fields);
}
