// MAF-2.3: the action types, their payload schemas (documentation and forms) and the validator of each.
import * as z from 'zod';
import type { Accepted, ActionInput, PendingAction, Rejection } from '../../core/types.js';
import { PUBLIC, RARITIES, SPECIALTIES } from './ids.js';
import type { MafiaState } from './state.js';
import { reject, submission } from './validate-common.js';
import type { Submission } from './validate-common.js';
import { validateFindMap, validateSwitchSpecialty, validateVote } from './validate-day.js';
import { validateUseItem, validateUseSet } from './validate-items.js';
import {
  validateCopyMap,
  validateDestroy,
  validateDestroyPick,
  validateEnchant,
  validateGuardBoost,
  validateLastWords,
  validatePrepare,
  validateSearchAntidote,
  validateSearchMap,
  validateSearchRandom,
  validateSearchSet,
  validateSmelt,
  validateSteal,
  validateStealPick,
} from './validate-night.js';

const id = z.string().min(1);
const of = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) => z.object({ type: z.literal(type), ...shape });

export const actionSchemas = {
  vote: of('vote', { target: id }),
  'find-map': of('find-map', {}),
  'use-item': of('use-item', { item: id, target: id.optional(), subject: id.optional() }),
  'use-set': of('use-set', { set: id, target: id.optional() }),
  'search-map': of('search-map', { item: id }),
  'search-random': of('search-random', { rarity: z.enum(RARITIES) }),
  'search-set': of('search-set', { item: id }),
  'search-antidote': of('search-antidote', {}),
  steal: of('steal', { target: id, item: id.optional() }),
  'steal-pick': of('steal-pick', { item: id }),
  'prepare-search': of('prepare-search', {}),
  'prepare-theft': of('prepare-theft', {}),
  'copy-map': of('copy-map', { target: id, item: id }),
  enchant: of('enchant', { item: id, bonus: id }),
  smelt: of('smelt', { item: id, into: z.array(id).min(1) }),
  'guard-boost': of('guard-boost', {}),
  destroy: of('destroy', { target: id, item: id.optional() }),
  'destroy-pick': of('destroy-pick', { item: id }),
  'switch-specialty': of('switch-specialty', { specialty: z.enum(SPECIALTIES) }),
  'last-words': of('last-words', { text: z.string().min(1) }),
} satisfies Record<string, z.ZodType>;

export type ActionType = keyof typeof actionSchemas;

const validators: Record<ActionType, (s: Submission) => Accepted | Rejection> = {
  vote: validateVote,
  'find-map': validateFindMap,
  'use-item': validateUseItem,
  'use-set': validateUseSet,
  'search-map': validateSearchMap,
  'search-random': validateSearchRandom,
  'search-set': validateSearchSet,
  'search-antidote': validateSearchAntidote,
  steal: validateSteal,
  'steal-pick': validateStealPick,
  'prepare-search': (s) => validatePrepare(s, 'search'),
  'prepare-theft': (s) => validatePrepare(s, 'theft'),
  'copy-map': validateCopyMap,
  enchant: validateEnchant,
  smelt: validateSmelt,
  'guard-boost': validateGuardBoost,
  destroy: validateDestroy,
  'destroy-pick': validateDestroyPick,
  'switch-specialty': validateSwitchSpecialty,
  'last-words': validateLastWords,
};

/** MAF-2.5: the spec's own checks, in its order; never throws. */
export function validateAction(state: MafiaState, player: string, action: ActionInput, pending: PendingAction[]): Accepted | Rejection {
  if (!state.phase) return reject('wrong-phase', 'The match is over.');
  const type = action?.type;
  if (typeof type !== 'string' || !Object.hasOwn(validators, type)) return reject('not-allowed', 'Unknown action.');
  let verdict: Accepted | Rejection;
  try {
    verdict = validators[type as ActionType](submission(state, player, action, pending));
  } catch {
    return reject('not-allowed', 'That action could not be read.');
  }
  return withdrawnVote(verdict, player, pending);
}

/**
 * D49: a day vote replaced by another action of its slot (a `find-map`, a day item) is withdrawn
 * publicly, exactly as a withdrawal, so the public count always equals the ballots the close reads.
 */
function withdrawnVote(verdict: Accepted | Rejection, player: string, pending: PendingAction[]): Accepted | Rejection {
  if (!verdict.ok || verdict.action.type === 'vote') return verdict;
  const replaced = pending.find((p) => p.owner === verdict.owner && p.slot === verdict.slot);
  if (replaced?.action.type !== 'vote') return verdict;
  return { ...verdict, events: [{ kind: 'vote-withdrawn', to: PUBLIC, voter: player }, ...(verdict.events ?? [])] };
}
