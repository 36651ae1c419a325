// Plays a whole match of any ruleset in memory with random legal actions, checking the platform's
// invariants after every step. A violation throws, naming the phase and what broke.
import { KEBAB_ID } from '../../engine/core/ids.js';
import { canonicalOrder, closePhase, pendingAfterRemoval, submitAction, withdrawAction, type Gate } from '../../engine/core/match.js';
import type { ActionInput, GameEvent, PendingAction, PlayerId, Ruleset } from '../../engine/core/types.js';
import { reveals } from '../scenario/assert.js';
import { junkFor, payloadFor, rand, type Rand } from './legal.js';
import { open, type Table } from './tables.js';

/**
 * Rulesets whose spec makes the global submission time a rule of the game: there the result may
 * depend on who submitted first, and only on that (the order the store lists actions never matters).
 */
export const SUBMISSION_TIME_RULES: Record<string, string> = {
  killgame: 'KG-6.1 medikits and KG-7.3 explosives apply in global submission order',
};
const OPEN: Gate = { status: 'running', open: true, checked: false };

export interface PlayOptions {
  /** The match seed (the engine's generator). */
  seed: string;
  /** Seeds the players' choices. */
  choices: number;
  maxPhases: number;
  /** Probability that a living player acts in a phase. */
  activity?: number;
  /** Probability of one GM removal in a phase. */
  removals?: number;
}

export interface PlayStats {
  phases: number;
  accepted: number;
  refused: number;
  ended: boolean;
  winner: string | null;
}

export interface Played {
  /** Every state and event of the match, as JSON: two runs with the same seeds must give the same bytes. */
  trace: string;
  stats: PlayStats;
}

class Violation extends Error {
  override readonly name = 'Violation';
}

const json = (v: unknown) => JSON.stringify(v);

function fail(where: string, what: string): never {
  throw new Violation(`${where}: ${what}`);
}

/** Alive, dead and jailed are disjoint and cover every seat (counts add up). */
function checkCounts(rs: Ruleset, state: unknown, everyone: PlayerId[], where: string) {
  const facts = rs.facts(state);
  const groups = { alive: facts.alive, dead: facts.dead, jailed: facts.jailed ?? [] };
  const seen = new Map<PlayerId, string>();
  for (const [group, ids] of Object.entries(groups)) {
    for (const p of ids) {
      if (seen.has(p)) fail(where, `${p} is both ${seen.get(p)} and ${group}`);
      seen.set(p, group);
    }
  }
  if (seen.size !== everyone.length || everyone.some((p) => !seen.has(p))) {
    const counts = Object.entries(groups)
      .map(([g, ids]) => `${g} (${ids.length})`)
      .join(' + ');
    fail(where, `${counts} is not the ${everyone.length} seats`);
  }
  return facts;
}

/** Exactly one outcome: a winner exactly when no phase is open. */
function checkOutcome(rs: Ruleset, state: unknown, where: string) {
  const phase = rs.phase(state);
  const winner = rs.outcome(state);
  if ((phase === null) !== (winner !== null)) fail(where, `phase ${phase} with outcome ${winner}`);
  if (phase !== null && !KEBAB_ID.test(phase)) fail(where, `phase id "${phase}" is not kebab-case`);
}

/** Events are data with an audience that exists: public, a seat, or a channel of the ruleset. */
function checkEvents(events: GameEvent[], audiences: Set<string>, where: string) {
  for (const e of events) {
    if (typeof e.kind !== 'string' || !KEBAB_ID.test(e.kind)) fail(where, `event kind ${json(e.kind)} is not kebab-case`);
    if (typeof e.to !== 'string' || !audiences.has(e.to)) fail(where, `event ${e.kind} goes to unknown audience ${json(e.to)}`);
    if (JSON.parse(json(e)).kind !== e.kind) fail(where, `event ${e.kind} is not plain JSON`);
  }
}

/** Every reader's view can be computed and serialised; the public view pairs no living player with his role. */
function checkViews(rs: Ruleset, state: unknown, everyone: PlayerId[], where: string) {
  const facts = rs.facts(state);
  const pub = rs.view(state, { as: 'public' });
  json(rs.view(state, { as: 'gm' }));
  for (const p of everyone) json(rs.view(state, { as: 'player', id: p }));
  if (rs.phase(state) !== null) {
    for (const p of facts.alive) {
      const role = facts.role?.[p];
      if (role && reveals(pub, p, [role])) fail(where, `the public view reveals the role of ${p}`);
    }
  }
  return pub as { players?: Array<{ id: string; alive?: unknown }> } | null;
}

/** The early close counts exactly the players the public sees alive (ARCHITECTURE: only public facts). */
function checkCheckers(rs: Ruleset, state: unknown, pub: { players?: Array<{ id: string; alive?: unknown }> } | null, where: string) {
  const listed = pub?.players?.filter((p) => typeof p.alive === 'boolean');
  if (!listed || listed.length === 0) return;
  const publiclyAlive = listed
    .filter((p) => p.alive === true)
    .map((p) => p.id)
    .sort();
  const checkers = [...rs.checkers(state)].sort();
  if (json(publiclyAlive) !== json(checkers)) {
    fail(where, `checkers ${json(checkers)} are not the publicly alive players ${json(publiclyAlive)}`);
  }
}

/** A dead player has nothing to do and every game action of his is refused. */
function checkDeadDoNothing(
  rs: Ruleset,
  state: unknown,
  dead: PlayerId[],
  pending: PendingAction[],
  samples: ActionInput[],
  where: string,
) {
  for (const p of dead) {
    const offered = rs.available(state, p, pending);
    if (offered.length > 0) fail(where, `dead ${p} is offered ${offered.map((a) => a.type).join(', ')}`);
    for (const action of samples) {
      const verdict = rs.validate(state, p, action, pending);
      if (verdict.ok) fail(where, `dead ${p} had ${json(action)} accepted`);
    }
  }
}

function checkRejection(verdict: { ok: boolean; reason?: unknown; message?: unknown }, where: string) {
  if (verdict.ok) return;
  if (typeof verdict.reason !== 'string' || !KEBAB_ID.test(verdict.reason))
    fail(where, `rejection reason ${json(verdict.reason)} is not kebab-case`);
  if (typeof verdict.message !== 'string') fail(where, 'a rejection has no message');
}

/** Resolves with the pending actions in another order and with other submission numbers (same per-owner order). */
function reordered(pending: PendingAction[], r: Rand): PendingAction[] {
  const byOwner = new Map<string, PendingAction[]>();
  for (const p of [...pending].sort((a, b) => a.seq - b.seq)) byOwner.set(p.owner, [...(byOwner.get(p.owner) ?? []), p]);
  let seq = r.int(1, 1_000_000);
  const renumbered: PendingAction[] = [];
  for (const owner of r.shuffle([...byOwner.keys()])) {
    for (const p of byOwner.get(owner)!) renumbered.push({ ...p, seq: (seq += r.int(1, 50)) });
  }
  return r.shuffle(renumbered);
}

export function playMatch(rs: Ruleset, table: Table, options: PlayOptions): Played {
  const r = rand(options.choices);
  const activity = options.activity ?? 0.8;
  const opened = open(rs, table, options.seed);
  let state = opened.state;
  const start = rs.facts(state);
  const everyone = [...start.alive, ...start.dead, ...(start.jailed ?? [])];
  const types = [...rs.actions];
  const trace: unknown[] = [opened.events, state];
  const stats: PlayStats = { phases: 0, accepted: 0, refused: 0, ended: false, winner: null };
  let ended = 0;
  const audiencesOf = (s: unknown) => new Set(['public', ...everyone, ...rs.channels(s).map((c) => c.id)]);
  checkEvents(opened.events, audiencesOf(state), 'setup');
  let seq = 0;

  while (rs.phase(state) !== null && stats.phases < options.maxPhases) {
    const phase = rs.phase(state)!;
    const where = `${phase}`;
    const facts = checkCounts(rs, state, everyone, where);
    checkOutcome(rs, state, where);
    const pub = checkViews(rs, state, everyone, where);
    checkCheckers(rs, state, pub, where);
    const before = json(state);
    let pending: PendingAction[] = [];
    const samples: ActionInput[] = [];

    // Players act in a random order: submit, replace, withdraw, send junk.
    for (const player of r.shuffle(facts.alive)) {
      if (!r.chance(activity)) continue;
      for (let round = r.int(1, 3); round > 0; round--) {
        const offered = rs.available(state, player, pending);
        const roll = r.next();
        let action: ActionInput | null = null;
        if (roll < 0.1) action = junkFor(types, everyone, r);
        else if (offered.length > 0) action = payloadFor(r.pick(offered), r);
        if (action === null) continue;
        const verdict = submitAction(rs, OPEN, state, pending, player, action, ++seq);
        checkRejection(verdict, `${where} ${player} ${json(action)}`);
        if (verdict.ok) {
          stats.accepted++;
          samples.push(verdict.stored.action);
          const { owner, slot } = verdict.stored;
          pending = [...pending.filter((p) => !(p.owner === owner && p.slot === slot)), verdict.stored];
          checkEvents(verdict.events, audiencesOf(state), `${where} submit`);
        } else {
          stats.refused++;
        }
        if (r.chance(0.1)) {
          const mine = pending.filter((p) => p.player === player);
          if (mine.length > 0) {
            const out = withdrawAction(rs, OPEN, state, pending, player, r.pick(mine).slot);
            checkRejection(out, `${where} withdraw`);
            if (out.ok) pending = pending.filter((p) => !(p.owner === out.owner && p.slot === out.slot));
          }
        }
      }
    }
    if (json(state) !== before) fail(where, 'available or validate changed the state');

    // Now and then the GM removes someone (a modkill); the match may end there.
    if (options.removals && r.chance(options.removals) && facts.alive.length > 0) {
      const victim = r.pick(facts.alive);
      const removal = rs.remove(state, victim, pending);
      checkEvents(removal.events, audiencesOf(removal.state), `${where} removal`);
      pending = pendingAfterRemoval(pending, victim, removal.withdrawn);
      state = removal.state;
      trace.push({ removed: victim, events: removal.events });
      if (removal.events.some((e) => e.kind === 'match-ended')) ended++;
      if (rs.facts(state).alive.includes(victim)) fail(where, `removed ${victim} is still alive`);
      checkOutcome(rs, state, `${where} removal`);
      if (rs.phase(state) === null) break;
    }

    checkDeadDoNothing(rs, state, rs.facts(state).dead, pending, samples.slice(0, 5), where);

    // The close: deterministic, independent of the order of submission, and it leaves its input alone.
    const input = json(state);
    const closed = closePhase(rs, state, pending, options.seed, 'natural');
    if (json(state) !== input) fail(where, 'resolve changed its input state');
    const again = closePhase(rs, JSON.parse(input), JSON.parse(json(pending)), options.seed, 'natural');
    if (json(again) !== json(closed)) fail(where, 'resolving twice gave different bytes');
    const permuted = closePhase(rs, JSON.parse(input), r.shuffle(pending), options.seed, 'natural');
    if (json(permuted) !== json(closed)) fail(where, 'the order in which the store lists actions changed the result');
    if (!SUBMISSION_TIME_RULES[rs.id]) {
      const retimed = closePhase(rs, JSON.parse(input), reordered(pending, r), options.seed, 'natural');
      if (json(retimed) !== json(closed)) fail(where, 'the order or timing of submissions changed the result');
    }

    checkEvents(closed.events, new Set([...audiencesOf(state), ...audiencesOf(closed.state)]), `${where} close`);
    ended += closed.events.filter((e) => e.kind === 'match-ended').length;
    const endedEvent = closed.events.find((e) => e.kind === 'match-ended');
    if (endedEvent && (endedEvent.to !== 'public' || endedEvent.winner !== closed.winner)) {
      fail(where, `match-ended ${json(endedEvent)} does not name the outcome ${closed.winner}`);
    }
    state = closed.state;
    stats.phases++;
    trace.push({ phase, pending: canonicalOrder(pending), events: closed.events, state });
  }

  checkCounts(rs, state, everyone, 'end');
  checkOutcome(rs, state, 'end');
  checkViews(rs, state, everyone, 'end');
  stats.ended = rs.phase(state) === null;
  stats.winner = rs.outcome(state);
  if (stats.ended && ended !== 1) fail('end', `the match ended with ${ended} match-ended events`);
  if (!stats.ended && ended !== 0) fail('end', 'match-ended was announced but a phase is still open');
  if (stats.ended) {
    const after = rs.available(state, everyone[0]!, []);
    if (after.length > 0) fail('end', 'actions are offered after the end');
  }
  return { trace: json(trace), stats };
}
