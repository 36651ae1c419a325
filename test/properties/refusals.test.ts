// Refusals keep secrets (decision 8, MAF D48), per ruleset: two states that differ only in what the
// sender cannot see (others' roles, items, effects, pending actions) give the sender the same answer
// to the same request, whatever he asks and in whatever order, until an answer tells him something.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closePhase, startMatch } from '../../engine/core/match.js';
import type { ActionInput, GameEvent, PendingAction, PlayerId, Rejection, Ruleset } from '../../engine/core/types.js';
import { rulesets } from '../rulesets.js';
import { payloadFor, rand, type Rand } from './legal.js';
import { swapHidden, TWINS, type TwinRules } from './twins.js';

const RUNS = Number(process.env.DUSK_PROPERTY_RUNS ?? '15') * 8;
const json = (v: unknown) => JSON.stringify(v);

type Answer = { ok: boolean; reason?: string; slot?: string; owner?: string };
const answer = (v: { ok: true; slot?: string; owner?: string } | Rejection): Answer =>
  v.ok ? { ok: true, ...(v.slot !== undefined ? { slot: v.slot, owner: v.owner } : {}) } : { ok: false, reason: v.reason };

const put = (pending: PendingAction[], p: PendingAction) => [...pending.filter((q) => !(q.owner === p.owner && q.slot === p.slot)), p];

/** The audiences a player reads: the public, himself, and his channels. */
function readsOf(rs: Ruleset, state: unknown, player: PlayerId): Set<string> {
  return new Set([
    'public',
    player,
    ...rs
      .channels(state)
      .filter((c) => c.readers.includes(player))
      .map((c) => c.id),
  ]);
}
const seen = (events: GameEvent[] | undefined, reads: Set<string>) => json((events ?? []).filter((e) => reads.has(e.to)));

/** The match after a few phases of random legal play by everyone. */
function played(rs: Ruleset, rules: TwinRules, r: Rand): unknown {
  const table = rules.table(r);
  let { state } = startMatch(rs, {
    players: rules.players(table, r),
    settings: table.settings,
    seed: `s${r.int(0, 999)}`,
    dice: 'natural',
    setup: rules.setup(r),
  });
  for (let phases = r.int(0, 2); phases > 0 && rs.phase(state) !== null; phases--) {
    let pending: PendingAction[] = [];
    for (const p of rs.facts(state).alive) {
      const offered = rs.available(state, p, pending);
      const action = offered.length > 0 && r.chance(0.7) ? payloadFor(r.pick(offered), r) : null;
      if (!action) continue;
      const v = rs.validate(state, p, action, pending);
      if (v.ok) pending = put(pending, { player: p, owner: v.owner, slot: v.slot, action: v.action, seq: pending.length + 1 });
    }
    state = closePhase(rs, state, pending, 'close', 'natural').state;
  }
  return state;
}

/**
 * Others' actions of the open phase: one the sender can see something of (an event he reads, his
 * group's slot) goes to both twins; one he cannot goes to each twin or not, at random.
 */
function othersPending(rs: Ruleset, state: unknown, sender: PlayerId, r: Rand): [PendingAction[], PendingAction[]] {
  let a: PendingAction[] = [];
  let b: PendingAction[] = [];
  const reads = readsOf(rs, state, sender);
  for (const p of r.shuffle(rs.facts(state).alive.filter((id) => id !== sender))) {
    const offered = rs.available(state, p, a);
    const action = offered.length > 0 && r.chance(0.8) ? payloadFor(r.pick(offered), r) : null;
    if (!action) continue;
    const v = rs.validate(state, p, action, a);
    if (!v.ok) continue;
    const stored: PendingAction = { player: p, owner: v.owner, slot: v.slot, action: v.action, seq: a.length + b.length + 1 };
    const mine = v.owner === sender || (rs.slotOwner?.(state, sender, v.slot) ?? sender) === v.owner;
    if (mine || seen(v.events, reads) !== '[]') {
      a = put(a, stored);
      b = put(b, stored);
    } else {
      if (r.chance(0.5)) a = put(a, stored);
      if (r.chance(0.5)) b = put(b, stored);
    }
  }
  return [a, b];
}

/** What a dishonest sender might send: offered actions, and any action type with guessed fields. */
interface Guesses {
  /** Every id he may try. */
  pool: string[];
  /** Ids the deal hands out (items). */
  likely: string[];
  /** The players whose hidden facts differ between the twins: where a leak would show. */
  differing: string[];
}

function request(rs: Ruleset, state: unknown, sender: PlayerId, pending: PendingAction[], g: Guesses, r: Rand): ActionInput | null {
  const offered = rs.available(state, sender, pending);
  if (offered.length > 0 && r.chance(0.5)) return payloadFor(r.pick(offered), r);
  const base: ActionInput =
    offered.length > 0 && r.chance(0.7) ? (payloadFor(r.pick(offered), r) ?? { type: 'x' }) : { type: r.pick([...rs.actions]) };
  const fields = [...new Set([...Object.keys(base).filter((f) => f !== 'type'), 'target', 'item'])];
  for (const field of r.shuffle([...fields, 'rarity', 'zone', 'targets', 'bonus', 'subject', 'into']).slice(0, r.int(1, 3))) {
    const from = field === 'target' ? (r.chance(0.6) ? g.differing : []) : r.chance(0.6) ? g.likely : [];
    const value = r.pick(from.length > 0 ? from : g.pool);
    base[field] = field === 'targets' ? [value] : value;
  }
  return base;
}

function compareTwins(rs: Ruleset, rules: TwinRules, r: Rand): { compared: number } {
  const state = played(rs, rules, r);
  if (rs.phase(state) === null) return { compared: 0 };
  const everyone = rs.facts(state);
  const ids = [...everyone.alive, ...everyone.dead, ...(everyone.jailed ?? [])];
  const sender = r.pick(ids);
  const twin = swapHidden(state, sender, rules, r);
  let [a, b] = othersPending(rs, state, sender, r);
  const reads = readsOf(rs, state, sender);
  // Only twins the sender cannot tell apart: the same view and the same channels.
  const sees = (s: unknown) => json([rs.view(s, { as: 'player', id: sender }), rs.channels(s).filter((c) => reads.has(c.id))]);
  if (sees(state) !== sees(twin) || json([...readsOf(rs, twin, sender)]) !== json([...reads])) return { compared: 0 };

  const where = (what: string) => `${rs.phase(state)} sender ${sender}: ${what}`;
  const pool = [...ids, ...rules.vocabulary, '', 'nobody'];
  const records = (s: unknown) => new Map((s as { players: Array<{ id: string }> }).players.map((p) => [p.id, json(p)]));
  const [before, after] = [records(state), records(twin)];
  const guesses: Guesses = { pool, likely: rules.likely, differing: ids.filter((id) => before.get(id) !== after.get(id)) };
  const channels = [...new Set([...rs.channels(state), ...rs.channels(twin)].map((c) => c.id)), ...rules.vocabulary.slice(0, 5)];
  let compared = 0;
  expect(json(rs.available(twin, sender, b)), where('what he is offered')).toBe(json(rs.available(state, sender, a)));
  expect(rs.mayCheck(twin, sender)?.reason ?? 'ok', where('check')).toBe(rs.mayCheck(state, sender)?.reason ?? 'ok');
  for (let step = r.int(1, 10); step > 0; step--) {
    const roll = r.next();
    if (roll < 0.1) {
      const channel = r.pick(channels);
      const [x, y] = [rs.post(state, sender, channel, 'hello'), rs.post(twin, sender, channel, 'hello')];
      expect(answer(y), where(`post to ${channel}`)).toEqual(answer(x));
      compared++;
      if (x.ok && y.ok && seen(x.events, reads) !== seen(y.events, reads)) break;
      continue;
    }
    if (roll < 0.2 && rs.withdraw) {
      const own = a.filter((p) => p.owner === sender || (rs.slotOwner?.(state, sender, p.slot) ?? sender) === p.owner);
      if (own.length === 0) continue;
      const stored = r.pick(own);
      const twinStored = b.find((p) => p.owner === stored.owner && p.slot === stored.slot)!;
      const [x, y] = [rs.withdraw(state, sender, stored, a), rs.withdraw(twin, sender, twinStored, b)];
      expect(answer(y), where(`withdraw ${stored.slot}`)).toEqual(answer(x));
      compared++;
      if (x.ok) {
        a = a.filter((p) => p !== stored);
        b = b.filter((p) => p !== twinStored);
        if (seen(x.events, reads) !== seen(y.ok ? y.events : [], reads)) break;
      }
      continue;
    }
    const action = request(rs, state, sender, a, guesses, r);
    if (!action) continue;
    const x = rs.validate(state, sender, action, a);
    const y = rs.validate(twin, sender, action, b);
    expect(answer(y), where(json(action))).toEqual(answer(x));
    compared++;
    if (!x.ok || !y.ok) continue;
    a = put(a, { player: sender, owner: x.owner, slot: x.slot, action: x.action, seq: 1000 + step });
    b = put(b, { player: sender, owner: y.owner, slot: y.slot, action: y.action, seq: 1000 + step });
    // From here on the sender may know a difference (a thief's list): the twins are no longer twins.
    if (seen(x.events, reads) !== seen(y.events, reads) || json(x.action) !== json(y.action)) break;
  }
  return { compared };
}

describe.each(['lupus', 'mafia', 'killgame'])('%s: refusals keep secrets (decision 8, D48)', (id) => {
  const rs = rulesets[id]!;
  const rules = TWINS[id]!;
  it(`decision 8 / D48: ${id}: what others hold, are and have submitted never changes the sender's answer`, () => {
    let compared = 0;
    let twins = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const out = compareTwins(rs, rules, rand(seed));
        compared += out.compared;
        if (out.compared > 0) twins++;
      }),
      { numRuns: RUNS },
    );
    // The generator must really compare twins, and many requests.
    expect(twins).toBeGreaterThan(RUNS / 4);
    expect(compared).toBeGreaterThan(RUNS);
  });
});
