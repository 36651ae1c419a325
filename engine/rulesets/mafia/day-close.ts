// MAF-3.14: the day close, in order: day items, map searches, the vote, jailing, switch, paralysis lifts.
import type { Rng } from '../../core/rng.js';
import type { GameEvent, PendingAction } from '../../core/types.js';
import { percent } from './dice.js';
import { PUBLIC } from './ids.js';
import { firstCopy, removeCopy, useBlock } from './inventory.js';
import { leaveTown } from './loss.js';
import { drawMap } from './maps.js';
import { settle, statsChanged } from './report.js';
import { catalogOf, clone, findPlayer, inTown, seatOf, teamAnswer } from './state.js';
import type { MafiaState, PhaseRef, PlayerState } from './state.js';
import type { ItemDef } from './catalog.js';
import { statOf } from './stats.js';
import { decide } from './votes.js';
import type { Ballot } from './votes.js';

interface DayAct {
  actor: PlayerState;
  slot: string;
  action: PendingAction['action'];
  seat: number;
}

export function resolveDay(before: MafiaState, actions: PendingAction[], rng: Rng): { state: MafiaState; events: GameEvent[] } {
  const state = clone(before);
  const at: PhaseRef = state.phase!;
  const cat = catalogOf(state);
  const publicEvents: GameEvent[] = [];
  const privateEvents: GameEvent[] = [];
  const tell = (e: GameEvent) => privateEvents.push(e);
  const failed = (p: PlayerState, action: string, reason: string, fields: Record<string, unknown> = {}) =>
    tell({ kind: 'action-failed', to: p.id, action, reason, ...fields });
  const check = (chance: number) => percent(rng, chance);
  const cursed = (p: PlayerState) => {
    const curse = statOf(state, p, at, 'curse');
    return curse > 0 && check(curse).ok;
  };

  const acts: DayAct[] = [];
  for (const a of actions) {
    const actor = findPlayer(state, a.player);
    if (actor && inTown(actor)) acts.push({ actor, slot: a.slot, action: a.action, seat: seatOf(state, actor.id) });
  }
  acts.sort((x, y) => x.seat - y.seat);

  // (1) Day blocks in force (MAF-9.16).
  const blocked = new Set(state.players.filter((p) => p.fx.dayBlock === at.n).map((p) => p.id));

  // (2) Day items: instants, then actives; by effect class, then seat (MAF-3.14).
  const rank = (def: ItemDef | undefined) => cat.classRank.get(def?.class ?? 'craft') ?? 99;
  const uses = acts
    .filter((a) => a.action.type === 'use-item')
    .map((a) => ({ ...a, def: cat.item.get(String(a.action.item)) }))
    .sort((x, y) => Number(x.slot !== 'instant') - Number(y.slot !== 'instant') || rank(x.def) - rank(y.def) || x.seat - y.seat);
  for (const use of uses) {
    const { actor, def, action } = use;
    // MAF-3.13: a fake has no effect and no report at all.
    if (action.fake || !def) continue;
    const target = typeof action.target === 'string' ? (findPlayer(state, action.target) ?? actor) : actor;
    const fields = { item: def.id, target: target.id };
    const copy = firstCopy(actor, def.id);
    const usable = copy !== undefined && !useBlock(def, copy, at);
    if (usable) {
      if (def.uses === 'one-use') removeCopy(actor, copy.uid);
      else if (def.uses === 'multi-use') copy.charges = Math.max(0, (copy.charges ?? 0) - 1);
      else if (def.uses === 'reloadable') copy.lastUse = at.n;
    }
    // MAF-0.5, 3.10 (D50): a day-blocked use counts as carried out, so it is spent above, with no result.
    if (blocked.has(actor.id)) {
      failed(actor, 'use-item', 'blocked', fields);
      continue;
    }
    if (!usable) continue;
    if (cursed(actor)) {
      failed(actor, 'use-item', 'dice', fields);
      continue;
    }
    for (const e of def.effect) {
      if (e.type === 'stat') {
        if (e.negative) {
          const blessing = statOf(state, target, at, 'blessing');
          if (blessing > 0 && check(blessing).ok) continue;
        }
        target.fx.mods.push({ stat: e.stat, op: e.op, value: e.value, kind: e.duration, n: at.n });
      } else if (e.type === 'check') {
        const answer = teamAnswer(target);
        if (e.report === 'public')
          publicEvents.push({ kind: 'day-item-result', to: PUBLIC, player: actor.id, item: def.id, target: target.id, answer });
        else tell({ kind: 'action-succeeded', to: actor.id, action: 'use-item', item: def.id, target: target.id, answer });
      }
    }
  }

  // (3) Map searches (MAF-3.8, 3.9; D43: a failed one is announced like a real find).
  for (const a of acts) {
    if (a.action.type !== 'find-map') continue;
    const drawn = drawMap(state, a.actor, rng);
    if (!drawn) {
      publicEvents.push({ kind: 'map-search-failed', to: PUBLIC, player: a.actor.id });
      if (blocked.has(a.actor.id)) failed(a.actor, 'find-map', 'blocked');
      continue;
    }
    publicEvents.push({ kind: 'map-found', to: PUBLIC, player: a.actor.id, item: drawn.item, rarity: drawn.rarity });
    if (blocked.has(a.actor.id)) failed(a.actor, 'find-map', 'blocked');
    else if (cursed(a.actor)) failed(a.actor, 'find-map', 'dice');
    else if (!a.actor.maps.includes(drawn.item)) a.actor.maps.push(drawn.item);
  }

  // (4) The vote (MAF-3.3–3.7); curses do not apply to votes.
  const ballots: Ballot[] = acts.filter((a) => a.action.type === 'vote').map((a) => ({ voter: a.actor, target: String(a.action.target) }));
  for (const b of ballots) if (blocked.has(b.voter.id)) failed(b.voter, 'vote', 'blocked', { target: b.target });
  const outcome = decide(state, ballots, blocked, at, rng);
  publicEvents.push({
    kind: 'vote-result',
    to: PUBLIC,
    tally: outcome.tally,
    leaders: outcome.leaders,
    jailed: outcome.jailed,
    decidedBy: outcome.decidedBy,
  });
  state.lastVote = { day: at.n, ...outcome };

  // (5) The jailed player's losses (MAF-1.12); he may speak during the night (MAF-2.9).
  if (outcome.jailed) {
    publicEvents.push({ kind: 'jailed', to: PUBLIC, player: outcome.jailed, decidedBy: outcome.decidedBy });
    leaveTown(state, findPlayer(state, outcome.jailed)!, 'jailed', tell);
    state.lastWords = { player: outcome.jailed, night: at.n };
  }

  // (6) Day-long effects end.
  for (const p of state.players) {
    p.fx.mods = p.fx.mods.filter((m) => m.kind !== 'day' || m.n > at.n);
    if (p.fx.dayBlock !== null && p.fx.dayBlock <= at.n) p.fx.dayBlock = null;
  }

  // (7) The specialty switch (MAF-1.8, D2).
  const sw = actions.find((a) => a.action.type === 'switch-specialty' && a.player === state.switchBandit);
  if (sw && state.switchOpen) {
    const p = findPlayer(state, sw.player);
    if (p && p.status !== 'removed') {
      p.specialty = sw.action.specialty as PlayerState['specialty'];
      p.searchFails = 0;
      tell({ kind: 'specialty-switched', to: p.id, specialty: p.specialty });
    }
  }
  state.switchOpen = false;

  // (8) Paralysis lift checks for the coming night (MAF-9.17; no luck or item modifier).
  for (const p of state.players) {
    if (!inTown(p) || !p.fx.paralysis) continue;
    if (check(state.settings['paralysis-lift-chance']).ok) {
      p.fx.paralysis = false;
      tell({ kind: 'effect-removed', to: p.id, effect: 'paralysis' });
    }
  }

  const next: PhaseRef = { kind: 'night', n: at.n };
  const events = [...publicEvents, ...privateEvents, ...statsChanged(state, next)];
  settle(state, next, events);
  return { state, events };
}
