// Section 14: every action type, who may submit it, when, its slot and its target rules.
import type { LupusReason, LupusRejection } from './reasons.js';
import { DREAM_GUESSES, RAISE_GUESSES } from './roles.js';
import type { LupusPlayer, LupusState, PhaseKind } from './state.js';
import { isPack, isToldPumpkin, isVampire } from './state.js';

export const ACTION_TYPES = [
  'praise',
  'deflect',
  'dream',
  'spy',
  'reveal',
  'investigate',
  'resurrect',
  'bless',
  'bite',
  'maul',
  'raise',
  'contact',
  'vote',
  'abstain',
  'remove-vote',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export function isActionType(value: unknown): value is ActionType {
  return typeof value === 'string' && (ACTION_TYPES as readonly string[]).includes(value);
}

export const no = (reason: LupusReason, message: string): LupusRejection => ({ ok: false, reason, message });

type TargetRule = (state: LupusState, actor: LupusPlayer, target: LupusPlayer) => LupusRejection | null;

export interface ActionRule {
  phases: readonly PhaseKind[];
  /** LUP-6.1: the first night the action is accepted (0 for day actions). */
  firstNight: number;
  /** LUP-1.5: the slot id. */
  slot: string;
  /** LUP-14.1 #4 */
  hasPower(actor: LupusPlayer): boolean;
  /** LUP-14.1 #7 */
  used?(state: LupusState, actor: LupusPlayer): boolean;
  /** LUP-14.1 #9 – #12 for the `target` field (present iff the action takes a target). */
  target?: TargetRule;
  /** Other required non-player fields (LUP-14.1 #8). */
  requires?: readonly string[];
  /** Optional player fields, checked to name a player (LUP-14.1 #8). */
  playerFields?: readonly string[];
}

const role = (id: string) => (p: LupusPlayer) => p.role === id;
const NIGHT = ['night'] as const;
const VOTING = ['day', 'runoff'] as const;

// LUP-14.2: the target checks, in the order of LUP-14.1 (#9 self, #10 alive/dead, #11, #12).
const notSelf: TargetRule = (_s, a, t) => (t.id === a.id ? no('target-self', 'you cannot target yourself') : null);
const alive: TargetRule = (_s, _a, t) => (t.alive ? null : no('target-dead', 'the target is dead'));
const dead: TargetRule = (_s, _a, t) => (t.alive ? no('target-alive', 'the target is alive') : null);
const all =
  (...rules: TargetRule[]): TargetRule =>
  (s, a, t) => {
    for (const r of rules) {
      const problem = r(s, a, t);
      if (problem) return problem;
    }
    return null;
  };
const notPackmate: TargetRule = (_s, _a, t) => (isPack(t) ? no('target-packmate', 'the target is a pack member') : null);
const notActedOn: TargetRule = (_s, a, t) =>
  a.actedOn.includes(t.id) ? no('already-targeted', 'you have already acted on this player') : null;
const notCandidate: TargetRule = (s, _a, t) =>
  s.phase?.kind === 'runoff' && !(s.runoff ?? []).includes(t.id) ? no('not-candidate', 'not a run-off candidate') : null;
const repeat =
  (last: (a: LupusPlayer) => string | null): TargetRule =>
  (_s, a, t) =>
    last(a) === t.id ? no('target-repeat', 'same target as last night') : null;

export const ACTION_RULES: Record<ActionType, ActionRule> = {
  // LUP-7.1, LUP-7.2, LUP-7.5: every told pumpkin, identical checks.
  praise: {
    phases: NIGHT,
    firstNight: 1,
    slot: 'praise',
    hasPower: isToldPumpkin,
    used: (_s, a) => a.praiseUsed,
    target: all(notSelf, alive),
  },
  deflect: { phases: NIGHT, firstNight: 2, slot: 'deflect', hasPower: isToldPumpkin, target: all(notSelf, alive) },
  // LUP-7.8
  dream: {
    phases: NIGHT,
    firstNight: 1,
    slot: 'dream',
    hasPower: role('lupo-dell-incubo'),
    target: all(
      notSelf,
      alive,
      notPackmate,
      repeat((a) => a.lastDream),
    ),
    requires: ['guess'],
  },
  // LUP-7.9
  spy: {
    phases: NIGHT,
    firstNight: 2,
    slot: 'spy',
    hasPower: role('bambina'),
    target: all(
      notSelf,
      alive,
      repeat((a) => a.lastSpy),
    ),
  },
  // LUP-7.13
  reveal: {
    phases: NIGHT,
    firstNight: 2,
    slot: 'reveal',
    hasPower: role('super-medium'),
    used: (_s, a) => a.revealUsed,
    target: dead,
  },
  // LUP-7.14
  investigate: {
    phases: NIGHT,
    firstNight: 1,
    slot: 'investigate',
    hasPower: role('veggente-gufato'),
    target: all(notSelf, alive),
    playerFields: ['owl'],
  },
  // LUP-7.15
  resurrect: { phases: NIGHT, firstNight: 3, slot: 'resurrect', hasPower: role('spirito-bianco'), target: dead },
  // LUP-7.16
  bless: {
    phases: NIGHT,
    firstNight: 2,
    slot: 'bless',
    hasPower: role('parroco'),
    used: (_s, a) => a.blessUsed,
    target: all(notSelf, alive),
  },
  // LUP-7.17
  bite: {
    phases: NIGHT,
    firstNight: 2,
    slot: 'bite',
    hasPower: role('dracula'),
    target: all(notSelf, alive, (_s, _a, t) => (isVampire(t) ? no('target-coven', 'the target is a vampire') : null)),
  },
  // LUP-7.20
  maul: {
    phases: NIGHT,
    firstNight: 2,
    slot: 'maul',
    hasPower: isPack,
    target: all(alive, notPackmate),
    playerFields: ['mauler', 'backup'],
  },
  // LUP-7.27 – LUP-7.29
  raise: {
    phases: NIGHT,
    firstNight: 1,
    slot: 'necromancy',
    hasPower: role('negromante'),
    target: all(dead, notActedOn),
    requires: ['guess'],
  },
  contact: {
    phases: NIGHT,
    firstNight: 1,
    slot: 'necromancy',
    hasPower: role('negromante'),
    target: all(notSelf, notActedOn),
  },
  // LUP-8.2, LUP-9.1
  vote: { phases: VOTING, firstNight: 0, slot: 'ballot', hasPower: () => true, target: all(notSelf, alive, notCandidate) },
  // LUP-8.3
  abstain: { phases: VOTING, firstNight: 0, slot: 'ballot', hasPower: () => true },
  // LUP-8.4, LUP-9.3 (D-13)
  'remove-vote': {
    phases: VOTING,
    firstNight: 0,
    slot: 'remove-vote',
    hasPower: role('parroco'),
    used: (s, a) => a.removeVoteDay !== null && !(s.phase?.kind === 'runoff' && a.removeVoteDay === s.phase.n),
    target: all(alive, notCandidate),
  },
};

/** LUP-8.3: on a regular day a player whose counter reached the limit may not abstain. */
export function abstentionsSpent(state: LupusState, actor: LupusPlayer): boolean {
  return state.phase?.kind === 'day' && actor.abstentions >= state.rules.maxAbstentions;
}

/** The guesses each guessing action allows (LUP-14.1 #13). */
export const GUESSES: Partial<Record<ActionType, readonly string[]>> = {
  dream: DREAM_GUESSES,
  raise: RAISE_GUESSES,
};

/** LUP-14: each action's fields (the `fields` column), from its rule: a target, required and optional fields. */
export const ACTION_FIELDS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  ACTION_TYPES.map((type) => {
    const rule: ActionRule = ACTION_RULES[type];
    return [type, [...(rule.target ? ['target'] : []), ...(rule.requires ?? []), ...(rule.playerFields ?? [])]];
  }),
);
