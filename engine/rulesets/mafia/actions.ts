// MAF-2.3: the action types, their payload schemas (documentation and forms) and the validator of each.
import type { MafiaRejection } from './reasons.js';
import type { Accepted, ActionInput, PendingAction, SubmissionContext } from '../../core/types.js';
import { PUBLIC } from './ids.js';
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

export const ACTION_TYPES = [
  'vote',
  'find-map',
  'use-item',
  'use-set',
  'search-map',
  'search-random',
  'search-set',
  'search-antidote',
  'steal',
  'steal-pick',
  'prepare-search',
  'prepare-theft',
  'copy-map',
  'enchant',
  'smelt',
  'guard-boost',
  'destroy',
  'destroy-pick',
  'switch-specialty',
  'last-words',
] as const;

export type ActionType = (typeof ACTION_TYPES)[number];

/** MAF-2.3: each action's parameters (optional ones included), the table's `parameters` column. */
export const ACTION_FIELDS: Readonly<Record<ActionType, readonly string[]>> = {
  vote: ['target'],
  'find-map': [],
  'use-item': ['item', 'target', 'subject'],
  'use-set': ['set', 'target'],
  'search-map': ['item'],
  'search-random': ['rarity'],
  'search-set': ['item'],
  'search-antidote': [],
  steal: ['target', 'item'],
  'steal-pick': ['item'],
  'prepare-search': [],
  'prepare-theft': [],
  'copy-map': ['target', 'item'],
  enchant: ['item', 'bonus'],
  smelt: ['item', 'into'],
  'guard-boost': [],
  destroy: ['target', 'item'],
  'destroy-pick': ['item'],
  'switch-specialty': ['specialty'],
  'last-words': ['text'],
};

const validators: Record<ActionType, (s: Submission) => Accepted | MafiaRejection> = {
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
export function validateAction(
  state: MafiaState,
  player: string,
  action: ActionInput,
  pending: PendingAction[],
  context?: SubmissionContext,
): Accepted | MafiaRejection {
  if (!state.phase) return reject('wrong-phase', 'The match is over.');
  const type = action?.type;
  if (typeof type !== 'string' || !Object.hasOwn(validators, type)) return reject('not-allowed', 'Unknown action.');
  let verdict: Accepted | MafiaRejection;
  try {
    verdict = validators[type as ActionType](submission(state, player, action, pending, context));
  } catch {
    return reject('not-allowed', 'That action could not be read.');
  }
  return withdrawnVote(verdict, player, pending);
}

/**
 * D49: a day vote replaced by another action of its slot (a `find-map`, a day item) is withdrawn
 * publicly, exactly as a withdrawal, so the public count always equals the ballots the close reads.
 */
function withdrawnVote(verdict: Accepted | MafiaRejection, player: string, pending: PendingAction[]): Accepted | MafiaRejection {
  if (!verdict.ok || verdict.action.type === 'vote') return verdict;
  const replaced = pending.find((p) => p.owner === verdict.owner && p.slot === verdict.slot);
  if (replaced?.action.type !== 'vote') return verdict;
  return { ...verdict, events: [{ kind: 'vote-withdrawn', to: PUBLIC, voter: player }, ...(verdict.events ?? [])] };
}
