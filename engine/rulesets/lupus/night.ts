// LUP-6.1: the close of a night, step by step in the seed's fixed order.
import type { ActionInput, GameEvent, PendingAction } from '../../core/types.js';
import { kill, resurrect } from './deaths.js';
import { maulStep } from './maul.js';
import { necromancyStep } from './necromancy.js';
import type { Night } from './night-context.js';
import { ready } from './night-context.js';
import { field, indexActions } from './pending.js';
import { ROLES, revealedAs } from './roles.js';
import type { LupusPlayer, LupusState } from './state.js';
import { factionOf, findPlayer, isVampire, isWolf, learn, living } from './state.js';
import { checkVictory } from './victory.js';

/** Players with the role, in seat order, who stored an action in the slot. */
function actors(night: Night, role: string, slot: string): Array<[LupusPlayer, ActionInput]> {
  const out: Array<[LupusPlayer, ActionInput]> = [];
  for (const p of night.state.players) {
    const action = night.stored.get(p.id, slot);
    if (p.role === role && action) out.push([p, action]);
  }
  return out;
}

const targetOf = (night: Night, action: ActionInput) => findPlayer(night.state, field(action, 'target'));

/** Step 1 (LUP-7.3): only the Bardo's praise acts; a cursed Bardo wastes it silently (D-30). */
function praiseStep(night: Night) {
  for (const [bard, action] of actors(night, 'bardo', 'praise')) {
    if (!bard.alive) continue;
    if (bard.cursed) {
      bard.cursed = false;
      continue;
    }
    const target = targetOf(night, action);
    if (!target?.alive) continue;
    night.dawn.push({ kind: 'bard-praise', to: 'public', target: target.id });
    if (factionOf(target) === 'village') target.praised = true;
  }
}

/** Step 2 (LUP-7.6): the Strega's deflection is registered unless spent; never cursed or blocked. */
function deflectStep(night: Night) {
  for (const [witch, action] of actors(night, 'strega', 'deflect')) {
    const target = field(action, 'target');
    if (witch.alive && !witch.deflectionSpent && target) night.deflections[witch.id] = target;
  }
}

/** Step 3 (LUP-7.8): a right guess blocks the target for the rest of the night; the dreamer learns nothing. */
function dreamStep(night: Night) {
  for (const [dreamer, action] of actors(night, 'lupo-dell-incubo', 'dream')) {
    if (!ready(night, dreamer, 'dream')) continue;
    const target = targetOf(night, action);
    if (target?.alive && target.role === field(action, 'guess')) night.blocked.push(target.id);
  }
}

/** Step 4 (LUP-7.10) */
function spyStep(night: Night) {
  for (const [girl, action] of actors(night, 'bambina', 'spy')) {
    const target = field(action, 'target');
    if (ready(night, girl, 'spy') && target) night.spies.push({ girl: girl.id, target });
  }
}

/** Step 5: the passive stake report (LUP-7.12, never blocked) and the reveal (LUP-7.13). */
function mediumStep(night: Night) {
  const { state } = night;
  for (const medium of state.players.filter((p) => p.role === 'super-medium' && p.alive)) {
    for (const burnt of state.stakeDeaths) {
      night.events.push({ kind: 'stake-report', to: medium.id, player: burnt.player, wolf: burnt.wolf });
      learn(medium, burnt.player, { wolf: burnt.wolf });
    }
  }
  for (const [medium, action] of actors(night, 'super-medium', 'reveal')) {
    if (medium.alive) medium.revealUsed = true; // LUP-6.5
    if (!ready(night, medium, 'reveal')) continue;
    const target = targetOf(night, action);
    if (!target || target.alive) continue;
    const role = revealedAs(target.role);
    night.events.push({ kind: 'role-revealed', to: medium.id, target: target.id, role });
    learn(medium, target.id, { role });
  }
}

/** Step 6 (LUP-7.14): the seen-as, to the seer or anonymously to the owl. */
function investigateStep(night: Night) {
  for (const [seer, action] of actors(night, 'veggente-gufato', 'investigate')) {
    if (!ready(night, seer, 'investigate')) continue;
    const target = targetOf(night, action);
    if (!target?.alive) continue;
    const result = ROLES[target.role].seenAs;
    const owl = findPlayer(night.state, field(action, 'owl'));
    const to = owl?.alive ? owl : owl ? undefined : seer;
    if (!to) continue;
    night.events.push({ kind: owl ? 'owl-message' : 'investigation-result', to: to.id, target: target.id, result });
    learn(to, target.id, { seen: result });
  }
}

/** Step 7 (LUP-7.15, D-28): the second resurrection kills the Spirito Bianco. */
function resurrectStep(night: Night) {
  for (const [spirit, action] of actors(night, 'spirito-bianco', 'resurrect')) {
    if (!ready(night, spirit, 'resurrect')) continue;
    const target = targetOf(night, action);
    const back = target && resurrect(target);
    if (!back) continue;
    night.dawn.push(back);
    spirit.resurrections += 1;
    if (spirit.resurrections >= 2) {
      const death = kill(night.state, spirit, 'mysterious');
      if (death) night.dawn.push(death);
    }
  }
}

/** Step 8 (LUP-7.16): holy water kills wolves and vampires, shields anyone else from the bite. */
function blessStep(night: Night) {
  for (const [priest, action] of actors(night, 'parroco', 'bless')) {
    if (priest.alive) priest.blessUsed = true; // LUP-6.5
    if (!ready(night, priest, 'bless')) continue;
    const target = targetOf(night, action);
    if (!target?.alive) continue;
    if (isWolf(target) || isVampire(target)) {
      const death = kill(night.state, target, 'mysterious');
      if (death) night.dawn.push(death);
    } else {
      night.blessed.push(target.id);
    }
  }
}

/** Step 9 (LUP-7.18, LUP-7.19, X-15): the bite converts, or tells Dracula it failed. */
function biteStep(night: Night) {
  for (const [dracula, action] of actors(night, 'dracula', 'bite')) {
    const target = targetOf(night, action);
    const result = (success: boolean) => night.events.push({ kind: 'bite-result', to: dracula.id, target: target?.id ?? null, success });
    if (!ready(night, dracula, 'bite')) {
      if (dracula.alive) result(false); // a blocked bite is a failed bite
      continue;
    }
    if (!target) continue;
    const immune =
      !target.alive ||
      isWolf(target) ||
      isVampire(target) ||
      target.role === 'strega' ||
      target.role === 'negromante' ||
      night.blessed.includes(target.id);
    if (immune) {
      result(false);
      continue;
    }
    convert(target, dracula);
    result(true);
    night.events.push({ kind: 'converted', to: target.id, role: 'vampiro-progenie', dracula: dracula.id });
  }
}

/** LUP-7.18: every trait of the old role is lost; praise and spirit channels stay. */
function convert(target: LupusPlayer, dracula: LupusPlayer) {
  target.role = 'vampiro-progenie';
  target.told = 'vampiro-progenie';
  target.dracula = dracula.id;
  target.cursed = false;
  learn(target, dracula.id, { role: 'dracula', faction: 'coven' });
  learn(dracula, target.id, { role: 'vampiro-progenie', faction: 'coven' });
}

/** LUP-8.1 (D-27): each living Lupo Segugio counts the living vampires. */
function dawnInformation(state: LupusState): GameEvent[] {
  const count = living(state).filter(isVampire).length;
  return state.players.filter((p) => p.alive && p.role === 'lupo-segugio').map((p) => ({ kind: 'vampire-count', to: p.id, count }));
}

/** LUP-6.8: what the next night remembers of this one. */
function remember(night: Night) {
  for (const p of night.state.players) {
    p.lastDream = field(night.stored.get(p.id, 'dream'), 'target');
    p.lastSpy = field(night.stored.get(p.id, 'spy'), 'target');
    if (night.stored.get(p.id, 'praise')) p.praiseUsed = true;
  }
}

/**
 * LUP-6.7: what happened in the night is announced together, in seat order of the player it names;
 * the order of the night's steps would tell which death was the holy water's or the maul's.
 * One player's own announcements keep their order (mauled, then raised by the Negromante).
 */
function announcedTogether(state: LupusState, dawn: GameEvent[]): GameEvent[] {
  const seat = (e: GameEvent) => state.players.findIndex((p) => p.id === (e.player ?? e.target));
  return dawn
    .map((e, i) => ({ e, i }))
    .sort((a, b) => seat(a.e) - seat(b.e) || a.i - b.i)
    .map(({ e }) => e);
}

export function resolveNight(state: LupusState, actions: readonly PendingAction[]): GameEvent[] {
  const n = state.phase!.n;
  const night: Night = {
    state,
    stored: indexActions(actions),
    events: [],
    dawn: [],
    blocked: [],
    blessed: [],
    deflections: {},
    spies: [],
  };
  praiseStep(night); // 1
  deflectStep(night); // 2
  dreamStep(night); // 3
  spyStep(night); // 4
  mediumStep(night); // 5
  investigateStep(night); // 6
  resurrectStep(night); // 7
  blessStep(night); // 8
  biteStep(night); // 9
  maulStep(night); // 10
  necromancyStep(night); // 11
  remember(night);

  // LUP-6.7: dawn announcements, dawn information, then one victory check.
  const events = [...night.events, ...announcedTogether(state, night.dawn), ...dawnInformation(state)];
  const ended = checkVictory(state);
  if (ended.length === 0) state.phase = { kind: 'day', n };
  return [...events, ...ended];
}
