// KG-3.2, KG-3.4 how long the open phase lasts: daily boundaries, or the CHECK-mode cap.
import type { PhaseTiming } from '../../core/types.js';
import type { KillGameSettings } from './settings.js';
import type { KG } from './state.js';

export function timing(state: KG, settings: KillGameSettings): PhaseTiming {
  // Live settings come from the platform's current settings, not the ones frozen in the state.
  const s = { ...state.settings, ...settings };
  if (s['check-mode']) return { minutes: s['check-phase-hours'] * 60 };
  // The tactic phase ends when the action phase starts, and the other way round.
  const daily = state.phase?.kind === 'action' ? s['tactic-start'] : s['action-start'];
  // tactic-1 closes at the first action-start at least 4 hours after the match starts.
  if (state.phase?.kind === 'tactic' && state.phase.turn === 1) return { daily, timezone: s.timezone, atLeastMinutes: 240 };
  return { daily, timezone: s.timezone };
}
