// Which step of a match wrote an event, and the ordering key (`seq`) it gets inside its phase:
// the start and a phase's opening first, then the steps taken while it is open in time order, then the close.
import type { PlayerId } from './types.js';

export type EventOrigin =
  | { kind: 'start' }
  | { kind: 'opening' }
  | { kind: 'close' }
  /** A close's notices to its no-shows (toolkit/no-shows.ts). */
  | { kind: 'notice' }
  /** A player's action, withdrawal or channel post, at `at` (epoch ms), told apart by `salt` (6 hex digits). */
  | { kind: 'submission'; at: number; salt: string }
  | { kind: 'removal'; at: number; player: PlayerId }
  | { kind: 'substitution'; at: number; player: PlayerId }
  /** The GM ended the match. */
  | { kind: 'forced-end'; at: number };

export type OriginKind = EventOrigin['kind'];

/** Origins that close a phase's record (what a rollback discards, what results announce). */
export const CLOSING: readonly OriginKind[] = ['close', 'notice'];

const time = (at: number) => String(at).padStart(15, '0');

/**
 * The ordering key shared by the events of one step: `!` sorts before digits, `~` after them. Each
 * event's `seq` is this prefix and its 6-digit index in the step.
 */
export function seqPrefix(origin: EventOrigin): string {
  switch (origin.kind) {
    case 'start':
      return '!start-';
    case 'opening':
      return '!open-';
    case 'close':
      return '~close-';
    case 'notice':
      return '~notice-';
    case 'submission':
      return `${time(origin.at)}-${origin.salt}-`;
    case 'removal':
      return `${time(origin.at)}-removal-${origin.player}-`;
    case 'substitution':
      return `${time(origin.at)}-substituted-${origin.player}-`;
    case 'forced-end':
      return `${time(origin.at)}-end-`;
  }
}

export const seqOf = (origin: EventOrigin, index: number) => `${seqPrefix(origin)}${String(index).padStart(6, '0')}`;

/** When the step was taken, for those taken while a phase is open. */
export const originTime = (origin: EventOrigin): number | null => ('at' in origin ? origin.at : null);

const FORMS: Array<[RegExp, (m: RegExpExecArray) => EventOrigin]> = [
  [/^!start-\d{6}$/, () => ({ kind: 'start' })],
  [/^!open-\d{6}$/, () => ({ kind: 'opening' })],
  [/^~close-\d{6}$/, () => ({ kind: 'close' })],
  [/^~notice-\d{6}$/, () => ({ kind: 'notice' })],
  [/^(\d{15})-([0-9a-f]{6})-\d{6}$/, (m) => ({ kind: 'submission', at: Number(m[1]), salt: m[2]! })],
  [/^(\d{15})-removal-([a-z0-9-]+)-\d{6}$/, (m) => ({ kind: 'removal', at: Number(m[1]), player: m[2]! })],
  [/^(\d{15})-substituted-([a-z0-9-]+)-\d{6}$/, (m) => ({ kind: 'substitution', at: Number(m[1]), player: m[2]! })],
  [/^(\d{15})-end-\d{6}$/, (m) => ({ kind: 'forced-end', at: Number(m[1]) })],
];

/**
 * The origin an event stored before origins were written down had (its seq said it), or null for a seq
 * no step writes. The one place a seq is read back.
 */
export function originOfSeq(seq: string): EventOrigin | null {
  for (const [form, origin] of FORMS) {
    const m = form.exec(seq);
    if (m) return origin(m);
  }
  return null;
}
