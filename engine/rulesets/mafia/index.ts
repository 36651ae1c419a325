// The Mafia ruleset ("Вещевая", /work/shared/rules/mafia.md): town against bandits, with items.
import * as z from 'zod';
import type { Ruleset } from '../../core/types.js';
import { ACTION_FIELDS, ACTION_TYPES, validateAction } from './actions.js';
import { availableActions } from './available.js';
import { resolveDay } from './day-close.js';
import { BANDITS, PUBLIC, SPECIALTIES, TEAMS } from './ids.js';
import { inventoryFacts } from './inventory.js';
import { resolveNight } from './night/resolve.js';
import { MAFIA_REASONS, type MafiaReason } from './reasons.js';
import { removePlayer } from './remove.js';
import { LIVE_SETTINGS, settingsSchema } from './settings.js';
import type { MafiaSettings } from './settings.js';
import { setupMatch } from './setup.js';
import { findPlayer, inTown, isBandit, phaseId, roleOf } from './state.js';
import type { MafiaState } from './state.js';
import { statsOf } from './stats.js';
import { tally } from './tally.js';
import { isLockedAction, reject } from './validate-common.js';
import { channelsOf, postMessage, rosterOfTown, viewOf } from './view.js';

export type { MafiaState } from './state.js';
export type { MafiaSettings } from './settings.js';

/** MAF-1.9, 7.1: the join option `specialty`; a player without one is left out at the start. */
const options = z.object({ specialty: z.enum(SPECIALTIES).optional() });
const hasSpecialty = (o: Record<string, unknown>) => o.specialty !== undefined && o.specialty !== null && o.specialty !== '';

export const mafia: Ruleset<MafiaState, MafiaSettings, MafiaReason> = {
  id: 'mafia',
  settings: settingsSchema,
  liveSettings: LIVE_SETTINGS,
  // D33: a match starts from sign-ups once `quorum` players joined, up to `max-players`.
  seats: (settings) => ({ min: settings.quorum, max: settings['max-players'] }),
  // MAF-1.9: only players who chose a specialty are dealt in (setup's `readSeat` leaves out the others).
  dealtIn: (players) => players.filter((p) => hasSpecialty(p.options)).map((p) => p.id),
  options,
  actions: ACTION_TYPES,
  actionFields: ACTION_FIELDS,
  reasons: MAFIA_REASONS,
  homeLang: 'ru',

  setup: setupMatch,
  phase: (state) => (state.phase ? phaseId(state.phase) : null),
  timing: (state, settings) => ({ minutes: state.phase?.kind === 'night' ? settings['night-minutes'] : settings['day-minutes'] }),

  available: availableActions,
  validate: validateAction,
  // MAF-2.2: the Destruction slot belongs to the bandit team, and only its members act for it.
  slotOwner: (state, player, slot) => (slot === 'destroy' && isBandit(state, player) ? BANDITS : player),
  groups: (state, player) => (isBandit(state, player) ? [BANDITS] : []),
  // MAF-2.10: locked slots and published last words cannot be withdrawn; a withdrawn vote is announced.
  // A dead player's withdrawal (of his team's slot) is refused like his submissions (MAF-2.5).
  // MAF-2.5: a dead player's withdrawal is refused before any slot is looked at, like his submissions.
  mayWithdraw(state, player) {
    const p = findPlayer(state, player);
    return !p || p.status === 'dead' || p.status === 'removed' ? reject('not-alive') : null;
  },
  withdraw(state, player, stored) {
    const p = findPlayer(state, player);
    if (!p || p.status === 'dead' || p.status === 'removed') return reject('not-alive');
    if (isLockedAction(state, stored)) return reject('action-locked');
    if (stored.action.type === 'vote') return { ok: true, events: [{ kind: 'vote-withdrawn', to: 'public', voter: player }] };
    return { ok: true };
  },
  post: postMessage,
  // MAF-2.11: players in town check; the phase closes early when all of them have.
  mayCheck(state, player) {
    const p = findPlayer(state, player);
    if (!p || p.status === 'dead' || p.status === 'removed') return reject('not-alive');
    return inTown(p) ? null : reject('not-in-town');
  },
  checkers: (state) => state.players.filter(inTown).map((p) => p.id),

  resolve(state, actions, rng) {
    if (!state.phase) return { state, events: [] };
    return state.phase.kind === 'day' ? resolveDay(state, actions, rng) : resolveNight(state, actions, rng);
  },
  remove: removePlayer,

  view: viewOf,
  // MAF-12.7: alive is in town or away, as the public view shows.
  roster: rosterOfTown,
  channels: channelsOf,
  // MAF-2.12: the public square and the bandits' channel (also their group slots' owner).
  channelPatterns: [PUBLIC, BANDITS],
  outcome: (state) => state.winner,
  // MAF-12.1: `town`, `bandits` or `draw`.
  possibleWinners: () => [...TEAMS, 'draw'],
  // MAF-3: day votes are public as cast (`vote-cast`), so vote counts are published for them.
  publicVotes: (state) => state.phase?.kind === 'day',
  // MAF-3.2 – 3.5: the day's board in vote units, counted as the close counts.
  tally,
  facts(state) {
    const at = state.phase ?? { kind: 'day' as const, n: 0 };
    const per = <T>(f: (p: MafiaState['players'][number]) => T) => Object.fromEntries(state.players.map((p) => [p.id, f(p)]));
    return {
      // MAF-12.7: alive = in town or away.
      alive: state.players.filter((p) => p.status === 'in-town' || p.status === 'away').map((p) => p.id),
      dead: state.players.filter((p) => p.status === 'dead' || p.status === 'removed').map((p) => p.id),
      jailed: state.players.filter((p) => p.status === 'jailed').map((p) => p.id),
      role: per(roleOf),
      faction: per((p) => p.team),
      stats: per((p) => statsOf(state, p, at)),
      inventory: per(inventoryFacts),
    };
  },
};
