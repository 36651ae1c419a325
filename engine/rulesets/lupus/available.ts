// What a player may do now, with legal targets: built from the same checks as validate.
import type { AvailableAction, FieldSpec, PendingAction } from '../../core/types.js';
import { ACTION_RULES, ACTION_TYPES, GUESSES, abstentionsSpent } from './actions.js';
import type { LupusState } from './state.js';
import { findPlayer, isPack } from './state.js';
import { gate, targetProblem } from './validate.js';

export function available(state: LupusState, playerId: string, pending: PendingAction[]): AvailableAction[] {
  const actor = findPlayer(state, playerId);
  if (!actor || !state.phase) return [];
  const out: AvailableAction[] = [];
  for (const type of ACTION_TYPES) {
    if (gate(state, actor, type)) continue;
    const rule = ACTION_RULES[type];
    const fields: Record<string, FieldSpec> = {};
    if (rule.target) {
      const options = state.players.filter((t) => !targetProblem(state, actor, rule, t)).map((t) => t.id);
      if (options.length === 0) continue;
      fields.target = { kind: 'player', options, required: true };
    }
    const guesses = GUESSES[type];
    if (guesses) fields.guess = { kind: 'choice', options: [...guesses], required: true };
    if (type === 'investigate') {
      const owls = state.players.filter((p) => p.alive && p.id !== actor.id).map((p) => p.id);
      fields.owl = { kind: 'player', options: owls, required: false };
    }
    if (type === 'maul') {
      const pack = state.players.filter((p) => p.alive && isPack(p)).map((p) => p.id);
      fields.mauler = { kind: 'player', options: pack, required: false };
      fields.backup = { kind: 'player', options: pack, required: false };
    }
    if (type === 'abstain' && abstentionsSpent(state, actor)) continue;
    const owner = type === 'maul' ? 'pack' : actor.id;
    const submitted = pending.find((a) => a.owner === owner && a.slot === rule.slot && a.action.type === type);
    out.push({ type, slot: rule.slot, fields, ...(submitted ? { submitted: submitted.action } : {}) });
  }
  return out;
}
