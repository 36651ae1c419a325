// Kill Game (rules/killgame.md): a battle royale on a zone map, tactic and action phases.
import * as z from 'zod';
import { KILLGAME_REASONS, type KillGameReason, type KillGameRejection } from './reasons.js';
import { rosterOf } from '../../core/seats.js';
import type { GameEvent, PendingAction, Ruleset } from '../../core/types.js';
import type { Rng } from '../../core/rng.js';
import { closeAction } from './action.js';
import { available } from './available.js';
import { forceEnd, possibleWinners } from './ending.js';
import { clone, mapOf, phaseId, type KG, type KillGameState } from './state.js';
import { remove } from './removal.js';
import { LIVE_SETTINGS, settingsSchema, type KillGameSettings } from './settings.js';
import { setupMatch } from './setup.js';
import { tally } from './tally.js';
import { closeTactic } from './tactic.js';
import { timing } from './timing.js';
import { replayOwn, reject, validate, withdraw } from './validate.js';
import { facts, view } from './view.js';

export type { KillGameState } from './state.js';
export type { KillGameSettings } from './settings.js';

/** KG-4.1, KG-4.5, KG-4.6 the action types and their fields (forms: `available`; checks: `validate`). */
const actionFields = {
  start: ['zone'],
  shop: ['items'],
  move: ['zone'],
  stay: [],
  medikit: ['target'],
  antidote: [],
  smoke: ['zone'],
  gas: ['zone'],
  buy: ['item', 'count'],
  sell: ['item', 'count'],
  shoot: ['targets'],
  stab: ['targets'],
  punch: ['targets'],
  grenade: ['zone'],
  c4: ['zone'],
  vest: [],
  'gas-mask': [],
  amulet: [],
  shout: [],
} as const satisfies Record<string, readonly string[]>;
const actions = Object.keys(actionFields);

/** KG-8 closes the open phase: replays each player's stored actions, then the ordered steps. */
function resolve(state: KG, pending: PendingAction[], rng: Rng): { state: KG; events: GameEvent[]; opening?: GameEvent[] } {
  if (state.phase === null) return { state, events: [] };
  const byOwner = new Map<string, PendingAction[]>();
  for (const p of pending) {
    const list = byOwner.get(p.owner);
    if (list) list.push(p);
    else byOwner.set(p.owner, [p]);
  }
  // KG-4.2 actions that no longer pass (a buy paid by a withdrawn sell...) never happen; the rest
  // come in resolution order (decision 42).
  const valid = new Map<string, PendingAction[]>();
  for (const p of state.players) {
    const own = byOwner.get(p.id);
    if (!p.alive || !own) continue;
    valid.set(p.id, replayOwn(state, p, own).valid);
  }
  const next = clone(state);
  const map = mapOf(next);
  const events: GameEvent[] = [];
  if (next.phase!.kind === 'tactic') closeTactic(next, map, valid, rng, events);
  else closeAction(next, map, valid, rng, events);
  next.deathsThisPhase = 0;
  // KG-8.3: the market regime is drawn as the next tactic phase opens, so it belongs to that phase.
  const opening = events.filter((e) => e.kind === 'market-open');
  return { state: next, events: events.filter((e) => e.kind !== 'market-open'), opening };
}

export const killgame: Ruleset<KillGameState, KillGameSettings, KillGameReason> = {
  id: 'killgame',
  settings: settingsSchema,
  liveSettings: LIVE_SETTINGS,
  options: z.object({}),
  actions,
  actionFields,
  reasons: KILLGAME_REASONS,
  homeLang: 'it',
  setup: setupMatch,
  phase: (state) => (state.phase ? phaseId(state.phase) : null),
  timing,
  available,
  validate,
  withdraw,
  // KG-1.8 KG-4.4: a dead player's withdrawal is refused like his submissions, before any slot is looked up.
  mayWithdraw: (state, player) =>
    state.players.some((p) => p.id === player && p.alive) ? null : reject('not-alive', 'Dead players withdraw nothing.'),
  post: (): KillGameRejection => reject('channel-forbidden', 'Kill Game has no channels.'),
  mayCheck: (state, player) =>
    state.players.some((p) => p.id === player && p.alive) ? null : reject('not-alive', 'Dead players do not check.'),
  checkers: (state) => state.players.filter((p) => p.alive).map((p) => p.id),
  resolve,
  remove,
  view,
  roster: (state) => rosterOf(state.players),
  channels: () => [],
  channelPatterns: [],
  outcome: (state) => state.winner,
  // No public vote in Kill Game.
  tally,
  facts,
  forceEnd,
  possibleWinners,
};
