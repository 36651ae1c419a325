// The vote count as a forum post (functions/service/posts/render.ts votePost and phasePost's count; the
// MafiaScum layout: `Name (n): voters in order`, largest first). Rendered directly from a count, in
// Markdown and English so the expected lines read as a thread shows them; the escaping tests cover the
// other markups and languages.
import { describe, expect, it } from 'vitest';
import { phasePost, votePost, type PostMatch } from '../../../functions/service/posts/render.js';
import type { VoteCount } from '../../../functions/api/vote-count.js';

const match: PostMatch = { id: 'm1', name: 'Thursday village', ruleset: 'lupus', timeZone: 'UTC', url: 'https://dusk.example/m/m1' };
const names = { p1: 'Anna', p2: 'Bruno', p3: 'Carla', p4: 'Dario', p5: 'Elena', p6: 'Franco', p7: 'Gina', p8: 'Hugo', p9: 'Ivo' };
const T = Date.UTC(2026, 11, 3, 18, 0);
const MIN = 60_000;
const en = { lang: 'en', format: 'markdown' } as const;

/** Bruno and Elena vote early; Hugo votes Ivo; after `T + 10 min`, Carla moves to Anna, Hugo withdraws, Franco abstains. */
function count(open = true): VoteCount {
  return {
    match: 'm1',
    phase: 'day-2',
    open,
    deadline: open ? Date.UTC(2026, 11, 3, 21, 0) : null,
    unit: 'heads',
    living: 9,
    barred: [],
    forced: [],
    decision: 'stake',
    certain: false,
    lines: [
      { target: 'p1', name: 'Anna', count: 2, voters: ['p2', 'p3'], outcome: 'stake', certain: false },
      { target: 'p4', name: 'Dario', count: 1, voters: ['p5'], outcome: 'safe', certain: false },
    ],
    abstain: ['p6'],
    notVoting: ['p1', 'p4', 'p7', 'p8', 'p9'],
    names,
    history: [
      { at: T, voter: 'p2', target: 'p1', change: 'vote' },
      { at: T + 1 * MIN, voter: 'p5', target: 'p4', change: 'vote' },
      { at: T + 2 * MIN, voter: 'p3', target: 'p4', change: 'vote' },
      { at: T + 3 * MIN, voter: 'p8', target: 'p9', change: 'vote' },
      { at: T + 20 * MIN, voter: 'p3', target: 'p1', change: 'vote' },
      { at: T + 21 * MIN, voter: 'p8', target: null, change: 'withdraw' },
      { at: T + 22 * MIN, voter: 'p6', target: null, change: 'abstain' },
    ],
  };
}

const blocks = (post: string) => post.split('\n\n');

describe('the vote count post', () => {
  it('LUP-8.5 lists each candidate with his count, voters in the order they voted and what the close would do, then abstainers and those not voting, the rule and the deadline', () => {
    const post = votePost({ match, votes: count() }, en);
    expect(blocks(post).slice(0, 4)).toEqual([
      '## Thursday village',
      '**Vote count — Day 2**',
      [
        '**Anna (2)**: Bruno, Carla — *to the stake on these votes*',
        '**Dario (1)**: Elena',
        'Abstaining (1): Franco',
        'Not voting (5): Anna, Dario, Gina, Hugo, Ivo',
      ].join('\n'),
      // In the ruleset's own words (its dictionary's tally-rule-lupus).
      'One vote each; the most votes at the close go to the stake, less a vote a Priest may remove.\nDeadline: Thursday, December 3 at 09:00 PM UTC',
    ]);
    // No `since`: nothing is marked as changed, and no empty block is left where the note would be.
    expect(post).not.toContain('new since the last count');
    expect(post).not.toMatch(/\n\n\n/);
    expect(blocks(post)).toHaveLength(6);
    expect(post).not.toContain('~~');
  });

  it('LUP-8.5 since the last count: new and moved votes in bold, votes that left struck through, a candidate every vote left at 0, and the note that says so', () => {
    const post = votePost({ match, votes: count(), since: T + 10 * MIN }, en);
    expect(blocks(post)[2]).toBe(
      [
        '**Anna (2)**: Bruno, **Carla** — *to the stake on these votes*',
        '**Dario (1)**: Elena, ~~Carla~~',
        '**Ivo (0)**: ~~Hugo~~',
        'Abstaining (1): **Franco**',
        'Not voting (5): Anna, Dario, Gina, Hugo, Ivo',
      ].join('\n'),
    );
    expect(blocks(post)[4]).toBe('*Bold: new since the last count; grey: withdrawn or moved.*');
  });

  it('LUP-8.5 a vote withdrawn since the last count is struck through and noted, even with nothing new', () => {
    const votes = count();
    votes.lines = [{ target: 'p1', name: 'Anna', count: 1, voters: ['p2'], outcome: 'stake', certain: false }];
    votes.notVoting = [...votes.notVoting, 'p3'];
    votes.history = [...votes.history.slice(0, 4), { at: T + 25 * MIN, voter: 'p3', target: null, change: 'withdraw' }];
    votes.abstain = [];
    const post = votePost({ match, votes, since: T + 10 * MIN }, en);
    expect(blocks(post)[2]!.split('\n').slice(0, 3)).toEqual([
      '**Anna (1)**: Bruno — *to the stake on these votes*',
      '**Dario (0)**: ~~Elena~~, ~~Carla~~',
      '**Ivo (0)**: ~~Hugo~~',
    ]);
    expect(post).toContain('*Bold: new since the last count; grey: withdrawn or moved.*');
  });

  it('LUP-8.5 a vote cast at the very moment of the last count belongs to it', () => {
    const post = votePost({ match, votes: count(), since: T + 20 * MIN }, en);
    expect(blocks(post)[2]!.split('\n')[0]).toBe('**Anna (2)**: Bruno, Carla — *to the stake on these votes*');
  });

  it('LUP-8.5 a count with nothing new since the last one marks nothing and adds no note', () => {
    const post = votePost({ match, votes: count(), since: T + 30 * MIN }, en);
    expect(blocks(post)[2]).toBe(
      [
        '**Anna (2)**: Bruno, Carla — *to the stake on these votes*',
        '**Dario (1)**: Elena',
        'Abstaining (1): Franco',
        'Not voting (5): Anna, Dario, Gina, Hugo, Ivo',
      ].join('\n'),
    );
    expect(post).not.toContain('new since the last count');
  });

  it('the history lists every change with its time, in a spoiler; the post ends with the match page and the footer', () => {
    const post = votePost({ match, votes: count() }, en);
    expect(post).toContain(
      [
        '[details="Vote history"]',
        '- Dec 3, 06:00 PM UTC Bruno votes Anna',
        '- Dec 3, 06:01 PM UTC Elena votes Dario',
        '- Dec 3, 06:02 PM UTC Carla votes Dario',
        '- Dec 3, 06:03 PM UTC Hugo votes Ivo',
        '- Dec 3, 06:20 PM UTC Carla votes Anna',
        '- Dec 3, 06:21 PM UTC Hugo withdraws',
        '- Dec 3, 06:22 PM UTC Franco abstains',
        '[/details]',
      ].join('\n'),
    );
    expect(
      post.endsWith('[Match page: Thursday village](<https://dusk.example/m/m1>)\n*Posted by dusk, the game master that never sleeps.*\n'),
    ).toBe(true);
  });

  it('no ballots: "No votes.", nobody abstaining, and no history', () => {
    const empty: VoteCount = { ...count(), lines: [], abstain: [], notVoting: [], history: [] };
    const post = votePost({ match, votes: empty }, en);
    expect(blocks(post)[2]).toBe('*No votes.*\nNot voting (0): nobody');
    expect(post).not.toContain('Vote history');
    expect(blocks(post)).toHaveLength(5);
    expect(post).not.toMatch(/\n\n\n/);
  });

  it('several abstainers are listed apart by commas; a change the record has no time for shows no time', () => {
    const votes: VoteCount = { ...count(), abstain: ['p6', 'p7'], history: [{ at: null, voter: 'p6', target: null, change: 'abstain' }] };
    const post = votePost({ match, votes }, en);
    expect(blocks(post)[2]).toContain('Abstaining (2): Franco, Gina');
    expect(post).toContain('[details="Vote history"]\n- Franco abstains\n[/details]');
  });
});

describe('the phase post', () => {
  const events = [
    { kind: 'vote-cast', voter: 'p2', target: 'p1' },
    { kind: 'message', from: 'p2', text: 'hi' },
  ] as never[];

  it('carries the final count (no deadline) and says what comes next, or that the match is paused or over', () => {
    const input = {
      match,
      phase: 'day-2',
      events,
      names,
      votes: count(false),
      next: { phase: 'night-2', deadline: Date.UTC(2026, 11, 4, 8, 0), paused: false },
    };
    const post = phasePost(input, en);
    expect(blocks(post).slice(0, 3)).toEqual([
      '## Thursday village — Day 2',
      '**Results**\n*No public events.*',
      '**Final vote count — Day 2**',
    ]);
    expect(post).toContain('**Next phase: Night 2, deadline Friday, December 4 at 08:00 AM UTC.**');
    expect(post).not.toContain('Deadline:');
    expect(phasePost({ ...input, next: { phase: 'night-2', deadline: null, paused: true } }, en)).toContain(
      '**Next phase: Night 2. The match is paused.**',
    );
    expect(phasePost({ ...input, next: { phase: 'night-2', deadline: null, paused: false } }, en)).toContain('**Next phase: Night 2.**');
    expect(phasePost({ ...input, votes: null, next: { phase: null, deadline: null, paused: false } }, en)).toContain(
      '**The match is over.**',
    );
    expect(phasePost({ ...input, votes: null }, en)).not.toContain('vote count');
    // The final count's history goes with it; without a count there is none.
    expect(post).toContain('[details="Vote history"]\n- Dec 3, 06:00 PM UTC Bruno votes Anna');
    expect(phasePost({ ...input, votes: null }, en)).not.toContain('Vote history');
  });
});
