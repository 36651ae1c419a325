// Import (decision 9): a phase's final actions are what its close reads, so each must be one its player
// could have submitted then: the engine accepts it from that seat in the state the phase was in, for
// the slot the record files it under, and an action that leaves events is in the record's events.
import type { PendingAction, Ruleset } from '../../../engine/core/types.js';
import { canonical } from './given-events.js';

/** Why the final actions cannot be the ones the players submitted (the first one named), or null. */
export function unsubmittedFinal(
  ruleset: Ruleset,
  state: unknown,
  phase: string,
  finals: PendingAction[],
  pending: PendingAction[],
  seats: string[],
): string | null {
  const seen = new Set<string>();
  for (const [i, final] of finals.entries()) {
    const where = `final action ${i} of ${phase} (${final.owner}/${final.slot})`;
    const key = `${final.owner}\u0000${final.slot}`;
    if (seen.has(key)) return `${where} fills a slot twice`;
    seen.add(key);
    if (!seats.includes(final.player)) return `${where} is from nobody at the table`;
    const stored = pending.find((a) => a.owner === final.owner && a.slot === final.slot);
    if (stored && canonical(stored.action) === canonical(final.action) && stored.player === final.player) continue;
    const others = pending.filter((a) => !(a.owner === final.owner && a.slot === final.slot));
    const verdict = ruleset.validate(state, final.player, final.action, others);
    if (!verdict.ok) return `${where} is refused by the rules (${verdict.reason})`;
    if (verdict.owner !== final.owner || verdict.slot !== final.slot || canonical(verdict.action) !== canonical(final.action)) {
      return `${where} is not the action its player would have stored`;
    }
    // An action that writes events when submitted is in the record's events; one that is not was never submitted.
    if (!final.auto && (verdict.events?.length ?? 0) > 0) return `${where} has no submission in the record`;
  }
  return null;
}
