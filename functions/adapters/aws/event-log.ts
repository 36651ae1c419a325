// The event log's item layout on the single table: one `LOG#<n>#<k>` item per stored event item, and a
// `CURSOR` item holding the last `n` and the epoch. Reads after a position are a key-condition Query.
import type { LogPosition } from '../../records.js';
import { LOG_PREFIX } from './keys.js';

export const logSk = (at: LogPosition): string => `${LOG_PREFIX}${String(at.n).padStart(15, '0')}#${String(at.k).padStart(4, '0')}`;

/** The smallest key after `at` and before the next position (`#` sorts before every digit). */
export const logSkAfter = (at: LogPosition): string => `${logSk(at)}#`;

export function positionOf(sk: string): LogPosition | null {
  const m = new RegExp(`^${LOG_PREFIX}(\\d{15})#(\\d{4})$`).exec(sk);
  return m ? { n: Number(m[1]), k: Number(m[2]) } : null;
}

export interface LogHead {
  n: number;
  epoch: number;
  /** The log has copies by audience from its first write (audience-keys.ts); older matches' have none. */
  byAudience: boolean;
}

export function headOf(item: Record<string, unknown> | undefined): LogHead {
  return {
    n: typeof item?.n === 'number' ? item.n : 0,
    epoch: typeof item?.epoch === 'number' ? item.epoch : 0,
    byAudience: item?.byAudience === true,
  };
}
