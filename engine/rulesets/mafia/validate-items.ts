// Submission checks for `use-item` (MAF-8, MAF-3.11–3.13 fakes) and `use-set` (MAF-6.5, 8.9).
import type { MafiaRejection } from './reasons.js';
import type { Accepted, ActionInput } from '../../core/types.js';
import { completeSets, firstCopy, useBlock } from './inventory.js';
import { PUBLIC } from './ids.js';
import { accept, checkTarget, gate, isRejection, locked, missing, reject, wrongPhase } from './validate-common.js';
import type { Submission } from './validate-common.js';
import { scopeNeedsTarget } from './catalog.js';

export function validateUseItem(s: Submission): Accepted | MafiaRejection {
  const itemId = typeof s.action.item === 'string' ? s.action.item : undefined;
  const def = itemId ? s.cat.item.get(itemId) : undefined;
  if (def && def.kind === 'active' && def.phase !== s.at.kind) return reject('wrong-phase', `That item is used by ${def.phase}.`);
  const g = gate(s.actor);
  if (g) return g;
  const actor = s.actor!;
  if (missing(s.action.item)) return reject('field-missing', 'Name the item.');
  if (!def || def.kind !== 'active') return reject('no-item', 'That item cannot be used.');

  const normalized: ActionInput = { type: 'use-item', item: def.id };
  if (scopeNeedsTarget(def.scope)) {
    const target = checkTarget(s, s.action.target, def.scope!);
    if (isRejection(target)) return target;
    normalized.target = target.id;
  }
  const rechargeEffect = def.effect.some((e) => e.type === 'recharge');
  let subjectCopy;
  if (rechargeEffect) {
    if (missing(s.action.subject)) return reject('field-missing', 'Name the item to recharge.');
    const subjectDef = typeof s.action.subject === 'string' ? s.cat.item.get(s.action.subject) : undefined;
    subjectCopy = subjectDef ? firstCopy(actor, subjectDef.id) : undefined;
    if (!subjectDef || subjectDef.uses !== 'multi-use' || !subjectCopy) return reject('illegal-target', 'You hold no such multi-use item.');
    normalized.subject = subjectDef.id;
  }

  // MAF-3.13: a day item he cannot really use is a fake if he openly found it earlier.
  const copy = firstCopy(actor, def.id);
  const block = useBlock(def, copy, s.at);
  if (block) {
    if (def.phase !== 'day') return reject(block);
    if (!actor.found.includes(def.id)) return reject('no-item');
    normalized.fake = true;
  }
  if (!normalized.fake && copy) {
    const transform = def.effect.find((e) => e.type === 'transform');
    if (transform && transform.type === 'transform' && transform.limit !== undefined) {
      const target = normalized.target as string | undefined;
      if (copy.bearers.length >= transform.limit && !(target && copy.bearers.includes(target))) return reject('limit-reached');
    }
    if (subjectCopy && subjectCopy.recharges >= (s.cat.item.get(subjectCopy.item)?.recharge ?? 0)) return reject('already-recharged');
  }
  // MAF-3.12, D52: an item that needs answers, too close to the deadline as it stands now (a fake alike).
  if (def.phase === 'day' && def.needsResponse && tooLate(s)) return reject('too-late');
  const slot = def.instant ? 'instant' : 'basic';
  const lock = locked(s, s.player, slot);
  if (lock) return lock;
  // MAF-3.11: day item uses are public at once (a fake exactly like a real one).
  const events =
    def.phase === 'day'
      ? [{ kind: 'day-item-used', to: PUBLIC, player: s.player, item: def.id, ...(normalized.target ? { target: normalized.target } : {}) }]
      : undefined;
  return accept(slot, s.player, normalized, events);
}

export function validateUseSet(s: Submission): Accepted | MafiaRejection {
  const w = wrongPhase(s, 'night');
  if (w) return w;
  const g = gate(s.actor);
  if (g) return g;
  const actor = s.actor!;
  if (missing(s.action.set)) return reject('field-missing', 'Name the set.');
  const set = typeof s.action.set === 'string' ? s.cat.set.get(s.action.set) : undefined;
  if (!set || !set.active) return reject('no-item', 'No such set bonus.');
  const active = set.active;
  const normalized: ActionInput = { type: 'use-set', set: set.id };
  if (scopeNeedsTarget(active.scope)) {
    const target = checkTarget(s, s.action.target, active.scope);
    if (isRejection(target)) return target;
    normalized.target = target.id;
  }
  if (!completeSets(s.state, actor).some((c) => c.id === set.id)) return reject('no-item', 'You do not hold the whole set.');
  const last = actor.setUses[set.id];
  if (active.uses === 'reloadable' && last !== undefined && s.at.n < last + (active.interval ?? 0) + 1) return reject('reloading');
  const slot = active.instant ? 'instant' : 'basic';
  const lock = locked(s, s.player, slot);
  if (lock) return lock;
  // MAF-6.5: one set's active bonus per player while that set stays complete.
  const other = actor.activeSet;
  if (other && other !== set.id && completeSets(s.state, actor).some((c) => c.id === other))
    return reject('not-allowed', `You already use the bonus of ${other}.`);
  return accept(slot, s.player, normalized);
}

/** MAF-3.12: less than `response-cutoff-minutes` left before the deadline (no deadline known: never). */
function tooLate(s: Submission): boolean {
  const c = s.context;
  if (!c || c.deadline === null) return false;
  return c.deadline - c.now < s.state.settings['response-cutoff-minutes'] * 60_000;
}
