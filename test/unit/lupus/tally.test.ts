// The day's vote board (lupus/tally.ts, decision 13): heads per target, what the close would do on the
// ballots as they stand, and "certain" only where no ballot still to come and no Parroco removal can
// change it (LUP-8.2 – LUP-8.5). The close and the board share their counting (votes.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameEvent, Tally, TallyBallot, TallyLine } from '../../../engine/core/types.js';
import { lupus } from '../../../engine/rulesets/lupus/index.js';
import { find } from './harness.js';
import { table, votes } from './fixture.js';
import type { Match } from './harness.js';

/** The ballots the close reads, one per voter, in submission order. */
const ballotsOf = (m: Match): TallyBallot[] =>
  [...m.pending]
    .filter((a) => a.slot === 'ballot')
    .sort((a, b) => a.seq - b.seq)
    .map((a) => ({ voter: a.player, target: a.action.type === 'vote' ? String(a.action.target) : null }));

const boardOf = (m: Match): Tally => lupus.tally(m.state, ballotsOf(m))!;

/** What the close did: who burnt at the stake, and the run-off's candidates. */
function closed(events: GameEvent[]): { burnt: string[]; runoff: string[] | null } {
  const result = find(events, { kind: 'day-result' })[0]!;
  return {
    burnt: events.filter((e) => e.kind === 'death' && e.cause === 'stake').map((e) => String(e.player)),
    runoff: (result.runoff as string[] | null) ?? null,
  };
}

/** Whether the close did to this line what the board said. */
function held(board: Tally, line: TallyLine, did: ReturnType<typeof closed>): boolean {
  switch (line.outcome) {
    case 'stake':
      return did.burnt.length === 1 && did.burnt[0] === line.target && did.runoff === null;
    case 'runoff':
      return did.runoff?.includes(line.target) === true;
    case 'lot':
      return did.burnt.length === 1 && board.lines.some((l) => l.outcome === 'lot' && l.target === did.burnt[0]);
    default:
      return !did.burnt.includes(line.target) && !(did.runoff ?? []).includes(line.target);
  }
}

function decided(board: Tally, did: ReturnType<typeof closed>): boolean {
  if (board.decision === 'nobody' || board.decision === 'spared') return did.burnt.length === 0 && did.runoff === null;
  if (board.decision === 'runoff') return did.runoff !== null && did.burnt.length === 0;
  return did.burnt.length === 1;
}

describe('the Lupus board', () => {
  it('LUP-8.5 heads, most first then seat order; the one on top goes to the stake, the rest are safe', () => {
    const m = table('a b c d:zucca-semplice w x:lupo-mannaro', { settings: { 'max-abstentions': 10 } });
    m.close();
    m.play(votes({ a: 'w', b: 'w', c: 'x', w: 'a', d: null }));
    const board = boardOf(m);
    expect(board.unit).toBe('heads');
    expect(board.lines).toEqual([
      { target: 'w', count: 2, voters: ['a', 'b'], outcome: 'stake', certain: false },
      { target: 'a', count: 1, voters: ['w'], outcome: 'safe', certain: false },
      // x can get one more vote at most (his own is not his to give): w stays above him.
      { target: 'x', count: 1, voters: ['c'], outcome: 'safe', certain: true },
    ]);
    expect([board.abstain, board.waiting, board.decision]).toEqual([['d'], ['x'], 'stake']);
    expect(closed(m.close()).burnt).toEqual(['w']);
  });

  it('LUP-8.4 4 of 7 is not certain while the table has a Parroco: his removal can make it a 3–3 run-off', () => {
    const m = table('p:parroco a b c d:zucca-semplice w x:lupo-mannaro', { settings: { 'max-abstentions': 10, 'tie-rule': 'runoff' } });
    m.close();
    m.play(votes({ p: 'w', a: 'w', b: 'w', c: 'w', d: 'a', w: 'a', x: 'a' }));
    const board = boardOf(m);
    expect(board.waiting).toEqual([]);
    expect(board.lines.map((l) => [l.target, l.count, l.outcome, l.certain])).toEqual([
      ['w', 4, 'stake', false],
      ['a', 3, 'safe', false],
    ]);
    expect(board.certain).toBe(false);
    m.play([['p', { type: 'remove-vote', target: 'w' }]]);
    // The removal is secret: the board reads the same with it stored.
    expect(boardOf(m)).toEqual(board);
    const did = closed(m.close());
    expect(did).toEqual({ burnt: [], runoff: ['a', 'w'] });
  });

  it('LUP-8.5 without a Parroco at the table and every ballot in, the stake is certain', () => {
    const m = table('a b c d e:zucca-semplice w x:lupo-mannaro', { settings: { 'max-abstentions': 10 } });
    m.close();
    m.play(votes({ a: 'w', b: 'w', c: 'w', d: 'w', e: 'x', w: 'x', x: 'a' }));
    const board = boardOf(m);
    expect(board.lines.map((l) => [l.target, l.outcome, l.certain])).toEqual([
      ['w', 'stake', true],
      ['x', 'safe', true],
      ['a', 'safe', true],
    ]);
    expect(board.certain).toBe(true);
  });

  it('LUP-8.5 a lead is certain before every ballot is in only when the waiting voters cannot catch up', () => {
    const m = table('a b c d e f g:zucca-semplice w x:lupo-mannaro', { settings: { 'max-abstentions': 10 } });
    m.close();
    m.play(votes({ a: 'w', b: 'w', c: 'w', d: 'w', e: 'w', f: 'x' }));
    // g, w and x still to vote: x can reach 3, never 5.
    expect(boardOf(m).lines.map((l) => [l.target, l.outcome, l.certain])).toEqual([
      ['w', 'stake', true],
      ['x', 'safe', true],
    ]);
    const n = table('a b c d e f g:zucca-semplice w x:lupo-mannaro', { settings: { 'max-abstentions': 10 } });
    n.close();
    n.play(votes({ a: 'w', b: 'w', c: 'w', d: 'w', f: 'x' }));
    // e, g, w and x still to vote: e, g and w on x tie him with w at 4.
    expect(boardOf(n).lines.map((l) => [l.target, l.outcome, l.certain])).toEqual([
      ['w', 'stake', false],
      ['x', 'safe', false],
    ]);
  });

  it('LUP-8.3 a silent voter past the limit is counted for himself, as the close counts him', () => {
    const m = table('a b c d:zucca-semplice w x:lupo-mannaro', { abstentions: { a: 2, b: 2 }, settings: { 'max-abstentions': 2 } });
    m.close();
    m.play(votes({ c: 'a', d: 'w' }));
    const board = boardOf(m);
    expect(board.forced).toEqual(['a', 'b']);
    expect(board.lines.map((l) => [l.target, l.count, l.voters, l.outcome])).toEqual([
      ['a', 2, ['c', 'a'], 'stake'],
      ['b', 1, ['b'], 'safe'],
      ['w', 1, ['d'], 'safe'],
    ]);
    expect(closed(m.close()).burnt).toEqual(['a']);
  });

  it('LUP-8.5 a tie goes as tie-rule says: run-off, lot or nobody', () => {
    for (const [rule, outcome] of [
      ['runoff', 'runoff'],
      ['random', 'lot'],
      ['no-lynch', 'spared'],
    ] as const) {
      const m = table('a b c d:zucca-semplice w x:lupo-mannaro', { settings: { 'max-abstentions': 10, 'tie-rule': rule } });
      m.close();
      m.play(votes({ a: 'w', b: 'x' }));
      const board = boardOf(m);
      expect(
        board.lines.map((l) => l.outcome),
        rule,
      ).toEqual([outcome, outcome]);
      expect(board.decision).toBe(outcome === 'spared' ? 'nobody' : outcome);
      expect(decided(board, closed(m.close())), rule).toBe(true);
    }
  });
});

/** A small table: a Parroco or not, two wolves, villagers; day 1 with some ballots cast. */
interface Case {
  villagers: number;
  parroco: boolean;
  tie: 'runoff' | 'no-lynch' | 'random';
  limit: number;
  spent: number[];
  now: number[];
  later: number[];
  removal: number | null;
}

const arb: fc.Arbitrary<Case> = fc.record({
  villagers: fc.integer({ min: 2, max: 4 }),
  parroco: fc.boolean(),
  tie: fc.constantFrom('runoff' as const, 'no-lynch' as const, 'random' as const),
  limit: fc.integer({ min: 0, max: 2 }),
  spent: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 7, maxLength: 7 }),
  now: fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 7, maxLength: 7 }),
  later: fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 7, maxLength: 7 }),
  removal: fc.option(fc.integer({ min: 0, max: 30 }), { nil: null }),
});

/** Ballots from choices: none, an abstention, or a vote for one of the living (refusals are simply not cast). */
function cast(m: Match, choices: number[], only?: (id: string) => boolean) {
  const living = m.state.players.filter((p) => p.alive).map((p) => p.id);
  living.forEach((voter, i) => {
    if (only && !only(voter)) return;
    const c = choices[i]! % (living.length + 2);
    if (c === 0) return;
    m.act(voter, c === 1 ? { type: 'abstain' } : { type: 'vote', target: living[c - 2]! });
  });
}

function dayOne(c: Case): Match {
  const ids = ['v1', 'v2', 'v3', 'v4'].slice(0, c.villagers);
  const seats = [
    ...(c.parroco ? [{ id: 'pr', role: 'parroco' }] : []),
    ...ids.map((id) => ({ id, role: 'zucca-semplice' })),
    { id: 'w1', role: 'lupo-mannaro' },
    { id: 'w2', role: 'lupo-mannaro' },
  ];
  const m = table(
    seats.map((s, i) => ({ ...s, abstentions: Math.min(c.spent[i]!, c.limit) })),
    { settings: { 'max-abstentions': c.limit, 'tie-rule': c.tie }, dice: 'succeed' },
  );
  m.close();
  cast(m, c.now);
  return m;
}

describe('the Lupus board against the close (property, forced dice)', () => {
  it('LUP-8.5 what the board says "on these ballots" is what the close does, line by line and as a whole', () => {
    fc.assert(
      fc.property(arb, (c) => {
        const m = dayOne(c);
        if (m.phase !== 'day-1') return;
        const board = boardOf(m);
        const did = closed(m.close());
        for (const line of board.lines) expect(held(board, line, did), JSON.stringify(line)).toBe(true);
        expect(decided(board, did)).toBe(true);
        // The heads are the close's own: every named target, nothing else.
        const counted: Record<string, number> = {};
        for (const t of Object.values(find(m.of('day-1'), { kind: 'day-result' })[0]!.ballots as Record<string, string | null>))
          if (t) counted[t] = (counted[t] ?? 0) + 1;
        expect(Object.fromEntries(board.lines.map((l) => [l.target, l.count]))).toEqual(counted);
      }),
      { numRuns: 60 },
    );
  });

  it('LUP-8.4 LUP-8.5 "certain" holds whatever the waiting voters do and whatever removal may come; the board reads the same whether the Parroco still can', () => {
    fc.assert(
      fc.property(arb, (c) => {
        const m = dayOne(c);
        if (m.phase !== 'day-1') return;
        const board = boardOf(m);
        // A hidden fact the public cannot see: the Parroco's removal already spent.
        const spent = structuredClone(m.state);
        for (const p of spent.players) if (p.role === 'parroco') p.removeVoteDay = 0;
        expect(lupus.tally(spent, ballotsOf(m))).toEqual(board);
        const waiting = new Set(board.waiting);
        cast(m, c.later, (id) => waiting.has(id));
        const living = m.state.players.filter((p) => p.alive).map((p) => p.id);
        if (c.removal !== null && m.state.players.some((p) => p.role === 'parroco' && p.alive))
          m.act('pr', { type: 'remove-vote', target: living[c.removal % living.length]! });
        const did = closed(m.close());
        for (const line of board.lines) if (line.certain) expect(held(board, line, did), JSON.stringify({ line, did })).toBe(true);
        if (board.certain) expect(decided(board, did)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });
});
