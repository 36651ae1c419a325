// Shared submission checks (MAF-2.5): who may act, targets by scope, locked slots.
import type { MafiaReason, MafiaRejection } from './reasons.js';
import type { Accepted, ActionInput, GameEvent, PendingAction, SubmissionContext } from '../../core/types.js';
import type { Scope } from './ids.js';
import { catalogOf, findPlayer, inTown } from './state.js';
import type { MafiaState, PhaseRef, PlayerState } from './state.js';
import type { CatalogIndex } from './catalog.js';

export interface Submission {
  state: MafiaState;
  actor: PlayerState | undefined;
  player: string;
  action: ActionInput;
  pending: PendingAction[];
  at: PhaseRef;
  cat: CatalogIndex;
  /** The submission's time and the phase's deadline, when the caller gave them (MAF-3.12). */
  context: SubmissionContext | undefined;
}

export function submission(
  state: MafiaState,
  player: string,
  action: ActionInput,
  pending: PendingAction[],
  context?: SubmissionContext,
): Submission {
  return {
    state,
    actor: findPlayer(state, player),
    player,
    action,
    pending,
    at: state.phase ?? { kind: 'day', n: 0 },
    cat: catalogOf(state),
    context,
  };
}

const MESSAGES: Record<MafiaReason, string> = {
  'wrong-phase': 'That action does not belong to this phase.',
  'not-alive': 'You are dead.',
  'not-in-town': 'You are not in town.',
  paralysed: 'You are paralysed.',
  'field-missing': 'A required field is missing.',
  'illegal-target': 'That target cannot be chosen.',
  'target-self': 'You cannot choose yourself.',
  'no-item': 'You hold no usable copy of that item.',
  'no-charges': 'That item has no charge left.',
  reloading: 'That item is reloading.',
  'no-map': 'You hold no map of that item.',
  'not-your-specialty': 'That is not your specialty (or it is suspended).',
  'once-per-game': 'That ability is already spent.',
  'not-two-nights': 'Not on two consecutive nights.',
  'thing-search-repeat': 'You searched for a Thing last night.',
  'already-prepared': 'You already hold that preparation.',
  'not-in-set': 'You hold no piece of that set.',
  'already-owned': 'You already hold that piece.',
  'none-available': 'Nothing of that rarity is left in the deck.',
  'not-stealable': 'Things cannot be stolen.',
  'item-not-visible': 'That item is not in the list.',
  'bad-recipe': 'That is not a smelting recipe.',
  'bad-bonus': 'That enchantment is not available for this item.',
  'not-poisoned': 'You are not poisoned.',
  'destruction-not-allowed': 'Destruction is not allowed now.',
  'limit-reached': 'That item already transforms as many players as it can.',
  'already-recharged': 'That item was already recharged.',
  'too-late': 'Too close to the end of the day for an item that needs answers.',
  'action-locked': 'That slot is locked for this phase.',
  'channel-forbidden': 'You cannot write to that channel.',
  'not-allowed': 'That is not allowed.',
};

export const reject = (reason: MafiaReason, message?: string): MafiaRejection => ({
  ok: false,
  reason,
  message: message ?? MESSAGES[reason],
});

export const accept = (slot: string, owner: string, action: ActionInput, events?: GameEvent[]): Accepted =>
  events && events.length ? { ok: true, slot, owner, action, events } : { ok: true, slot, owner, action };

/** not-alive / not-in-town / paralysed (MAF-0.3, MAF-9.17). */
export function gate(actor: PlayerState | undefined): MafiaRejection | null {
  if (!actor || actor.status === 'dead' || actor.status === 'removed') return reject('not-alive');
  if (actor.status !== 'in-town') return reject('not-in-town');
  if (actor.fx.paralysis) return reject('paralysed');
  return null;
}

export const wrongPhase = (s: Submission, kind: 'day' | 'night'): MafiaRejection | null =>
  s.at.kind === kind ? null : reject('wrong-phase');

/** MAF-2.6: a target by scope; `vote` is scope `others`. */
export function checkTarget(s: Submission, raw: unknown, scope: Scope): MafiaRejection | PlayerState {
  if (raw === undefined || raw === null || raw === '') return reject('field-missing', 'The target is missing.');
  const target = findPlayer(s.state, raw);
  if (!target) return reject('illegal-target', 'No such player.');
  switch (scope) {
    case 'others':
      if (target.id === s.player) return reject('target-self');
      return inTown(target) ? target : reject('illegal-target', 'The target is not in town.');
    case 'all':
    case 'self':
      return inTown(target) ? target : reject('illegal-target', 'The target is not in town.');
    case 'dead':
      return target.status === 'dead' ? target : reject('illegal-target', 'The target is not dead.');
    case 'jailed':
      return target.status === 'jailed' ? target : reject('illegal-target', 'The target is not jailed.');
  }
}

export const isRejection = (x: unknown): x is MafiaRejection => typeof x === 'object' && x !== null && (x as MafiaRejection).ok === false;

export const storedIn = (pending: PendingAction[], owner: string, slot: string): PendingAction | undefined =>
  pending.find((a) => a.owner === owner && a.slot === slot);

/** MAF-2.4: `steal`, `destroy` and every day `use-item` lock their slot once accepted. */
export function isLockedAction(state: MafiaState, stored: PendingAction | undefined): boolean {
  if (!stored) return false;
  const t = stored.action.type;
  return t === 'steal' || t === 'destroy' || t === 'last-words' || (state.phase?.kind === 'day' && t === 'use-item');
}

export function locked(s: Submission, owner: string, slot: string): MafiaRejection | null {
  return isLockedAction(s.state, storedIn(s.pending, owner, slot)) ? reject('action-locked') : null;
}

export const missing = (v: unknown): boolean => v === undefined || v === null || v === '';
