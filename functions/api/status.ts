// The one place an HTTP status is chosen: every reason id the service, the toolkit, the posts and the
// HTTP edge can give, with its status. A ruleset's own refusal (an action the rules do not allow now)
// is a conflict with the game state: 409, unless it is listed here.
import type { Context } from 'hono';
import type { DomainError } from '../service/errors.js';

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 503;

/** A ruleset's own refusal reasons that are not listed below. */
export const RULESET_REFUSAL_STATUS = 409;

export const STATUS_BY_REASON = {
  // The request itself is wrong, whatever the match's state.
  'invalid-body': 400,
  'invalid-settings': 400,
  'invalid-options': 400,
  'unknown-field': 400,
  'invalid-record': 400,
  'invalid-name': 400,
  'confusable-names': 400,
  'invalid-cursor': 400,
  'bad-cursor': 400,
  'sandbox-only': 400,
  'unknown-ruleset': 400,
  'unknown-winner': 400,
  // A ruleset's refusals that say the request names what does not exist or is malformed.
  'unknown-action': 400,
  'field-missing': 400,
  'illegal-target': 400,
  'target-self': 400,
  'unknown-scenario-key': 400,
  'unknown-id': 400,
  // Who is asking.
  unauthorized: 401,
  'seat-replaced': 401,
  'gm-only': 403,
  'player-only': 403,
  'channel-forbidden': 403,
  'direct-access': 403,
  // What is asked for is not there.
  'not-found': 404,
  'ruleset-not-found': 404,
  'no-votes': 404,
  // This server has no VAPID keys: nobody can subscribe to notifications.
  'push-unavailable': 404,
  // This server runs no Telegram bot: nothing can be bound to Telegram.
  'telegram-off': 404,
  'nothing-to-withdraw': 404,
  // The match's state does not allow it now.
  'already-started': 409,
  'already-checked': 409,
  'not-started': 409,
  'not-in-lobby': 409,
  // Still stored until its TTL deletes it; only its age forbids joining and starting.
  'lobby-expired': 409,
  'not-running': 409,
  'not-paused': 409,
  'match-over': 409,
  'match-paused': 409,
  'match-full': 409,
  'match-moved-on': 409,
  'player-exists': 409,
  'name-taken': 409,
  'setting-locked': 409,
  'phase-closed': 409,
  'phase-open': 409,
  'phase-resolving': 409,
  'wrong-phase': 409,
  'not-resolved': 409,
  'not-last-resolution': 409,
  'record-incomplete': 409,
  'quorum-not-reached': 409,
  'seats-mismatch': 409,
  'import-mismatch': 409,
  // Limits.
  'body-too-large': 413,
  'rate-limited': 429,
  'create-limited': 429,
  // Our side.
  internal: 500,
  'ruleset-not-installed': 500,
  busy: 503,
  'state-missing': 503,
  'not-supported': 503,
} as const satisfies Record<string, ErrorStatus>;

export function statusOf(reason: string): ErrorStatus {
  return (STATUS_BY_REASON as Record<string, ErrorStatus>)[reason] ?? RULESET_REFUSAL_STATUS;
}

/** The body every refusal has: `{ error: { code, message, params? } }`, plus any fields a route adds. */
export function errorJson(reason: string, message: string, params?: Record<string, string | number>, extra: Record<string, unknown> = {}) {
  return { error: { code: reason, message, ...(params ? { params } : {}), ...extra } };
}

const refusals = new WeakMap<Context, string>();

/** The reason id a request was refused with, if it was (functions/api/telemetry.ts counts them). */
export function refusalOf(c: Context): string | undefined {
  return refusals.get(c);
}

/** The response for a refusal, with its status from the table. */
export function refused(c: Context, reason: string, message: string, extra?: Record<string, unknown>): Response {
  refusals.set(c, reason);
  return c.json(errorJson(reason, message, undefined, extra), statusOf(reason));
}

export function domainErrorResponse(c: Context, error: DomainError, extra?: Record<string, unknown>): Response {
  refusals.set(c, error.reason);
  return c.json(errorJson(error.reason, error.message, error.params, extra), statusOf(error.reason));
}
