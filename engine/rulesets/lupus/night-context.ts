// What one night's resolution carries from step to step (LUP-6.2: effects are immediate).
import type { GameEvent } from '../../core/types.js';
import type { Stored } from './pending.js';
import type { LupusPlayer, LupusState } from './state.js';

export interface Night {
  state: LupusState;
  stored: Stored;
  /** Private results, in step order. */
  events: GameEvent[];
  /** LUP-6.7: praise, resurrections and deaths, announced together at dawn. */
  dawn: GameEvent[];
  /** LUP-7.8: players blocked by a dream for the rest of the night. */
  blocked: string[];
  /** LUP-7.16: players blessed against the bite tonight. */
  blessed: string[];
  /** LUP-7.6: registered deflections, strega id → target id. */
  deflections: Record<string, string>;
  /** LUP-7.10: registered spies. */
  spies: Array<{ girl: string; target: string }>;
}

export function failed(night: Night, actor: LupusPlayer, action: string, reason: 'dead' | 'cursed' | 'blocked') {
  night.events.push({ kind: 'action-failed', to: actor.id, action, reason });
}

/**
 * LUP-6.3 / LUP-6.4 / LUP-8.8: may this actor carry out his stored action at his step?
 * Dead: `action-failed` dead. Cursed (checked first): fails and lifts the curse. Blocked: fails.
 */
export function ready(night: Night, actor: LupusPlayer, action: string): boolean {
  if (!actor.alive) {
    failed(night, actor, action, 'dead');
    return false;
  }
  if (actor.cursed) {
    actor.cursed = false;
    failed(night, actor, action, 'cursed');
    return false;
  }
  if (night.blocked.includes(actor.id)) {
    failed(night, actor, action, 'blocked');
    return false;
  }
  return true;
}
