// Lupus: the 13-player Werewolf variant of rules/lupus.md, as one ruleset object.
import * as z from 'zod';
import type { Rng } from '../../core/rng.js';
import type { Facts, PendingAction, Ruleset } from '../../core/types.js';
import { rosterOf } from '../../core/seats.js';
import { ACTION_FIELDS, ACTION_TYPES, no } from './actions.js';
import { available } from './available.js';
import { channels, post } from './channels.js';
import { resolveNight } from './night.js';
import { remove } from './remove.js';
import { LUPUS_REASONS, type LupusReason } from './reasons.js';
import { ROLES } from './roles.js';
import type { LupusSettings } from './settings.js';
import { LIVE_SETTINGS, settingsSchema } from './settings.js';
import { setup } from './setup.js';
import type { LupusState } from './state.js';
import { cloneState, findPlayer, isPack, phaseId } from './state.js';
import { validate } from './validate.js';
import { tally } from './tally.js';
import { resolveDay, resolveRunoff } from './votes.js';
import { view } from './view.js';
import { winnersOf } from './victory.js';

export type { LupusSettings } from './settings.js';
export type { LupusState } from './state.js';

function resolve(current: LupusState, actions: PendingAction[], rng: Rng) {
  const state = cloneState(current);
  if (!state.phase) return { state, events: [] };
  const kind = state.phase.kind;
  const events =
    kind === 'night' ? resolveNight(state, actions) : kind === 'day' ? resolveDay(state, actions, rng) : resolveRunoff(state, actions, rng);
  return { state, events };
}

function facts(state: LupusState): Facts {
  return {
    alive: state.players.filter((p) => p.alive).map((p) => p.id),
    dead: state.players.filter((p) => !p.alive).map((p) => p.id),
    role: Object.fromEntries(state.players.map((p) => [p.id, p.role])),
    faction: Object.fromEntries(state.players.map((p) => [p.id, ROLES[p.role].faction])),
  };
}

export const lupus: Ruleset<LupusState, LupusSettings, LupusReason> = {
  id: 'lupus',
  settings: settingsSchema,
  liveSettings: LIVE_SETTINGS,
  options: z.object({}),
  actions: ACTION_TYPES,
  actionFields: ACTION_FIELDS,
  reasons: LUPUS_REASONS,
  homeLang: 'it',
  // LUP-4.2: a table seats `player-count` players; joins past it are refused `match-full`.
  seats: (settings) => ({ max: settings['player-count'] }),

  setup,
  phase: phaseId,
  // LUP-5.2: the open phase lasts its kind's `<kind>-minutes`.
  timing: (state, settings) => ({ minutes: settings[`${state.phase?.kind ?? 'night'}-minutes`] }),

  available,
  validate: (state, player, action) => validate(state, player, action),
  // LUP-1.5: the pack's maul is one shared slot.
  slotOwner: (state, player, slot) => {
    const p = findPlayer(state, player);
    return slot === 'maul' && p && isPack(p) ? 'pack' : player;
  },
  groups: (state, player) => {
    const p = findPlayer(state, player);
    return p && isPack(p) ? ['pack'] : [];
  },
  // A dead player's withdrawal is refused like his submissions (LUP-1.3), before any slot is looked up.
  mayWithdraw: (state, player) => (findPlayer(state, player)?.alive ? null : no('not-alive', 'you are dead')),
  withdraw: (state, player, stored) => {
    if (!findPlayer(state, player)?.alive) return no('not-alive', 'you are dead');
    // LUP-8.2: withdrawing a day ballot is public.
    const events =
      stored.slot === 'ballot' && state.phase?.kind === 'day' ? [{ kind: 'vote-withdrawn', to: 'public', voter: stored.owner }] : [];
    return { ok: true, events };
  },
  post,
  // LUP-5.6: every living player may check; the phase closes early when all living players have.
  mayCheck: (state, player) => (findPlayer(state, player)?.alive ? null : no('not-alive', 'you are dead')),
  checkers: (state) => state.players.filter((p) => p.alive).map((p) => p.id),

  resolve,
  remove,

  view,
  roster: (state) => rosterOf(state.players),
  channels,
  // LUP-12: the public square, the pack (channel and group slot), the cemetery, a spirit channel per
  // contacted player, and the pseudonym the Negromante speaks under there.
  channelPatterns: ['public', 'pack', 'cemetery', 'spirit-{player}', 'spirit'],
  outcome: (state) => state.winner,
  facts,

  // GM toolkit: LUP-8.2 day ballots are public as cast (run-off ballots are not).
  publicVotes: (state) => state.phase?.kind === 'day',
  // LUP-8.2 – LUP-8.5: the day's board in heads, counted as the close counts.
  tally,
  // LUP-11.1: the outcomes a victory check can give, which are those a GM may force.
  possibleWinners: () => ['village', 'pack', 'coven', 'draw'],
  // A forced outcome ends the match as LUP-11.5 does: no phase, the winners known, roles shown.
  forceEnd: (current, winner) => {
    const state = cloneState(current);
    state.winner = winner;
    state.winners = winnersOf(state, winner);
    state.phase = null;
    state.runoff = null;
    return state;
  },
};
