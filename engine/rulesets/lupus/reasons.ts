// Every reason Lupus refuses a submission, a withdrawal, a post or a check with (the page has a text for each).
import type { Rejection } from '../../core/types.js';
export const LUPUS_REASONS = [
  'abstention-limit',
  'already-targeted',
  'already-used',
  'channel-forbidden',
  'field-missing',
  'illegal-target',
  'invalid-guess',
  'invalid-mauler',
  'invalid-owl',
  'no-such-power',
  'not-alive',
  'not-candidate',
  'not-yet',
  'phase-closed',
  'target-alive',
  'target-coven',
  'target-dead',
  'target-packmate',
  'target-repeat',
  'target-self',
  'unknown-action',
  'wrong-phase',
] as const;
export type LupusReason = (typeof LUPUS_REASONS)[number];
export type LupusRejection = Rejection<LupusReason>;
