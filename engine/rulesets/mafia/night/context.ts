// What one night's resolution carries from step to step: the acts, night-long effects, results.
import type { ActionInput, GameEvent, PendingAction } from '../../../core/types.js';
import type { Rng } from '../../../core/rng.js';
import type { CatalogIndex, ItemDef } from '../catalog.js';
import { percent } from '../dice.js';
import type { Check } from '../dice.js';
import { BANDITS, RARITIES } from '../ids.js';
import type { EffectClass, Rarity } from '../ids.js';
import { completeSets, deckOf, fullList, removeCopy, theftList } from '../inventory.js';
import { catalogOf, findPlayer, inTown, seatOf } from '../state.js';
import type { ItemCopy, MafiaState, PhaseRef, PlayerState } from '../state.js';
import { statOf } from '../stats.js';

/** One submitted night action being resolved. */
export interface Act {
  actor: PlayerState;
  owner: string;
  slot: string;
  action: ActionInput;
  seat: number;
  /** False once it is known not to be carried out (MAF-0.5) or already resolved. */
  live: boolean;
}

export interface Attempt {
  attacker: string;
  victim: string;
  kind: 'kill' | 'incinerate';
}

export class Night {
  readonly at: PhaseRef;
  readonly n: number;
  readonly cat: CatalogIndex;
  readonly acts: Act[] = [];
  /** Blocked or paralysed for this night (MAF-5.2). */
  readonly blocked = new Map<string, 'blocked' | 'paralysed'>();
  readonly healers = new Map<string, string[]>();
  readonly invisible = new Set<string>();
  readonly immortal = new Set<string>();
  readonly calm = new Set<string>();
  readonly attempts: Attempt[] = [];
  destroyPlan: { act: Act; target: string; item: string } | null = null;
  readonly smelts: Array<{ act: Act; uid: number; item: string; into: string[] }> = [];
  readonly enchants: Array<{ act: Act; uid: number; item: string; bonus: string }> = [];
  readonly restores: Array<{ kind: 'resurrect' | 'release'; target: string }> = [];
  readonly died: string[] = [];
  readonly publicFinds: GameEvent[] = [];
  readonly stolen: Array<{ uid: number; from: string; to: string }> = [];
  /** Action results (`action-succeeded` / `action-failed`), one per act (MAF-10.3). */
  private readonly results: Array<{ seat: number; order: number; event: GameEvent }> = [];
  /** Other private events, in the order they happen. */
  readonly privates: GameEvent[] = [];
  readonly setsBefore = new Map<string, string[]>();
  /** MAF-4.2: random searches draw from the deck as it stood at the start of the night. */
  readonly deckAtStart: Record<Rarity, string[]>;
  /** Night of poisoning of each player poisoned when the night began (MAF-9.3). */
  readonly poisonAtStart = new Map<string, number>();
  /**
   * D48: what a thief's and the bandits' lists showed of each player at the start of the night. An item
   * named in `steal` or `destroy` itself is not checked against them at submission (that would tell the
   * sender what the target holds); the act fails here instead (`item-not-visible`).
   */
  readonly theftListAtStart = new Map<string, string[]>();
  readonly destroyListAtStart = new Map<string, string[]>();

  constructor(
    readonly state: MafiaState,
    readonly rng: Rng,
    pending: PendingAction[],
  ) {
    this.at = state.phase!;
    this.n = this.at.n;
    this.cat = catalogOf(state);
    for (const a of pending) {
      if (a.action.type === 'last-words' || a.action.type === 'switch-specialty') continue;
      const actor = findPlayer(state, a.player);
      if (!actor || !inTown(actor)) continue;
      this.acts.push({ actor, owner: a.owner, slot: a.slot, action: a.action, seat: seatOf(state, actor.id), live: true });
    }
    this.acts.sort((x, y) => x.seat - y.seat || slotRank(x.slot) - slotRank(y.slot));
    for (const p of state.players) {
      if (!inTown(p)) continue;
      this.setsBefore.set(
        p.id,
        completeSets(state, p).map((s) => s.id),
      );
      if (p.fx.poison) this.poisonAtStart.set(p.id, p.fx.poison.night);
      this.theftListAtStart.set(p.id, theftList(state, p, this.n));
      this.destroyListAtStart.set(p.id, fullList(state, p));
    }
    this.deckAtStart = Object.fromEntries(RARITIES.map((r) => [r, deckOf(state, r).map((d) => d.id)])) as Record<Rarity, string[]>;
  }

  player(id: string): PlayerState {
    return findPlayer(this.state, id)!;
  }

  stat(p: PlayerState, stat: Parameters<typeof statOf>[3]): number {
    return statOf(this.state, p, this.at, stat);
  }

  check(chance: number): Check {
    return percent(this.rng, chance);
  }

  /** MAF-9.4: after a success (or with no own check), a cursed actor's curse check; true = the action fails. */
  cursed(actor: PlayerState): boolean {
    const curse = this.stat(actor, 'curse');
    return curse > 0 && this.check(curse).ok;
  }

  /** MAF-9.5: a failed own check gets a luck check; true = it succeeds after all. */
  lucky(actor: PlayerState): boolean {
    const luck = this.stat(actor, 'luck');
    return luck > 0 && this.check(luck).ok;
  }

  /** MAF-9.6: a negative effect about to land; true = it does not land. */
  blessed(target: PlayerState, negative: boolean | undefined): boolean {
    if (!negative) return false;
    const blessing = this.stat(target, 'blessing');
    return blessing > 0 && this.check(blessing).ok;
  }

  /** MAF-9.14: another player's night effect does not land on an invisible player. */
  lands(actor: PlayerState, target: PlayerState): boolean {
    return actor.id === target.id || !this.invisible.has(target.id);
  }

  private resultTo(act: Act): string {
    return act.action.type === 'destroy' ? BANDITS : act.actor.id;
  }

  succeed(act: Act, fields: Record<string, unknown> = {}): void {
    act.live = false;
    this.results.push({
      seat: act.seat,
      order: this.results.length,
      event: { kind: 'action-succeeded', to: this.resultTo(act), action: act.action.type, ...fields },
    });
  }

  fail(act: Act, reason: string, fields: Record<string, unknown> = {}): void {
    act.live = false;
    this.results.push({
      seat: act.seat,
      order: this.results.length,
      event: { kind: 'action-failed', to: this.resultTo(act), action: act.action.type, reason, ...fields },
    });
  }

  resultEvents(): GameEvent[] {
    return [...this.results].sort((a, b) => a.seat - b.seat || a.order - b.order).map((r) => r.event);
  }

  tell(event: GameEvent): void {
    this.privates.push(event);
  }

  /** MAF-8.4–8.7: a carried-out use spends what it uses. */
  consume(owner: PlayerState, copy: ItemCopy, def: ItemDef): void {
    switch (def.uses) {
      case 'one-use':
        removeCopy(owner, copy.uid);
        if (def.afterUse === 'destroyed' && def.rarity === 'legendary' && !this.state.destroyed.includes(def.id))
          this.state.destroyed.push(def.id);
        break;
      case 'multi-use':
        copy.charges = Math.max(0, (copy.charges ?? 0) - 1);
        break;
      case 'reloadable':
        copy.lastUse = this.n;
        break;
      default:
        break;
    }
  }

  /** The item an act uses, and its class (MAF-5.3). */
  classOf(act: Act): EffectClass | null {
    switch (act.action.type) {
      case 'use-item':
        return this.cat.item.get(String(act.action.item))?.class ?? null;
      case 'use-set':
        return this.cat.set.get(String(act.action.set))?.active?.class ?? null;
      case 'copy-map':
        return 'inspect';
      case 'guard-boost':
        return 'modify';
      case 'smelt':
      case 'enchant':
        return 'craft';
      default:
        return null;
    }
  }
}

const SLOT_ORDER = ['instant', 'smelt', 'basic', 'enchant', 'destroy'];
const slotRank = (slot: string) => {
  const i = SLOT_ORDER.indexOf(slot);
  return i < 0 ? SLOT_ORDER.length : i;
};
