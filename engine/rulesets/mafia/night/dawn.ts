// MAF-5.9: dawn, in order, and the morning report.
import type { GameEvent } from '../../../core/types.js';
import { PUBLIC } from '../ids.js';
import type { StatId } from '../ids.js';
import { completeSets, copyByUid, removeCopy } from '../inventory.js';
import { dropMarksOf, leaveTown, releaseBearers } from '../loss.js';
import { freshEffects, newCopy, phaseIndex, seatOf } from '../state.js';
import type { Night } from './context.js';
import { dawnDestruction } from './destruction.js';

const ENCHANT_STAT: Record<string, StatId> = { find: 'find-bonus', theft: 'theft-bonus' };

/** (1) Smelting, Destruction and enchanting take effect (MAF-7.7, 1.17, 7.13). */
function crafts(night: Night): void {
  const state = night.state;
  for (const s of night.smelts) {
    const smith = s.act.actor;
    const copy = removeCopy(smith, s.uid);
    if (!copy) {
      night.fail(s.act, 'item-gone', { item: s.item });
      continue;
    }
    // D18: the smelted item leaves the game; a smelted legendary is destroyed.
    if (night.cat.item.get(copy.item)?.rarity === 'legendary' && !state.destroyed.includes(copy.item)) state.destroyed.push(copy.item);
    for (const thing of s.into) smith.items.push(newCopy(state, thing));
    night.succeed(s.act, { item: s.item, received: s.into });
  }
  dawnDestruction(night);
  for (const e of night.enchants) {
    const copy = e.act.actor.items.find((c) => c.uid === e.uid);
    const def = night.cat.item.get(e.item);
    const value = def && def.rarity !== 'thing' ? night.cat.catalog.enchantments[def.rarity]?.[e.bonus as 'luck'] : undefined;
    if (!copy || value === undefined) {
      night.fail(e.act, 'item-gone', { item: e.item });
      continue;
    }
    // MAF-7.13: one enchantment per item; a new one replaces it.
    copy.enchant = { bonus: e.bonus, stat: ENCHANT_STAT[e.bonus] ?? (e.bonus as StatId), value };
    night.succeed(e.act, { item: e.item, bonus: e.bonus });
  }
}

/** Dawn: steps (1)–(7) of MAF-5.9; the caller adds stats-changed and the win check. */
export function dawn(night: Night): GameEvent[] {
  const state = night.state;
  const tell = (e: GameEvent) => night.tell(e);
  crafts(night);
  // (2) The dead: Book-of-Names points first (marks they bore), then every loss (MAF-1.12, 9.9, 9.20).
  const dead = night.died.map((id) => night.player(id));
  for (const p of dead)
    for (const m of p.fx.marks) {
      const held = copyByUid(state, m.uid);
      if (held) held.copy.points += 1;
    }
  for (const p of dead) {
    leaveTown(state, p, 'dead', tell);
    dropMarksOf(state, p.id);
  }
  // (3) Theft annulments (MAF-4.18): what the item did for its old holder ends.
  for (const s of night.stolen) releaseBearers(state, s.uid, tell);
  // (4) Resurrections and releases (MAF-9.10, 7.14).
  const restored: GameEvent[] = [];
  for (const r of night.restores) {
    const p = night.player(r.target);
    if (r.kind === 'resurrect' && p.status === 'dead') {
      p.status = 'in-town';
      p.items = [];
      p.maps = [];
      p.fx = freshEffects();
      p.suspendedThrough = phaseIndex(night.at) + state.settings['resurrection-suspension-phases'];
      restored.push({ kind: 'resurrected', to: PUBLIC, player: p.id });
    } else if (r.kind === 'release' && p.status === 'jailed') {
      p.status = 'in-town';
      restored.push({ kind: 'released', to: PUBLIC, player: p.id });
    }
  }
  // (5) Night-long effects end (they live in `night`); old day/night modifiers are dropped.
  for (const p of state.players) {
    p.fx.mods = p.fx.mods.filter((m) => m.kind === 'held' || m.n > night.n);
    if (p.fx.dayBlock !== null && p.fx.dayBlock <= night.n) p.fx.dayBlock = null;
  }
  // (6) The public morning report.
  const seat = (id: string) => seatOf(state, id);
  const report: GameEvent[] = [...night.died].sort((a, b) => seat(a) - seat(b)).map((id) => ({ kind: 'died', to: PUBLIC, player: id }));
  report.push(...night.publicFinds);
  for (const p of state.players) {
    const before = night.setsBefore.get(p.id) ?? [];
    if (p.status !== 'in-town') continue;
    for (const set of completeSets(state, p)) if (!before.includes(set.id)) report.push({ kind: 'set-completed', to: PUBLIC, set: set.id });
  }
  report.push(...restored);
  // (7) Private results.
  return [...report, ...night.resultEvents(), ...night.privates];
}
