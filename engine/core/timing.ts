// Phase deadlines from a ruleset's timing, anchored to a given instant (never to a clock).
import type { PhaseTiming } from './types.js';

const MINUTE = 60_000;

/** The wall-clock parts of an instant in an IANA time zone. */
function partsIn(instant: number, timezone: string) {
  const fmt = new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const parts = Object.fromEntries(fmt.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** Offset of a zone from UTC at an instant, in ms (local = utc + offset). */
function offsetAt(instant: number, timezone: string): number {
  const p = partsIn(instant, timezone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The UTC instant of a local wall-clock time in a zone (DST-aware; a skipped time moves forward). */
export function zonedTimeToUtc(y: number, m: number, d: number, hh: number, mm: number, timezone: string): number {
  const guess = Date.UTC(y, m - 1, d, hh, mm);
  let instant = guess - offsetAt(guess, timezone);
  // A second pass settles instants next to a DST change.
  instant = guess - offsetAt(instant, timezone);
  return instant;
}

/** The first moment strictly after `after` when the local clock in `timezone` reads `HH:MM`. */
export function nextDailyTime(after: number, hhmm: string, timezone: string): number {
  const [hh, mm] = hhmm.split(':').map(Number) as [number, number];
  const local = partsIn(after, timezone);
  for (let dayOffset = 0; dayOffset < 3; dayOffset++) {
    // Date.UTC rolls a day past the month's end over into the next month.
    const day = partsIn(Date.UTC(local.year, local.month - 1, local.day + dayOffset), 'UTC');
    const candidate = zonedTimeToUtc(day.year, day.month, day.day, hh, mm, timezone);
    if (candidate > after) return candidate;
  }
  throw new Error(`no ${hhmm} in ${timezone} after ${after}`);
}

/**
 * The deadline of a phase that opens at `openedAt` (epoch ms).
 * `phaseSeconds`, when set, replaces every timing (the local stack's watch-a-whole-match mode).
 */
export function deadlineFor(timing: PhaseTiming, openedAt: number, phaseSeconds?: number): number {
  if (phaseSeconds && phaseSeconds > 0) return openedAt + phaseSeconds * 1000;
  if ('minutes' in timing) return openedAt + timing.minutes * MINUTE;
  return nextDailyTime(openedAt + (timing.atLeastMinutes ?? 0) * MINUTE, timing.daily, timing.timezone);
}

export function isValidTimezone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}
