// The one error type of the service: a refusal with a stable reason id, a message and the numbers the
// message names. It carries no HTTP status: functions/api/status.ts chooses that, in one place.

export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    /** A kebab-case reason id; the page has its text in every language (web/src/i18n). */
    readonly reason: string,
    message: string,
    /** The numbers and ids the message names, so a page can say it in the reader's language. */
    readonly params?: Record<string, string | number>,
  ) {
    super(message);
  }
}

export function refusal(reason: string, message: string, params?: Record<string, string | number>): DomainError {
  return new DomainError(reason, message, params);
}

export const notFound = (what: string) => refusal('not-found', `${what} not found.`);
