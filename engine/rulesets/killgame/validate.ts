// Action validation (§4): shared checks, then each type's own checks in the spec's order.
import type { KillGameReason, KillGameRejection } from './reasons.js';
import type { Accepted, ActionInput, GameEvent, PendingAction, SlotChange, Withdrawn } from '../../core/types.js';
import { FIREARMS, ITEM_IDS, KNIVES, isFirearm, isKnife, itemClass } from './catalog.js';
import { isAdjacent, type MapIndex } from './map.js';
import { buyPrice, forSale, basePrice } from './market.js';
import { applyOwn, inResolutionOrder, isWithdrawn, openingProjection, owns, ownActions, WITHDRAWN, type Projection } from './projection.js';
import { weaponStats } from './settings.js';
import { count, findPlayer, held, isClosed, isMonsterId, isSmoked, mapOf, zonePresences, type KG, type PlayerState } from './state.js';

export const TACTIC_TYPES = ['start', 'shop', 'move', 'stay', 'medikit', 'antidote', 'smoke', 'gas', 'buy', 'sell'] as const;
export const ACTION_TYPES = ['shoot', 'stab', 'punch', 'grenade', 'c4', 'vest', 'gas-mask', 'amulet', 'shout'] as const;
export const ATTACK_TYPES: readonly string[] = ['shoot', 'stab', 'punch', 'grenade', 'c4'];

/** KG-4.2 single slot of a type, or null for the countable ones (`medikit-k`, `trade-k`). */
export function singleSlot(type: string): string | null {
  switch (type) {
    case 'start':
    case 'move':
    case 'stay':
      return 'position';
    case 'medikit':
    case 'buy':
    case 'sell':
      return null;
    default:
      return ATTACK_TYPES.includes(type) ? 'attack' : type;
  }
}

/**
 * KG-4.2 a fresh countable slot: one past the highest k the player used in this phase; withdrawn
 * slots keep a mark, so their numbers count too (decision 43).
 */
export function freshSlot(type: string, pending: readonly PendingAction[], player: string): string {
  const prefix = type === 'medikit' ? 'medikit-' : 'trade-';
  let k = 0;
  for (const p of pending) {
    if (p.owner !== player || !p.slot.startsWith(prefix)) continue;
    k = Math.max(k, Number(p.slot.slice(prefix.length)) || 0);
  }
  return `${prefix}${k + 1}`;
}

export function reject(reason: KillGameReason, message: string): KillGameRejection {
  return { ok: false, reason, message };
}

interface Ctx {
  state: KG;
  map: MapIndex;
  me: PlayerState;
  proj: Projection;
  turn: number;
}

type Checked = KillGameRejection | { ok: true; action: ActionInput };

const accept = (action: ActionInput): Checked => ({ ok: true, action });

/** Runs every check of one action against a projection. Never throws. */
export function checkAction(ctx: Ctx, action: ActionInput): Checked {
  const { state, me } = ctx;
  if (!me.alive) return reject('not-alive', 'Dead players submit nothing.');
  const type = action.type;
  const phaseKind = state.phase?.kind;
  const tactic = (TACTIC_TYPES as readonly string[]).includes(type);
  const act = (ACTION_TYPES as readonly string[]).includes(type);
  if (!tactic && !act) return reject('unknown-action', `There is no action "${type}".`);
  if ((tactic && phaseKind !== 'tactic') || (act && phaseKind !== 'action')) {
    return reject('wrong-phase', `"${type}" belongs to the ${tactic ? 'tactic' : 'action'} phase.`);
  }
  switch (type) {
    case 'start':
      return checkStart(ctx, action);
    case 'shop':
      return checkShop(ctx, action);
    case 'move':
      return checkMove(ctx, action);
    case 'stay':
      return ctx.turn === 1 ? notOnTurn1() : accept({ type });
    case 'medikit':
      return checkMedikit(ctx, action);
    case 'antidote':
      if (!owns(ctx.proj, 'antidote')) return notOwned('antidote');
      if (ctx.proj.poison <= 0) return reject('not-poisoned', 'You are not poisoned.');
      return accept({ type });
    case 'smoke':
    case 'gas':
      return checkCloud(ctx, action);
    case 'buy':
    case 'sell':
      return checkTrade(ctx, action);
    case 'shoot':
    case 'stab':
    case 'punch':
      return checkAttack(ctx, action);
    case 'grenade':
    case 'c4':
      return checkExplosive(ctx, action);
    case 'vest':
    case 'gas-mask':
    case 'amulet':
      return owns(ctx.proj, type) ? accept({ type }) : notOwned(type);
    case 'shout':
      return ctx.turn === 1 ? notOnTurn1() : accept({ type });
    default:
      return reject('unknown-action', `There is no action "${type}".`);
  }
}

const notOnTurn1 = () => reject('not-on-turn-1', 'Not possible in the first turn.');
const notOwned = (item: string) => reject('not-owned', `You have no ${item}.`);

function zoneField(ctx: Ctx, action: ActionInput): KillGameRejection | string {
  const zone = action.zone;
  if (zone === undefined || zone === null) return reject('field-missing', 'Field "zone" is required.');
  if (typeof zone !== 'string' || ctx.map.zone[zone] === undefined) return reject('unknown-zone', `Unknown zone "${String(zone)}".`);
  return zone;
}

function checkStart(ctx: Ctx, action: ActionInput): Checked {
  const zone = zoneField(ctx, action);
  if (typeof zone !== 'string') return zone;
  if (ctx.turn !== 1) return reject('turn-1-only', 'Only in the first turn.');
  if (ctx.me.zoneFixed) return reject('start-zone-fixed', 'Your start zone is fixed.');
  if (!ctx.map.zone[zone]!.start) return reject('not-a-start-zone', `"${zone}" is not a lit start zone.`);
  return accept({ type: 'start', zone });
}

function checkShop(ctx: Ctx, action: ActionInput): Checked {
  const items = action.items;
  if (items === undefined || items === null || typeof items !== 'object' || Array.isArray(items)) {
    return reject('field-missing', 'Field "items" (item id → count) is required.');
  }
  const basket = items as Record<string, unknown>;
  for (const id of Object.keys(basket)) {
    if (id !== 'fists' && !ITEM_IDS.includes(id)) return reject('unknown-item', `Unknown item "${id}".`);
  }
  if (ctx.turn !== 1) return reject('turn-1-only', 'The shop is open only in the first turn.');
  if (ctx.me.inventoryFixed) return reject('loadout-fixed', 'Your backpack is fixed.');
  for (const [id, n] of Object.entries(basket)) {
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || (itemClass(id) === 'option' && n > 1)) {
      return reject('invalid-count', `Invalid count for "${id}".`);
    }
  }
  const s = ctx.state.settings;
  for (const [id, n] of Object.entries(basket)) {
    if ((n as number) > 0 && (id === 'fists' || (id === 'k-ration' && !s['k-rations']))) {
      return reject('not-for-sale', `"${id}" is not for sale.`);
    }
  }
  const clean: Record<string, number> = {};
  for (const [id, n] of Object.entries(basket)) if ((n as number) > 0 && id !== 'fists') clean[id] = n as number;
  const firearms = Object.entries(clean)
    .filter(([id]) => isFirearm(id))
    .reduce((a, [, n]) => a + n, 0);
  if (firearms > 1) return reject('too-many-firearms', 'At most one firearm.');
  const knives = Object.entries(clean)
    .filter(([id]) => isKnife(id))
    .reduce((a, [, n]) => a + n, 0);
  if (knives > 1) return reject('too-many-knives', 'At most one knife.');
  const cost = Object.entries(clean).reduce((a, [id, n]) => a + basePrice(s, id) * n, 0);
  if (cost > ctx.proj.tokens) return reject('over-budget', `The basket costs ${cost}, more than your ${ctx.proj.tokens} tokens.`);
  return accept({ type: 'shop', items: clean });
}

function checkMove(ctx: Ctx, action: ActionInput): Checked {
  const zone = zoneField(ctx, action);
  if (typeof zone !== 'string') return zone;
  if (ctx.turn === 1) return notOnTurn1();
  if (ctx.me.zone === zone) return reject('already-there', 'You are already there.');
  if (ctx.me.zone === null || !isAdjacent(ctx.map, ctx.me.zone, zone)) return reject('not-adjacent', `"${zone}" is not adjacent.`);
  if (isClosed(ctx.state, zone)) return reject('zone-closed', `"${zone}" is closed.`);
  return accept({ type: 'move', zone });
}

function checkMedikit(ctx: Ctx, action: ActionInput): Checked {
  const { state, me, proj } = ctx;
  let targetId = me.id;
  if (action.target !== undefined && action.target !== null) {
    const target = findPlayer(state, action.target);
    if (!target) return reject('illegal-target', `"${String(action.target)}" is not a player.`);
    targetId = target.id;
  }
  if (!owns(proj, 'medikit')) return notOwned('medikit');
  const target = findPlayer(state, targetId)!;
  if (!target.alive) return reject('target-dead', `${target.name} is dead.`);
  if (target.id !== me.id) {
    // KG-6.1: checked before target-not-with-you so that the answer reveals nothing.
    if (me.lastActionSmoked) return reject('zone-was-smoked', 'Your zone was smoked: you can heal only yourself.');
    if (ctx.turn === 1 || me.lastActionZone === null || target.lastActionZone !== me.lastActionZone) {
      return reject('target-not-with-you', `${target.name} was not with you in the last action phase.`);
    }
  } else if (proj.energy >= 25) {
    return reject('full-energy', 'Your energy is full.');
  }
  return accept({ type: 'medikit', target: targetId });
}

function checkCloud(ctx: Ctx, action: ActionInput): Checked {
  const zone = zoneField(ctx, action);
  if (typeof zone !== 'string') return zone;
  const gas = action.type === 'gas';
  if (ctx.turn === 1) return notOnTurn1();
  const item = gas ? 'gas-canister' : 'smoke-grenade';
  if (!owns(ctx.proj, item)) return notOwned(item);
  const from = ctx.me.zone;
  const launcher = gas && count(ctx.proj.inventory, 'gas-launcher') > 0;
  if (!launcher && (from === null || (from !== zone && !isAdjacent(ctx.map, from, zone)))) {
    return reject('out-of-range', `"${zone}" is neither your zone nor adjacent to it.`);
  }
  if (isClosed(ctx.state, zone)) return reject('zone-closed', `"${zone}" is closed.`);
  if (gas && ctx.state.settings['k-rations'] && zone === ctx.map.central) {
    return reject('central-zone-gas-free', 'No gas in the central zone.');
  }
  return accept({ type: action.type, zone });
}

function checkTrade(ctx: Ctx, action: ActionInput): Checked {
  const { state, proj } = ctx;
  const item = action.item;
  if (item === undefined || item === null) return reject('field-missing', 'Field "item" is required.');
  if (typeof item !== 'string' || (item !== 'fists' && !ITEM_IDS.includes(item))) {
    return reject('unknown-item', `Unknown item "${String(item)}".`);
  }
  if (ctx.turn === 1) return notOnTurn1();
  const n = action.count ?? 1;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) return reject('invalid-count', 'The count must be a whole number ≥ 1.');
  if (!forSale(state.settings, item)) return reject('not-for-sale', `"${item}" is not traded.`);
  if (action.type === 'sell') {
    if (count(proj.inventory, item) < n) return reject('not-owned', `You do not have ${n} × ${item}.`);
    return accept({ type: 'sell', item, count: n });
  }
  if (proj.bought + n > state.settings['market-trades']) {
    return reject('trade-limit', `At most ${state.settings['market-trades']} units bought per tactic phase.`);
  }
  if (isFirearm(item) && (held(proj.inventory, FIREARMS) !== null || n > 1))
    return reject('firearm-slot-full', 'You already hold a firearm.');
  if (isKnife(item) && (held(proj.inventory, KNIVES) !== null || n > 1)) return reject('knife-slot-full', 'You already hold a knife.');
  const price = buyPrice(state.settings, state.regime ?? 'unchanged', item) * n;
  if (price > proj.tokens) return reject('not-enough-tokens', `That costs ${price}; you have ${proj.tokens}.`);
  return accept({ type: 'buy', item, count: n });
}

/** The weapon an attack uses, or its rejection (KG-4.6). */
export function attackWeapon(ctx: Pick<Ctx, 'proj' | 'turn'>, type: string): string | KillGameRejection {
  const inv = ctx.proj.inventory;
  if (type === 'shoot') {
    const gun = held(inv, FIREARMS);
    if (gun === null) return reject('no-firearm', 'You hold no firearm.');
    if ((gun === 'machine-gun' || gun === 'shotgun') && ctx.proj.firedTurn === ctx.turn - 1) {
      return reject('reloading', `Your ${gun} is reloading.`);
    }
    return gun;
  }
  if (type === 'stab') return held(inv, KNIVES) ?? reject('no-knife', 'You hold no knife.');
  return held(inv, KNIVES) !== null ? reject('knife-held', 'You hold a knife: fists only without one.') : 'fists';
}

function checkAttack(ctx: Ctx, action: ActionInput): Checked {
  const { state, me } = ctx;
  const targets = action.targets;
  if (!Array.isArray(targets)) return reject('field-missing', 'Field "targets" (a list) is required.');
  for (const t of targets) {
    if (typeof t !== 'string' || (t !== 'presence' && !findPlayer(state, t) && !isMonsterId(state, t))) {
      return reject('illegal-target', `"${String(t)}" names no player or monster.`);
    }
  }
  const weapon = attackWeapon(ctx, action.type);
  if (typeof weapon !== 'string') return weapon;
  const list = targets as string[];
  // KG-4.7 target checks, in order.
  if (list.length === 0) return reject('no-targets', 'Name at least one target.');
  const zone = me.zone ?? '';
  const smoked = isSmoked(state, zone, ctx.turn);
  const flame = weapon === 'flamethrower';
  const here = zonePresences(state, zone);
  const others = here.length - (here.includes(me.id) ? 1 : 0);
  const max = flame ? (smoked ? others : Infinity) : weaponStats(state.settings, weapon).shots;
  if (list.length > max) return reject('too-many-targets', `Your ${weapon} takes at most ${max} entries.`);
  if (flame) {
    const named = list.filter((t) => t !== 'presence');
    if (new Set(named).size !== named.length) return reject('duplicate-target', 'The flamethrower hits each target once.');
  }
  if (smoked && list.some((t) => t !== 'presence')) return reject('smoke-blind-target', 'In the smoke you can only aim at a presence.');
  if (!smoked && list.includes('presence')) return reject('not-smoked', 'Your zone is not smoked: name your targets.');
  if (list.includes(me.id)) return reject('target-self', 'You cannot attack yourself.');
  if (smoked) {
    if (others === 0) return reject('target-not-here', 'Nobody else is here.');
  } else {
    for (const t of list) {
      if (!here.includes(t)) return reject('target-not-here', `"${t}" is not here.`);
    }
  }
  return accept({ type: action.type, targets: [...list] });
}

function checkExplosive(ctx: Ctx, action: ActionInput): Checked {
  const zone = zoneField(ctx, action);
  if (typeof zone !== 'string') return zone;
  if (ctx.turn === 1) return notOnTurn1();
  const item = action.type;
  if (!owns(ctx.proj, item)) return notOwned(item);
  if (item === 'c4' && (ctx.me.zone === null || !isAdjacent(ctx.map, ctx.me.zone, zone))) {
    return reject('not-adjacent', `The C4 goes in a zone adjacent to yours.`);
  }
  if (isClosed(ctx.state, zone)) return reject('zone-closed', `"${zone}" is closed.`);
  if (ctx.state.settings['k-rations'] && zone === ctx.map.central) {
    return reject('central-zone-bomb-free', 'No explosives in the central zone.');
  }
  return accept({ type: item, zone });
}

/** An own action that no longer passes, with the reason it failed. */
export interface Dropped {
  stored: PendingAction;
  reason: string;
}

/**
 * KG-4.2/KG-4.3 replays a player's own actions in effect, in resolution order (decision 42),
 * against his projection; those that no longer pass are dropped, as a withdrawal would drop them.
 */
export function replayOwn(
  state: KG,
  me: PlayerState,
  own: readonly PendingAction[],
): { proj: Projection; valid: PendingAction[]; dropped: Dropped[] } {
  const map = mapOf(state);
  const turn = state.phase?.turn ?? 0;
  const proj = openingProjection(me);
  const valid: PendingAction[] = [];
  const dropped: Dropped[] = [];
  for (const p of inResolutionOrder(own.filter((a) => !isWithdrawn(a)))) {
    const verdict = checkAction({ state, map, me, proj, turn }, p.action);
    if (!verdict.ok) {
      dropped.push({ stored: p, reason: verdict.reason });
      continue;
    }
    applyOwn(state, me, proj, verdict.action);
    valid.push({ ...p, action: verdict.action });
  }
  return { proj, valid, dropped };
}

/** A countable slot (`medikit-k`, `trade-k`) keeps its number when emptied. */
const countable = (slot: string): boolean => /^(medikit|trade)-\d+$/.test(slot);

/**
 * KG-4.2, decision 42: the player's other actions that fail against the new projection are
 * withdrawn, each with a private `action-withdrawn` telling him the slot and the reason.
 */
function cascade(state: KG, me: PlayerState, others: readonly PendingAction[], added: PendingAction | null) {
  const { dropped } = replayOwn(state, me, added ? [...others, added] : others);
  const changes: SlotChange[] = [];
  const events: GameEvent[] = [];
  for (const d of dropped) {
    if (d.stored === added) continue;
    const slot = d.stored.slot;
    changes.push({ slot, action: countable(slot) ? { type: WITHDRAWN } : null });
    events.push({ kind: 'action-withdrawn', to: me.id, slot, reason: d.reason });
  }
  return { changes, events };
}

/** The ruleset's `validate`. */
export function validate(state: KG, player: string, action: ActionInput, pending: PendingAction[]): Accepted | KillGameRejection {
  try {
    const me = findPlayer(state, player);
    if (!me || !me.alive) return reject('not-alive', 'Dead players submit nothing.');
    if (!action || typeof action !== 'object' || typeof action.type !== 'string') {
      return reject('unknown-action', 'An action needs a type.');
    }
    const slot = singleSlot(action.type);
    const own = ownActions(pending, player).filter((p) => slot === null || p.slot !== slot);
    const { proj } = replayOwn(state, me, own);
    const verdict = checkAction({ state, map: mapOf(state), me, proj, turn: state.phase?.turn ?? 0 }, action);
    if (!verdict.ok) return verdict;
    const stored = slot ?? freshSlot(action.type, pending, player);
    const added: PendingAction = { player, owner: player, slot: stored, action: verdict.action, seq: Number.MAX_SAFE_INTEGER };
    const { changes, events } = cascade(state, me, own, added);
    return { ok: true, owner: player, slot: stored, action: verdict.action, ...(changes.length > 0 ? { changes, events } : {}) };
  } catch (err) {
    return reject('invalid-action', err instanceof Error ? err.message : 'Invalid action.');
  }
}

/** The ruleset's `withdraw`: an emptied countable slot keeps a mark; what then fails goes too. */
export function withdraw(state: KG, player: string, stored: PendingAction, pending: PendingAction[]): Withdrawn | KillGameRejection {
  if (isWithdrawn(stored)) return reject('nothing-to-withdraw', `Slot "${stored.slot}" was already withdrawn.`);
  const me = findPlayer(state, player);
  if (!me) return { ok: true };
  const others = ownActions(pending, player).filter((p) => p.slot !== stored.slot);
  const { changes, events } = cascade(state, me, others, null);
  const own: SlotChange[] = countable(stored.slot) ? [{ slot: stored.slot, action: { type: WITHDRAWN } }] : [];
  return { ok: true, changes: [...own, ...changes], events };
}
