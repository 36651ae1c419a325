// One error type for every refusal the API gives: a stable code, a message, an HTTP status.

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 503,
    readonly code: string,
    message: string,
    /** The numbers and ids the message names, so a page can say it in the reader's language. */
    readonly params?: Record<string, string | number>,
  ) {
    super(message);
  }
}

/** HTTP status of a refusal by its reason id; a ruleset's own reasons are conflicts with the game state. */
const STATUS_BY_REASON: Record<string, ApiError['status']> = {
  'unknown-action': 400,
  'field-missing': 400,
  'illegal-target': 400,
  'target-self': 400,
  'invalid-body': 400,
  'invalid-settings': 400,
  'invalid-options': 400,
  'channel-forbidden': 403,
  'nothing-to-withdraw': 404,
  'unknown-scenario-key': 400,
  'unknown-id': 400,
};

export function refusal(reason: string, message: string): ApiError {
  return new ApiError(STATUS_BY_REASON[reason] ?? 409, reason, message);
}

export const notFound = (what: string) => new ApiError(404, 'not-found', `${what} not found.`);
