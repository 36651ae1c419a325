// MAF-6: stats as they stand at a given phase, with caps and stacking.
import { activeCopies, completeSets } from './inventory.js';
import { catalogOf, hasSpecialty, inTown } from './state.js';
import type { MafiaState, PhaseRef, PlayerState } from './state.js';
import type { StatEffect } from './catalog.js';
import { STATS } from './ids.js';
import type { StatBlock, StatId } from './ids.js';

interface Contribution {
  stat: StatId;
  op: 'add' | 'set';
  value: number;
}

const conditionHolds = (e: StatEffect, points: number): boolean => {
  if (!e.condition) return true;
  const need = Number(/(\d+)$/.exec(e.condition)?.[1] ?? 0);
  return points >= need;
};

/** Every bonus that acts on `p` at `at`, except global passives (MAF-6.1). */
function ownContributions(state: MafiaState, p: PlayerState, at: PhaseRef): Contribution[] {
  const s = state.settings;
  const out: Contribution[] = [];
  const add = (stat: StatId, value: number) => out.push({ stat, op: 'add', value });
  // Specialty bonuses (MAF-7.2, 7.5, 7.8, 7.11), unless suspended (MAF-7.14).
  if (hasSpecialty(p, 'guard', at)) {
    add('vote-strength', s['guard-vote-strength'] - 1);
    add('death-avoid', s['guard-death-avoid']);
  }
  if (hasSpecialty(p, 'blacksmith', at)) {
    add('theft-bonus', s['blacksmith-theft-bonus']);
    add('theft-avoid', s['blacksmith-theft-avoid']);
  }
  if (hasSpecialty(p, 'mage', at)) add('luck', s['mage-luck']);
  if (hasSpecialty(p, 'archaeologist', at)) add('find-bonus', s['archaeologist-find-bonus'] * (1 + p.searchFails));

  const cat = catalogOf(state);
  const seenItem = new Set<string>();
  for (const copy of activeCopies(state, p)) {
    const def = cat.item.get(copy.item);
    if (!def) continue;
    // MAF-6.3: the same bonus of the same item acts once (stacked Things included).
    if (!seenItem.has(def.id)) {
      for (const e of def.passive) if (e.type === 'stat' && conditionHolds(e, copy.points)) out.push(e);
    }
    seenItem.add(def.id);
    if (copy.enchant) add(copy.enchant.stat, copy.enchant.value);
  }
  for (const set of completeSets(state, p)) for (const e of set.passive) if (e.type === 'stat' && e.stat !== 'theft-avoid') out.push(e);
  if (p.fx.transformation) out.push(...p.fx.transformation.grants);
  for (const m of p.fx.marks) out.push(...m.grants);
  if (p.fx.luck) add('luck', p.fx.luck);
  if (p.fx.blessing) add('blessing', p.fx.blessing);
  if (p.fx.curse) add('curse', p.fx.curse);
  for (const m of p.fx.mods) {
    if (m.kind === 'held' || (m.kind === at.kind && m.n === at.n)) out.push(m);
  }
  return out;
}

/**
 * The players carrying a global passive, found by one scan of the table and reused while nothing it
 * rests on has changed: no copy created since (`nextUid`), each holder's status and global copies
 * (in bag order) as they were. Copies only move between bags, so a new holder shows as a change in
 * the old holder's bag. This keeps a stat lookup from scanning every player (MAF-8.2).
 */
interface GlobalHolders {
  cat: ReturnType<typeof catalogOf>;
  players: PlayerState[];
  count: number;
  nextUid: number;
  holders: Array<{ holder: PlayerState; status: PlayerState['status']; uids: number[] }>;
}
const globalHolderMemo = new WeakMap<MafiaState, GlobalHolders>();

const globalUids = (cat: GlobalHolders['cat'], p: PlayerState): number[] =>
  p.items.filter((c) => cat.globals.has(c.item)).map((c) => c.uid);

function stillHolds(state: MafiaState, cat: GlobalHolders['cat'], memo: GlobalHolders): boolean {
  if (memo.cat !== cat || memo.players !== state.players || memo.count !== state.players.length || memo.nextUid !== state.nextUid)
    return false;
  return memo.holders.every(({ holder, status, uids }) => {
    if (holder.status !== status) return false;
    let k = 0;
    for (const c of holder.items) if (cat.globals.has(c.item) && c.uid !== uids[k++]) return false;
    return k === uids.length;
  });
}

function globalHolders(state: MafiaState, cat: GlobalHolders['cat']): PlayerState[] {
  if (cat.globals.size === 0) return [];
  const memo = globalHolderMemo.get(state);
  if (memo && stillHolds(state, cat, memo)) return memo.holders.map((h) => h.holder);
  const holders = state.players
    .filter((h) => h.items.some((c) => cat.globals.has(c.item)))
    .map((holder) => ({ holder, status: holder.status, uids: globalUids(cat, holder) }));
  globalHolderMemo.set(state, { cat, players: state.players, count: state.players.length, nextUid: state.nextUid, holders });
  return holders.map((h) => h.holder);
}

/** MAF-8.2: global passives held by players in town act on every (other) player in town. */
function globalContributions(state: MafiaState, p: PlayerState): Contribution[] {
  if (!inTown(p)) return [];
  const cat = catalogOf(state);
  const out: Contribution[] = [];
  for (const holder of globalHolders(state, cat)) {
    if (!inTown(holder)) continue;
    const seen = new Set<string>();
    for (const copy of activeCopies(state, holder)) {
      const def = cat.item.get(copy.item);
      if (!def || def.kind !== 'global-passive' || seen.has(def.id)) continue;
      seen.add(def.id);
      for (const e of def.global) {
        const includesHolder = e.appliesTo === 'every player in town';
        if (holder.id === p.id && !includesHolder) continue;
        if (conditionHolds(e, copy.points)) out.push(e);
      }
    }
  }
  return out;
}

function capOf(state: MafiaState, stat: StatId): number {
  const s = state.settings;
  switch (stat) {
    case 'vote-strength':
      return s['vote-strength-cap'];
    case 'death-avoid':
      return s['death-avoid-cap'];
    case 'theft-avoid':
      return s['theft-avoid-cap'];
    case 'luck':
    case 'curse':
    case 'blessing':
      return s['fortune-cap'];
    default:
      return Number.POSITIVE_INFINITY;
  }
}

const clamp = (v: number, cap: number) => Math.max(0, Math.min(cap, v));

interface Bonuses {
  own: Contribution[];
  globals: Contribution[];
  hasCompleteSet: boolean;
}

function bonusesOf(state: MafiaState, p: PlayerState, at: PhaseRef): Bonuses {
  return {
    own: ownContributions(state, p, at),
    globals: globalContributions(state, p),
    hasCompleteSet: catalogOf(state).catalog.sets.length > 0 && completeSets(state, p).length > 0,
  };
}

/** One stat from the bonuses acting on the player; `curse` is his curse (MAF-9.5 reads it for luck). */
function statFrom(state: MafiaState, { own, globals, hasCompleteSet }: Bonuses, stat: StatId, curse: number): number {
  const cap = capOf(state, stat);
  let v = stat === 'vote-strength' ? 1 : 0;
  const sets: number[] = [];
  for (const c of own) if (c.stat === stat) c.op === 'add' ? (v += c.value) : sets.push(c.value);
  v = clamp(v, cap);
  // MAF-6.2: "give N" overrides; several overrides: the lowest.
  if (sets.length) v = clamp(Math.min(...sets), cap);
  // MAF-6.6: a completed set fixes theft-avoid at the cap (50).
  if (stat === 'theft-avoid' && hasCompleteSet) v = cap;
  // MAF-9.5: luck is 0 while cursed.
  if (stat === 'luck' && curse > 0) v = 0;
  const globalSets: number[] = [];
  for (const c of globals) if (c.stat === stat) c.op === 'add' ? (v += c.value) : globalSets.push(c.value);
  if (globalSets.length) v = Math.min(...globalSets);
  v = clamp(v, cap);
  // MAF-3.2: never below 1, except a "0 for the day" effect.
  if (stat === 'vote-strength' && !sets.includes(0) && !globalSets.includes(0)) v = Math.max(1, v);
  return v;
}

/** All stats of one player at `at` (MAF-6.1). */
export function statsOf(state: MafiaState, p: PlayerState, at: PhaseRef): StatBlock {
  const bonuses = bonusesOf(state, p, at);
  const curse = statFrom(state, bonuses, 'curse', 0);
  const out = {} as StatBlock;
  for (const stat of STATS) out[stat] = stat === 'curse' ? curse : statFrom(state, bonuses, stat, curse);
  return out;
}

/** One stat of one player at `at`: the same figure as `statsOf(...)[stat]`, without working out the others. */
export function statOf(state: MafiaState, p: PlayerState, at: PhaseRef, stat: StatId): number {
  const bonuses = bonusesOf(state, p, at);
  const curse = statFrom(state, bonuses, 'curse', 0);
  return stat === 'curse' ? curse : statFrom(state, bonuses, stat, curse);
}

/** MAF-9.24: calm (blocks do not land). */
export function isCalm(state: MafiaState, p: PlayerState): boolean {
  const cat = catalogOf(state);
  if (activeCopies(state, p).some((c) => cat.item.get(c.item)?.passive.some((e) => e.type === 'calm'))) return true;
  return completeSets(state, p).some((s) => s.passive.some((e) => e.type === 'calm'));
}
