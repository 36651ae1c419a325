// MAF-9: what each effect of the catalog grammar does when a night item or set bonus is used.
import type { Effect, ItemDef } from '../catalog.js';
import { firstCopy } from '../inventory.js';
import { endTransformation } from '../loss.js';
import { curseValue } from '../rules-data.js';
import { teamAnswer } from '../state.js';
import type { ItemCopy, PlayerState } from '../state.js';
import { isCalm } from '../stats.js';
import type { Night } from './context.js';

export interface Source {
  def?: ItemDef;
  copy?: ItemCopy;
  /** The `subject` of an item-on-item effect (recharge). */
  subject?: string;
}

type Fortune = 'luck' | 'curse';

function fortuneFrom(target: PlayerState): { luck: number[]; curse: number[] } {
  target.fx.fortuneFrom ??= { luck: [], curse: [] };
  return target.fx.fortuneFrom;
}

/** MAF-6.3, D47: whether this copy's bonus of this kind is already in effect on the target. */
function alreadyGiven(target: PlayerState, kind: Fortune, uid: number | undefined): boolean {
  return uid !== undefined && (target.fx.fortuneFrom?.[kind] ?? []).includes(uid);
}

function record(target: PlayerState, kind: Fortune, uid: number | undefined): void {
  if (uid !== undefined) fortuneFrom(target)[kind].push(uid);
}

/** MAF-9.5: a curse lands: luck given by effects is lost for good (and with it its copies' record). */
export function landCurse(night: Night, target: PlayerState, value: number, uid?: number): void {
  if (alreadyGiven(target, 'curse', uid)) return;
  target.fx.luck = 0;
  fortuneFrom(target).luck = [];
  record(target, 'curse', uid);
  target.fx.curse = Math.min(night.state.settings['fortune-cap'], target.fx.curse + value);
  night.tell({ kind: 'effect-applied', to: target.id, effect: 'curse', value: target.fx.curse });
}

/** MAF-9.5: luck given to a cursed player removes the curse; MAF-6.3/D47: one copy gives it once. */
export function landLuck(night: Night, target: PlayerState, value: number, uid?: number): void {
  if (alreadyGiven(target, 'luck', uid)) return;
  if (target.fx.curse > 0) removeCurse(night, target);
  record(target, 'luck', uid);
  target.fx.luck = Math.min(night.state.settings['fortune-cap'], target.fx.luck + value);
}

function removeCurse(night: Night, target: PlayerState): void {
  target.fx.curse = 0;
  fortuneFrom(target).curse = [];
  night.tell({ kind: 'effect-removed', to: target.id, effect: 'curse' });
}

/** MAF-9.16, 9.17, 9.24: blocks and paralysis (step I). */
export function landBlock(night: Night, target: PlayerState, e: Effect): void {
  if (e.type === 'block') {
    if (isCalm(night.state, target) || night.calm.has(target.id)) return;
    if (night.blessed(target, e.negative)) return;
    if (e.when === 'current-night') {
      if (!night.blocked.has(target.id)) night.blocked.set(target.id, 'blocked');
    } else target.fx.dayBlock = night.n + 1;
  } else if (e.type === 'paralysis') {
    if (night.blessed(target, e.negative)) return;
    night.blocked.set(target.id, 'paralysed');
    if (!target.fx.paralysis) {
      target.fx.paralysis = true;
      night.tell({ kind: 'effect-applied', to: target.id, effect: 'paralysis' });
    }
  }
}

/** Applies a list of effects from `actor` onto `target`; returns extra result fields (an answer, copied maps). */
export function applyEffects(
  night: Night,
  actor: PlayerState,
  target: PlayerState,
  effects: Effect[],
  source: Source,
): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const lands = night.lands(actor, target);
  const def = source.def;
  for (const e of effects) {
    switch (e.type) {
      case 'kill':
        // MAF-9.14: attempts on an invisible player are not registered.
        if (lands) {
          const kind = e.ifTransformed === 'incinerate' && target.fx.transformation ? 'incinerate' : 'kill';
          night.attempts.push({ attacker: actor.id, victim: target.id, kind });
        }
        break;
      case 'incinerate':
        if (lands) night.attempts.push({ attacker: actor.id, victim: target.id, kind: 'incinerate' });
        break;
      case 'heal':
        if (lands) night.healers.set(target.id, [...(night.healers.get(target.id) ?? []), actor.id]);
        break;
      case 'invisibility':
        if (lands) night.invisible.add(target.id);
        break;
      case 'immortality':
        if (lands) night.immortal.add(target.id);
        break;
      case 'calm':
        if (lands) night.calm.add(target.id);
        break;
      case 'block':
      case 'paralysis':
        landBlock(night, target, e);
        break;
      case 'poison':
        // MAF-9.3: a poisoned player cannot be poisoned again (D34).
        if (lands && !target.fx.poison && !night.blessed(target, e.negative)) {
          target.fx.poison = { night: night.n };
          night.tell({ kind: 'effect-applied', to: target.id, effect: 'poison' });
        }
        break;
      case 'cure':
        if (lands) cure(night, actor, target, e.effects);
        break;
      case 'curse':
        if (lands && !night.blessed(target, e.negative))
          landCurse(night, target, curseValue(night.cat, def, e, night.state.settings), source.copy?.uid);
        break;
      case 'luck':
        if (lands && !night.blessed(target, e.negative)) landLuck(night, target, e.value, source.copy?.uid);
        break;
      case 'stat':
        if (lands && !night.blessed(target, e.negative)) {
          const kind = e.duration;
          // "for the day" from a night item means the next day.
          const n = kind === 'day' ? night.n + 1 : night.n;
          target.fx.mods.push({ stat: e.stat, op: e.op, value: e.value, kind, n });
        }
        break;
      case 'check':
        fields.answer = lands ? teamAnswer(target) : 'unknown';
        break;
      case 'transform':
        if (lands && source.copy && def) transform(night, target, def, source.copy, e);
        break;
      case 'mark':
        // MAF-9.9: a player never bears two identical marks; blessing does not stop marks.
        if (lands && source.copy && def && !target.fx.marks.some((m) => m.mark === e.mark)) {
          target.fx.marks.push({
            mark: e.mark,
            item: def.id,
            uid: source.copy.uid,
            marker: actor.id,
            passive: !!e.passiveMark,
            grants: e.grants ?? [],
          });
          night.tell({ kind: 'effect-applied', to: target.id, effect: 'mark', mark: e.mark });
        }
        break;
      case 'trap':
        // MAF-9.11: set secretly; only the setter knows.
        if (lands && def && !night.blessed(target, e.negative))
          target.fx.traps.push({ setter: actor.id, item: def.id, onTrigger: e.onTrigger });
        break;
      case 'recharge': {
        // MAF-8.6: restores every charge of one multi-use item held, once per copy.
        const copy = source.subject ? firstCopy(actor, source.subject) : undefined;
        const subjectDef = copy ? night.cat.item.get(copy.item) : undefined;
        if (copy && subjectDef?.uses === 'multi-use') {
          copy.charges = subjectDef.charges ?? copy.charges;
          copy.recharges += 1;
          fields.subject = copy.item;
        }
        break;
      }
      case 'resurrect':
        night.restores.push({ kind: 'resurrect', target: target.id });
        break;
      case 'release':
        night.restores.push({ kind: 'release', target: target.id });
        break;
      case 'copy-maps': {
        if (!lands) break;
        const copied = target.maps.filter((m) => !actor.maps.includes(m));
        actor.maps.push(...copied);
        fields.maps = copied;
        break;
      }
    }
  }
  return fields;
}

/** MAF-9.3 (antidote), holy water: cures told effects; an antidote giver saves the poisoned. */
function cure(night: Night, actor: PlayerState, target: PlayerState, which: Array<'poison' | 'curse' | 'paralysis'>): void {
  for (const effect of which) {
    if (effect === 'poison' && target.fx.poison) {
      target.fx.poison = null;
      night.tell({ kind: 'effect-removed', to: target.id, effect: 'poison' });
      if (actor.id !== target.id) night.tell({ kind: 'saved-player', to: actor.id, target: target.id });
    } else if (effect === 'curse' && target.fx.curse > 0) {
      removeCurse(night, target);
    } else if (effect === 'paralysis' && target.fx.paralysis) {
      target.fx.paralysis = false;
      night.tell({ kind: 'effect-removed', to: target.id, effect: 'paralysis' });
    }
  }
}

/** MAF-9.12, 6.4: one transformation per player; used on its current bearer, the item undoes it. */
function transform(night: Night, target: PlayerState, def: ItemDef, copy: ItemCopy, e: Effect & { type: 'transform' }): void {
  const tell = (ev: Parameters<Night['tell']>[0]) => night.tell(ev);
  if (target.fx.transformation?.uid === copy.uid) {
    endTransformation(night.state, target, tell);
    return;
  }
  endTransformation(night.state, target, tell);
  target.fx.transformation = { form: e.form, item: def.id, uid: copy.uid, grants: e.grants };
  copy.bearers.push(target.id);
  night.tell({ kind: 'effect-applied', to: target.id, effect: 'transformation', form: e.form });
}
