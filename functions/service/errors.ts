// The one error type of the service: a refusal with a stable reason id, a message and the numbers the
// message names (a Refusal, as the engine's RulesetError is). It carries no HTTP status:
// functions/api/status.ts chooses that, in one place.
import { Refusal } from '../../engine/core/types.js';

export class DomainError extends Refusal {
  override readonly name = 'DomainError';
}

export function refusal(reason: string, message: string, params?: Record<string, string | number>): DomainError {
  return new DomainError(reason, message, params);
}

export const notFound = (what: string) => refusal('not-found', `${what} not found.`);
