// MAF-4.10–4.18, 5.7, 9.2, 9.11: step V, thefts and their collisions.
import type { Rarity } from '../ids.js';
import type { MafiaState, PhaseRef, PlayerState } from '../state.js';
import { statOf } from '../stats.js';
import { chanceTerms, sumTerms } from '../odds.js';
import type { Act, Night } from './context.js';
import { doomedCopies } from './destruction.js';
import { setInfo } from './searches.js';

interface TheftTry {
  act: Act;
  victim: PlayerState;
  item: string;
  banditOnBandit: boolean;
  roll: number | null;
}

/** Copies a thief can still take tonight: visible ones (MAF-4.17) not used up or doomed (MAF-4.12 item 1). */
function takeable(night: Night, victim: PlayerState, item: string): number {
  const visible = victim.items.filter((c) => c.item === item && c.stolenNight !== night.n - 1).length;
  return Math.max(0, visible - doomedCopies(night, victim.id, item));
}

/** MAF-9.11: the first carried-out theft against a trapped player sets the trap off. True = the theft is stopped. */
function springTrap(night: Night, thief: PlayerState, victim: PlayerState): boolean {
  const trap = victim.fx.traps.shift();
  if (!trap) return false;
  night.tell({ kind: 'trap-triggered', to: trap.setter, target: victim.id, thief: thief.id });
  const negative = trap.onTrigger.some((e) => e.negative);
  if (night.blessed(thief, negative)) return false;
  for (const e of trap.onTrigger) {
    if (e.type === 'paralysis' && !thief.fx.paralysis) {
      thief.fx.paralysis = true;
      night.tell({ kind: 'effect-applied', to: thief.id, effect: 'paralysis' });
    }
  }
  return trap.onTrigger.some((e) => e.type === 'fail-theft');
}

/** MAF-4.11: base(rarity) + preparation (the base again) + the thief's theft-bonus. */
export function theftChance(state: MafiaState, thief: PlayerState, rarity: Rarity, prepared: boolean, at: PhaseRef): number {
  return sumTerms(chanceTerms(state.settings, { action: 'steal', rarity, prepared, bonus: statOf(state, thief, at, 'theft-bonus') }));
}

/** MAF-4.12 items 1–6 for one theft; the try when it passes them all. */
function attempt(night: Night, act: Act): TheftTry | null {
  const thief = act.actor;
  const victim = night.player(String(act.action.target));
  const item = typeof act.action.item === 'string' ? act.action.item : undefined;
  const fields = { target: victim.id, ...(item ? { item } : {}) };
  if (!item) {
    night.fail(act, 'no-item', fields);
    return null;
  }
  if (!night.theftListAtStart.get(victim.id)?.includes(item)) {
    night.fail(act, 'item-not-visible', fields);
    return null;
  }
  const def = night.cat.item.get(item);
  const prepared = thief.fx.prepared.theft;
  thief.fx.prepared.theft = false;
  if (!def || takeable(night, victim, item) === 0) {
    night.fail(act, 'item-gone', fields);
    return null;
  }
  if (springTrap(night, thief, victim)) {
    night.fail(act, 'trap', fields);
    return null;
  }
  if (!night.lands(thief, victim)) {
    night.fail(act, 'protected', fields);
    return null;
  }
  // MAF-4.14: bandit on bandit: no theft, luck, curse or theft-avoid check.
  if (thief.team === 'bandits' && victim.team === 'bandits') return { act, victim, item, banditOnBandit: true, roll: null };
  const c = night.check(theftChance(night.state, thief, def.rarity, prepared, night.at));
  const ok = (c.ok || night.lucky(thief)) && !night.cursed(thief);
  // MAF-9.2: the victim's theft-avoid, after a successful theft check.
  if (!ok || night.check(night.stat(victim, 'theft-avoid')).ok) {
    night.fail(act, 'dice', fields);
    return null;
  }
  return { act, victim, item, banditOnBandit: false, roll: c.roll };
}

/** Step V: thefts in seat order, collisions (MAF-4.15), then the items change hands. */
export function stepThefts(night: Night): void {
  const tries: TheftTry[] = [];
  for (const act of night.acts) {
    if (!act.live || act.action.type !== 'steal') continue;
    const t = attempt(night, act);
    if (t) tries.push(t);
  }
  // MAF-4.15: more winners than copies: bandit-on-bandit first, then the lowest roll, then seat order.
  const groups = new Map<string, TheftTry[]>();
  for (const t of tries) groups.set(`${t.victim.id}\u0000${t.item}`, [...(groups.get(`${t.victim.id}\u0000${t.item}`) ?? []), t]);
  const winners = new Set<TheftTry>();
  for (const group of groups.values()) {
    const first = group[0]!;
    const copies = takeable(night, first.victim, first.item);
    const rollOf = (t: TheftTry) => (t.roll === null ? 0 : t.roll);
    group.sort((a, b) => Number(b.banditOnBandit) - Number(a.banditOnBandit) || rollOf(a) - rollOf(b) || a.act.seat - b.act.seat);
    group.forEach((t, i) => (i < copies ? winners.add(t) : night.fail(t.act, 'collision', { target: t.victim.id, item: t.item })));
  }
  for (const t of tries) if (winners.has(t)) transfer(night, t);
}

/** MAF-4.18: the copy moves with its charges, interval and points; its enchantment is lost. */
function transfer(night: Night, t: TheftTry): void {
  const thief = t.act.actor;
  const smelting = new Set(night.smelts.map((s) => s.uid));
  const i = t.victim.items.findIndex((c) => c.item === t.item && c.stolenNight !== night.n - 1 && !smelting.has(c.uid));
  if (i < 0) return night.fail(t.act, 'item-gone', { target: t.victim.id, item: t.item });
  const copy = t.victim.items.splice(i, 1)[0]!;
  copy.enchant = null;
  copy.stolenNight = night.n;
  thief.items.push(copy);
  night.stolen.push({ uid: copy.uid, from: t.victim.id, to: thief.id });
  night.succeed(t.act, { target: t.victim.id, item: t.item });
  night.tell({ kind: 'item-stolen', to: t.victim.id, item: t.item });
  const info = setInfo(night, thief, t.item);
  if (info) night.tell(info);
}
