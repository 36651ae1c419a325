// Which subscribed players are reminded of a deadline, and when: pure, from META, the seats and the living.
import type { MatchMeta, PlayerRecord, PushSubscriptionRecord } from '../../records.js';

/** Reminders go at most this long before a deadline (the sweeper looks this far ahead). */
export const MAX_REMIND_MINUTES = 1440;
export const DEFAULT_REMIND_MINUTES = 120;

/**
 * How long before the deadline the reminder goes: the match's `push-remind-minutes`, or half the phase when
 * the phase is not longer than that (a 20-minute phase is reminded 10 minutes before). Null: no reminder.
 */
export function reminderLeadMs(meta: Pick<MatchMeta, 'settings' | 'openedAt' | 'deadline'>): number | null {
  const raw = meta.settings['push-remind-minutes'];
  const minutes = typeof raw === 'number' ? raw : DEFAULT_REMIND_MINUTES;
  if (minutes <= 0 || meta.deadline === null) return null;
  const lead = minutes * 60_000;
  const length = meta.openedAt === null ? Infinity : meta.deadline - meta.openedAt;
  return length <= lead ? Math.floor(length / 2) : lead;
}

/** Whether the open phase's reminder is due at `now`: running, open, not asked to close, inside the lead. */
export function reminderDue(meta: MatchMeta, now: number): boolean {
  if (meta.status !== 'running' || meta.phase === null || meta.deadline === null) return false;
  if (meta.phaseStatus !== 'open' || meta.closeRequestedAt !== null) return false;
  const lead = reminderLeadMs(meta);
  return lead !== null && now >= meta.deadline - lead && now < meta.deadline;
}

/**
 * The devices to remind: subscriptions of seated, living players who have not checked in the open phase,
 * made by the person who holds the seat now (not one a substitute replaced).
 */
export function reminderTargets(
  meta: MatchMeta,
  players: PlayerRecord[],
  alive: ReadonlySet<string>,
  subscriptions: PushSubscriptionRecord[],
): PushSubscriptionRecord[] {
  const seats = new Map(players.map((p) => [p.id, p]));
  return subscriptions.filter((s) => {
    const player = seats.get(s.playerId);
    return player !== undefined && player.tokenHash === s.tokenHash && alive.has(s.playerId) && player.checkedPhase !== meta.phase;
  });
}
