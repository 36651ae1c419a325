// The day's vote board (mafia/tally.ts, decision 13): vote units by strength (MAF-3.2 – 3.4), what the
// close would do on the ballots as they stand (MAF-3.5), who may not vote (MAF-0.3), and "certain" only
// where nothing the public cannot rule out (a day block, MAF-3.10; a vote-changing day item) can change it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameEvent, Tally, TallyBallot, TallyLine } from '../../../engine/core/types.js';
import { starterCatalog, type Catalog, type Effect } from '../../../engine/rulesets/mafia/catalog.js';
import { mafia } from '../../../engine/rulesets/mafia/index.js';
import { bandit, eightAtNight, find, Match, town, type Seat } from './harness.js';

/** The ballots the close reads, one per voter, in submission order. */
const ballotsOf = (m: Match): TallyBallot[] =>
  [...m.pending]
    .filter((a) => a.action.type === 'vote')
    .sort((a, b) => a.seq - b.seq)
    .map((a) => ({ voter: a.player, target: String(a.action.target) }));

const boardOf = (m: Match): Tally => mafia.tally(m.state, ballotsOf(m))!;

/** The starter catalog without the items that block a day or change vote strength by day. */
const calm: Catalog = (() => {
  const c = structuredClone(starterCatalog());
  const turns = (e: Effect) => e.type === 'block' || (e.type === 'stat' && e.stat === 'vote-strength');
  return {
    ...c,
    items: c.items.filter(
      (it) => !(it.effect.some((e) => e.type === 'block' && e.when === 'next-day') || (it.phase === 'day' && it.effect.some(turns))),
    ),
  };
})();

type Result = { tally: Record<string, number>; leaders: string[]; jailed: string | null; decidedBy: string };
const resultOf = (events: GameEvent[]) => find(events, { kind: 'vote-result' })[0] as unknown as Result;

const LEADING = new Set(['jailed', 'tie-break', 'spared']);

function held(board: Tally, line: TallyLine, r: Result): boolean {
  switch (line.outcome) {
    case 'jailed':
      return r.jailed === line.target && r.decidedBy === 'votes';
    case 'tie-break':
      return r.jailed !== null && board.lines.some((l) => l.outcome === 'tie-break' && l.target === r.jailed) && r.decidedBy !== 'votes';
    default:
      return r.jailed !== line.target;
  }
}

function decided(board: Tally, r: Result): boolean {
  if (board.decision === 'jailed') return r.decidedBy === 'votes';
  if (board.decision === 'tie-break') return r.jailed !== null && r.decidedBy !== 'votes';
  return r.jailed === null;
}

describe('the Mafia board', () => {
  it('MAF-3.2 MAF-3.5 the held-out day: 4 heads of strength 1 lose to 3 guards of strength 2; the board shows 6 units to 4 and jails whom the close jails', () => {
    const seats: Seat[] = [
      bandit('x', 'boss', 'mage'),
      town('y', 'mage'),
      ...['m1', 'm2', 'm3', 'm4'].map((id) => town(id, 'mage')),
      ...['g1', 'g2', 'g3'].map((id) => town(id, 'guard')),
    ];
    const m = new Match(seats, { setup: { startPhase: 'day-2' } });
    m.play([
      ...['m1', 'm2', 'm3', 'm4'].map((id): [string, { type: string; target: string }] => [id, { type: 'vote', target: 'x' }]),
      ...['g1', 'g2', 'g3'].map((id): [string, { type: string; target: string }] => [id, { type: 'vote', target: 'y' }]),
    ]);
    const board = boardOf(m);
    expect(board.unit).toBe('units');
    expect(board.lines).toEqual([
      { target: 'y', count: 6, voters: ['g1', 'g2', 'g3'], outcome: 'jailed', certain: false },
      { target: 'x', count: 4, voters: ['m1', 'm2', 'm3', 'm4'], outcome: 'safe', certain: false },
    ]);
    // Nothing is certain while a sleeping draught may have landed last night (MAF-3.10, D22).
    expect(board.certain).toBe(false);
    const r = resultOf(m.close());
    expect(r).toMatchObject({ tally: { x: 4, y: 6 }, jailed: 'y', decidedBy: 'votes' });
  });

  it('MAF-3.10 MAF-9.16 a day-blocked vote: the board counts it as announced (the block stays secret), promises nothing, and the close leaves it out', () => {
    const m = eightAtNight({ t1: { inventory: { 'sleeping-draught': 1 } } }, { dice: 'succeed' });
    m.night([['t1', { type: 'use-item', item: 'sleeping-draught', target: 't3' }]]);
    expect(m.phase).toBe('day-2');
    m.play([
      ['t3', { type: 'vote', target: 't6' }],
      ['t4', { type: 'vote', target: 't5' }],
    ]);
    const board = boardOf(m);
    // t3 is a guard (2 units).
    expect(board.lines.map((l) => [l.target, l.count, l.outcome, l.certain])).toEqual([
      ['t6', 2, 'jailed', false],
      ['t5', 1, 'safe', false],
    ]);
    const unblocked = structuredClone(m.state);
    for (const p of unblocked.players) p.fx.dayBlock = null;
    expect(mafia.tally(unblocked, ballotsOf(m))).toEqual(board);
    expect(resultOf(m.close())).toMatchObject({ tally: { t5: 1 }, jailed: 't5' });
  });

  it('MAF-0.3 MAF-1.14 a player away is alive but may not vote, and the public sees it; a jailed one is no voter at all', () => {
    const m = new Match([
      bandit('b1'),
      town('t1'),
      town('t2', 'mage', { state: 'away' }),
      town('t3', 'mage', { state: 'jailed' }),
      town('t4'),
      town('t5'),
    ]);
    const board = boardOf(m);
    expect([board.voters, board.barred, board.waiting]).toEqual([['b1', 't1', 't4', 't5'], ['t2'], ['b1', 't1', 't4', 't5']]);
    expect(mafia.tally(m.state, [{ voter: 't2', target: 't1' }])!.lines).toEqual([]);
  });

  it('MAF-3.5 on a tie-free day a tie jails nobody; later it goes to the tie-break', () => {
    const day = (startPhase: string) => {
      const m = new Match([bandit('b1'), town('t1'), town('t2'), town('t3'), town('t4')], { setup: { startPhase }, dice: 'succeed' });
      m.play([
        ['t1', { type: 'vote', target: 't3' }],
        ['t2', { type: 'vote', target: 't4' }],
      ]);
      return m;
    };
    const early = day('day-3');
    expect(boardOf(early).lines.map((l) => l.outcome)).toEqual(['spared', 'spared']);
    expect(resultOf(early.close()).jailed).toBeNull();
    const late = day('day-4');
    const board = boardOf(late);
    expect(board.lines.map((l) => l.outcome)).toEqual(['tie-break', 'tie-break']);
    expect(decided(board, resultOf(late.close()))).toBe(true);
  });

  it('MAF-3.4 MAF-3.5 with a catalog that cannot block or change a vote by day, a lead the waiting voters cannot catch is certain', () => {
    const m = new Match([bandit('b1'), town('t1', 'guard'), town('t2', 'guard'), town('t3', 'guard'), town('t4'), town('t5')], {
      settings: { catalog: calm, 'vote-strength-cap': 2 },
    });
    m.play([
      ['t1', { type: 'vote', target: 't5' }],
      ['t2', { type: 'vote', target: 't5' }],
      ['t3', { type: 'vote', target: 't5' }],
    ]);
    // 6 units; b1, t4 and t5 wait, at most 2 units each: t4 may reach 6 (b1, t5 voting him), never more.
    expect(boardOf(m).lines).toEqual([{ target: 't5', count: 6, voters: ['t1', 't2', 't3'], outcome: 'jailed', certain: false }]);
    m.play([['t4', { type: 'vote', target: 't5' }]]);
    expect(boardOf(m)).toMatchObject({
      lines: [{ target: 't5', count: 7, outcome: 'jailed', certain: true }],
      decision: 'jailed',
      certain: true,
    });
  });
});

interface Case {
  day: number;
  guards: boolean[];
  crowns: boolean[];
  away: boolean[];
  now: number[];
  later: number[];
  blocks: boolean[];
  calm: boolean;
}

const six = <T>(a: fc.Arbitrary<T>) => fc.array(a, { minLength: 6, maxLength: 6 });
const arb: fc.Arbitrary<Case> = fc.record({
  day: fc.integer({ min: 1, max: 5 }),
  guards: six(fc.boolean()),
  crowns: six(fc.boolean()),
  away: six(fc.integer({ min: 0, max: 5 }).map((n) => n === 0)),
  now: six(fc.integer({ min: 0, max: 30 })),
  later: six(fc.integer({ min: 0, max: 30 })),
  blocks: six(fc.integer({ min: 0, max: 3 }).map((n) => n === 0)),
  calm: fc.boolean(),
});

function dayOf(c: Case): Match {
  const ids = ['b1', 't1', 't2', 't3', 't4', 't5'];
  const seats: Seat[] = ids.map((id, i) => {
    const extra: Partial<Seat> = {
      ...(c.crowns[i] ? { inventory: { 'night-crown': 1 } } : {}),
      ...(c.away[i] && i > 2 ? { state: 'away' } : {}),
    };
    return i === 0 ? bandit(id, 'boss', c.guards[i] ? 'guard' : 'mage', extra) : town(id, c.guards[i] ? 'guard' : 'mage', extra);
  });
  const m = new Match(seats, { setup: { startPhase: `day-${c.day}` }, dice: 'succeed', settings: c.calm ? { catalog: calm } : {} });
  cast(m, c.now);
  return m;
}

/** Votes from choices: none, or one player in town (refusals, a vote for oneself, are simply not cast). */
function cast(m: Match, choices: number[], only?: (id: string) => boolean) {
  const town = m.state.players.filter((p) => p.status === 'in-town').map((p) => p.id);
  town.forEach((voter, i) => {
    if (only && !only(voter)) return;
    const c = choices[i]! % (town.length + 1);
    if (c > 0) m.act(voter, { type: 'vote', target: town[c - 1]! });
  });
}

describe('the Mafia board against the close (property, forced dice)', () => {
  it('MAF-3.3 – 3.5 what the board says on these ballots is what the close does: the same units, leaders and jailing', () => {
    fc.assert(
      fc.property(arb, (c) => {
        const m = dayOf(c);
        const board = boardOf(m);
        const r = resultOf(m.close());
        expect(Object.fromEntries(board.lines.filter((l) => l.count > 0).map((l) => [l.target, l.count]))).toEqual(r.tally);
        expect(
          board.lines
            .filter((l) => LEADING.has(l.outcome))
            .map((l) => l.target)
            .sort(),
        ).toEqual([...r.leaders].sort());
        for (const line of board.lines) expect(held(board, line, r), JSON.stringify({ line, r })).toBe(true);
        expect(decided(board, r)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('MAF-3.10 "certain" survives any waiting ballots and any day block; it never shows where the catalog can block a day; a block changes nothing on the board', () => {
    fc.assert(
      fc.property(arb, (c) => {
        const m = dayOf(c);
        const board = boardOf(m);
        if (!c.calm) expect(board.certain || board.lines.some((l) => l.certain)).toBe(false);
        const waiting = new Set(board.waiting);
        cast(m, c.later, (id) => waiting.has(id));
        // What a sleeping draught last night would have done: blocked votes, secret until the close.
        const n = m.state.phase!.n;
        if (!c.calm) {
          m.state.players.forEach((p, i) => {
            if (c.blocks[i]) p.fx.dayBlock = n;
          });
          expect(mafia.tally(m.state, ballotsOf(m))).toEqual(
            mafia.tally({ ...m.state, players: m.state.players.map((p) => ({ ...p, fx: { ...p.fx, dayBlock: null } })) }, ballotsOf(m)),
          );
        }
        const r = resultOf(m.close());
        for (const line of board.lines) if (line.certain) expect(held(board, line, r), JSON.stringify({ line, r })).toBe(true);
        if (board.certain) expect(decided(board, r)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });
});
