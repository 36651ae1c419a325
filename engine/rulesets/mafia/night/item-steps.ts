// MAF-5.2 step I (blocks), MAF-5.4 (luck/curse cancellation), MAF-5.3 step II (items, sets, specialties).
import type { Effect } from '../catalog.js';
import { completeSets, firstCopy, useBlock } from '../inventory.js';
import type { PlayerState } from '../state.js';
import type { Act, Night } from './context.js';
import { applyEffects } from './effects.js';

const isUse = (act: Act) => act.action.type === 'use-item' || act.action.type === 'use-set';

function effectsOf(night: Night, act: Act): Effect[] {
  if (act.action.type === 'use-item') return night.cat.item.get(String(act.action.item))?.effect ?? [];
  if (act.action.type === 'use-set') return night.cat.set.get(String(act.action.set))?.active?.effect ?? [];
  return [];
}

function targetOf(night: Night, act: Act): PlayerState {
  return typeof act.action.target === 'string' ? night.player(act.action.target) : act.actor;
}

/** Spends the use of an item or set bonus; false when there is nothing to use any more. */
function spend(night: Night, act: Act): boolean {
  const { actor, action } = act;
  if (action.type === 'use-item') {
    const def = night.cat.item.get(String(action.item));
    const copy = def ? firstCopy(actor, def.id) : undefined;
    if (!def || !copy || useBlock(def, copy, night.at)) return false;
    night.consume(actor, copy, def);
    return true;
  }
  const set = night.cat.set.get(String(action.set));
  if (!set || !completeSets(night.state, actor).some((s) => s.id === set.id)) return false;
  actor.setUses[set.id] = night.n;
  actor.activeSet = set.id;
  return true;
}

const useFields = (act: Act, target: PlayerState) =>
  act.action.type === 'use-item' ? { item: act.action.item, target: target.id } : { set: act.action.set, target: target.id };

/** Carries out one item or set use: spend it, curse check, apply its effects. */
function runUse(night: Night, act: Act): void {
  const target = targetOf(night, act);
  const fields = useFields(act, target);
  const def = act.action.type === 'use-item' ? night.cat.item.get(String(act.action.item)) : undefined;
  const copy = def ? firstCopy(act.actor, def.id) : undefined;
  if (!spend(night, act)) return night.fail(act, 'no-item', fields);
  const effects = effectsOf(night, act);
  // MAF-9.4: the curse is not applied to transformations.
  const transformation = effects.some((e) => e.type === 'transform');
  if (!transformation && night.cursed(act.actor)) return night.fail(act, 'dice', fields);
  const subject = typeof act.action.subject === 'string' ? act.action.subject : undefined;
  const extra = applyEffects(night, act.actor, target, effects, { def, copy, subject });
  night.succeed(act, { ...fields, ...extra });
}

/** Step I: every blocking use applies at once; then the blocked and paralysed lose their other actions. */
export function stepBlocks(night: Night): void {
  const blocking = night.acts.filter((a) => a.live && isUse(a) && night.classOf(a) === 'block');
  blocking.sort((x, y) => Number(x.slot !== 'instant') - Number(y.slot !== 'instant') || x.seat - y.seat);
  for (const act of blocking) runUse(night, act);
  for (const act of night.acts) {
    if (!act.live) continue;
    const why = night.blocked.get(act.actor.id);
    if (why) night.fail(act, why, resultFields(act));
  }
}

/** The fields a result of this act carries besides its reason. */
export function resultFields(act: Act): Record<string, unknown> {
  const a = act.action;
  const out: Record<string, unknown> = {};
  if (typeof a.item === 'string') out.item = a.item;
  if (typeof a.set === 'string') out.set = a.set;
  if (typeof a.target === 'string') out.target = a.target;
  else if (a.type === 'use-item') out.target = act.actor.id;
  return out;
}

/** MAF-5.4: a target aimed at by both luck and curse the same night: all those actions are void, items spent. */
export function cancelFortune(night: Night): void {
  const byTarget = new Map<string, { luck: Act[]; curse: Act[] }>();
  for (const act of night.acts) {
    if (!act.live || !isUse(act)) continue;
    const effects = effectsOf(night, act);
    const target = targetOf(night, act).id;
    const entry = byTarget.get(target) ?? { luck: [], curse: [] };
    if (effects.some((e) => e.type === 'luck')) entry.luck.push(act);
    if (effects.some((e) => e.type === 'curse')) entry.curse.push(act);
    byTarget.set(target, entry);
  }
  for (const [target, { luck, curse }] of byTarget) {
    if (!luck.length || !curse.length) continue;
    for (const act of [...new Set([...luck, ...curse])]) {
      spend(night, act);
      night.fail(act, 'cancelled', useFields(act, night.player(target)));
    }
  }
}

const STEP_TWO = new Set(['use-item', 'use-set', 'copy-map', 'guard-boost', 'smelt', 'enchant']);

/** Step II: instants (and smelting), then actives (and enchanting); by class, then seat. */
export function stepItems(night: Night): void {
  const acts = night.acts.filter((a) => a.live && STEP_TWO.has(a.action.type));
  const group = (a: Act) => (a.slot === 'instant' || a.slot === 'smelt' ? 0 : 1);
  const rank = (a: Act) => night.cat.classRank.get(night.classOf(a) ?? 'craft') ?? 99;
  acts.sort((x, y) => group(x) - group(y) || rank(x) - rank(y) || x.seat - y.seat);
  for (const act of acts) {
    if (!act.live) continue;
    switch (act.action.type) {
      case 'use-item':
      case 'use-set':
        runUse(night, act);
        break;
      case 'copy-map':
        copyMap(night, act);
        break;
      case 'guard-boost':
        guardBoost(night, act);
        break;
      case 'smelt':
      case 'enchant':
        craft(night, act);
        break;
    }
  }
}

/** MAF-7.4: once per game; a carried-out copy that fails is spent all the same (D44). */
function copyMap(night: Night, act: Act): void {
  const target = night.player(String(act.action.target));
  const item = String(act.action.item);
  const fields = { target: target.id, item };
  act.actor.spent.push('copy-map');
  if (!night.lands(act.actor, target)) return night.fail(act, 'protected', fields);
  if (!target.maps.includes(item) || act.actor.maps.includes(item)) return night.fail(act, 'item-gone', fields);
  // MAF-9.4: the curse check follows a copy that would succeed, not one that fails on its own.
  if (night.cursed(act.actor)) return night.fail(act, 'dice', fields);
  act.actor.maps.push(item);
  night.succeed(act, fields);
}

/** MAF-7.9: +1 vote strength for the next day; death-avoid 0 for the rest of the night. */
function guardBoost(night: Night, act: Act): void {
  act.actor.spent.push('guard-boost');
  if (night.cursed(act.actor)) return night.fail(act, 'dice');
  act.actor.fx.mods.push({ stat: 'death-avoid', op: 'set', value: 0, kind: 'night', n: night.n });
  act.actor.fx.mods.push({ stat: 'vote-strength', op: 'add', value: 1, kind: 'day', n: night.n + 1 });
  night.succeed(act);
}

/** MAF-7.6, 7.12: smelting and enchanting are registered now, their results come at dawn. */
function craft(night: Night, act: Act): void {
  const item = String(act.action.item);
  const copy = firstCopy(act.actor, item);
  if (act.action.type === 'smelt') act.actor.lastSmelt = night.n;
  else act.actor.lastEnchant = night.n;
  if (!copy) return night.fail(act, 'item-gone', { item });
  if (night.cursed(act.actor)) return night.fail(act, 'dice', { item });
  if (act.action.type === 'smelt') night.smelts.push({ act, uid: copy.uid, item, into: (act.action.into as string[]) ?? [] });
  else night.enchants.push({ act, uid: copy.uid, item, bonus: String(act.action.bonus) });
}
