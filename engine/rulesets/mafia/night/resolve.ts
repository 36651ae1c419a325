// MAF-5: the night close, steps I–VI and dawn.
import type { GameEvent, PendingAction } from '../../../core/types.js';
import type { Rng } from '../../../core/rng.js';
import { settle, statsChanged } from '../report.js';
import { clone } from '../state.js';
import type { MafiaState, PhaseRef } from '../state.js';
import { Night } from './context.js';
import { dawn } from './dawn.js';
import { stepDeaths } from './deaths.js';
import { stepDestruction } from './destruction.js';
import { cancelFortune, stepBlocks, stepItems } from './item-steps.js';
import { stepSearches } from './searches.js';
import { stepThefts } from './thefts.js';

export function resolveNight(before: MafiaState, actions: PendingAction[], rng: Rng): { state: MafiaState; events: GameEvent[] } {
  const state = clone(before);
  const night = new Night(state, rng, actions);
  stepBlocks(night); // I
  cancelFortune(night); // MAF-5.4
  stepItems(night); // II
  stepDestruction(night); // III
  stepSearches(night); // IV
  stepThefts(night); // V
  stepDeaths(night); // VI
  const events = dawn(night);
  state.lastWords = null;
  const next: PhaseRef = { kind: 'day', n: night.n + 1 };
  events.push(...statsChanged(state, next));
  settle(state, next, events);
  return { state, events };
}
