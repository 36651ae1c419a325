// LUP-14.1: the checks of a submitted action, in the spec's order; never throws on raw input.
import type { LupusRejection } from './reasons.js';
import type { Accepted, ActionInput, GameEvent } from '../../core/types.js';
import type { ActionRule, ActionType } from './actions.js';
import { ACTION_RULES, GUESSES, abstentionsSpent, isActionType, no } from './actions.js';
import type { LupusPlayer, LupusState } from './state.js';
import { findPlayer, isPack } from './state.js';

const absent = (v: unknown) => v === undefined || v === null;

/** LUP-14.1 #3 – #7: may this player use this action now at all? */
export function gate(state: LupusState, actor: LupusPlayer | undefined, type: ActionType): LupusRejection | null {
  const rule = ACTION_RULES[type];
  if (!state.phase) return no('phase-closed', 'the match has no open phase');
  if (!actor || !actor.alive) return no('not-alive', 'you are dead');
  if (!rule.hasPower(actor)) return no('no-such-power', `your role has no ${type}`);
  if (!rule.phases.includes(state.phase.kind)) return no('wrong-phase', `${type} is not used in this phase`);
  if (state.phase.kind === 'night' && state.phase.n < rule.firstNight) {
    return no('not-yet', `${type} is used from night ${rule.firstNight}`);
  }
  if (rule.used?.(state, actor)) return no('already-used', `your ${type} is spent`);
  return null;
}

/** LUP-14.1 #9 – #12 for one candidate target. */
export function targetProblem(state: LupusState, actor: LupusPlayer, rule: ActionRule, target: LupusPlayer) {
  return rule.target ? rule.target(state, actor, target) : null;
}

/** LUP-14.1 #13 – #14: guesses, maulers, owls, abstention limit. */
function extraProblem(state: LupusState, actor: LupusPlayer, type: ActionType, input: ActionInput): LupusRejection | null {
  const guesses = GUESSES[type];
  if (guesses && !guesses.includes(input.guess as string)) return no('invalid-guess', 'this guess is not allowed');
  if (type === 'maul') {
    const mauler = findPlayer(state, absent(input.mauler) ? actor.id : input.mauler);
    const backup = absent(input.backup) ? null : findPlayer(state, input.backup);
    const fit = (p: LupusPlayer | undefined) => !!p && p.alive && isPack(p);
    if (!fit(mauler) || (backup && (!fit(backup) || backup.id === mauler?.id))) {
      return no('invalid-mauler', 'mauler and backup must be different living pack members');
    }
  }
  if (type === 'investigate' && !absent(input.owl)) {
    const owl = findPlayer(state, input.owl);
    if (!owl || !owl.alive || owl.id === actor.id || owl.id === input.target) {
      return no('invalid-owl', 'the owl goes to another living player, not the target');
    }
  }
  if (type === 'abstain' && abstentionsSpent(state, actor)) {
    return no('abstention-limit', 'you have no abstentions left: vote');
  }
  return null;
}

/** The action as it will be resolved: known fields only, the mauler filled in. */
function normalise(actor: LupusPlayer, type: ActionType, input: ActionInput): ActionInput {
  const out: ActionInput = { type };
  if (ACTION_RULES[type].target) out.target = input.target;
  if (GUESSES[type]) out.guess = input.guess;
  if (type === 'investigate' && !absent(input.owl)) out.owl = input.owl;
  if (type === 'maul') {
    out.mauler = absent(input.mauler) ? actor.id : input.mauler;
    if (!absent(input.backup)) out.backup = input.backup;
  }
  return out;
}

export function validate(state: LupusState, playerId: string, input: ActionInput): Accepted | LupusRejection {
  if (!input || typeof input !== 'object' || !isActionType(input.type)) {
    return no('unknown-action', 'lupus has no such action');
  }
  const type = input.type;
  const rule = ACTION_RULES[type];
  const actor = findPlayer(state, playerId);
  const closed = gate(state, actor, type);
  if (closed || !actor) return closed ?? no('not-alive', 'you are dead');

  // #8: required fields present, player fields naming a player.
  if (rule.target && absent(input.target)) return no('field-missing', 'target is missing');
  for (const field of rule.requires ?? []) {
    if (absent(input[field])) return no('field-missing', `${field} is missing`);
  }
  const target = rule.target ? findPlayer(state, input.target) : undefined;
  if (rule.target && !target) return no('illegal-target', 'the target names no player');
  for (const field of rule.playerFields ?? []) {
    if (!absent(input[field]) && !findPlayer(state, input[field])) {
      return no('illegal-target', `${field} names no player`);
    }
  }
  const problem = (target && targetProblem(state, actor, rule, target)) || extraProblem(state, actor, type, input);
  if (problem) return problem;

  const action = normalise(actor, type, input);
  const events: GameEvent[] = [];
  // LUP-8.2: day ballots are public as cast.
  if (rule.slot === 'ballot' && state.phase?.kind === 'day') {
    events.push({ kind: 'vote-cast', to: 'public', voter: actor.id, target: type === 'vote' ? target!.id : null });
  }
  return { ok: true, slot: rule.slot, owner: type === 'maul' ? 'pack' : actor.id, action, events };
}
