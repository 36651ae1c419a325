// Submission checks for the day's own actions: `vote` (MAF-3.1), `find-map` (MAF-3.8),
// `switch-specialty` (MAF-1.8).
import type { MafiaRejection } from './reasons.js';
import type { Accepted } from '../../core/types.js';
import { isOneOf, PUBLIC, SPECIALTIES } from './ids.js';
import { accept, checkTarget, gate, isRejection, locked, missing, reject, wrongPhase } from './validate-common.js';
import type { Submission } from './validate-common.js';

export function validateVote(s: Submission): Accepted | MafiaRejection {
  const w = wrongPhase(s, 'day');
  if (w) return w;
  const g = gate(s.actor);
  if (g) return g;
  // D25: voting for oneself is refused.
  const target = checkTarget(s, s.action.target, 'others');
  if (isRejection(target)) return target;
  const lock = locked(s, s.player, 'basic');
  if (lock) return lock;
  return accept('basic', s.player, { type: 'vote', target: target.id }, [
    { kind: 'vote-cast', to: PUBLIC, voter: s.player, target: target.id },
  ]);
}

export function validateFindMap(s: Submission): Accepted | MafiaRejection {
  const w = wrongPhase(s, 'day');
  if (w) return w;
  const g = gate(s.actor);
  if (g) return g;
  const lock = locked(s, s.player, 'basic');
  if (lock) return lock;
  return accept('basic', s.player, { type: 'find-map' });
}

export function validateSwitchSpecialty(s: Submission): Accepted | MafiaRejection {
  if (!(s.at.kind === 'day' && s.at.n === 1)) return reject('not-allowed', 'The specialty switch is open during day 1 only.');
  const g = gate(s.actor);
  if (g) return g;
  if (missing(s.action.specialty)) return reject('field-missing', 'Name the specialty.');
  if (!isOneOf(SPECIALTIES, s.action.specialty)) return reject('illegal-target', 'No such specialty.');
  if (!s.state.switchOpen || s.state.switchBandit !== s.player) return reject('not-allowed', 'You may not switch your specialty.');
  if (s.actor!.specialty === s.action.specialty) return reject('not-allowed', 'That is already your specialty.');
  return accept('switch-specialty', s.player, { type: 'switch-specialty', specialty: s.action.specialty });
}
