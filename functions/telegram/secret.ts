// Constant-time comparisons for the bot's secrets: the webhook's secret token, a seat's token hash.
import { createHash, timingSafeEqual } from 'node:crypto';

/** Whether two secrets are equal, in a time that does not depend on where they differ (nor on their lengths). */
export function sameSecret(given: string | undefined | null, expected: string): boolean {
  if (typeof given !== 'string' || expected.length === 0) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
