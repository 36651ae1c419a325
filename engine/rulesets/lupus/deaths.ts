// Section 10: deaths, their public announcement, and resurrection.
import type { GameEvent } from '../../core/types.js';
import type { LupusPlayer, LupusState } from './state.js';

export type Cause = 'stake' | 'mauled' | 'mysterious' | 'removed';

/**
 * LUP-10.1 / LUP-10.2 / LUP-10.5: kills a living player and returns his public `death`
 * (null if he was already dead). With `splatter` off, night causes read `night`.
 */
export function kill(state: LupusState, p: LupusPlayer, cause: Cause): GameEvent | null {
  if (!p.alive) return null;
  p.alive = false;
  const shown = !state.rules.splatter && (cause === 'mauled' || cause === 'mysterious') ? 'night' : cause;
  return { kind: 'death', to: 'public', player: p.id, cause: shown };
}

/** LUP-10.4 (D-20): back to life with every state he died with; announced without naming who raised him. */
export function resurrect(p: LupusPlayer): GameEvent | null {
  if (p.alive) return null;
  p.alive = true;
  return { kind: 'resurrected', to: 'public', player: p.id };
}
