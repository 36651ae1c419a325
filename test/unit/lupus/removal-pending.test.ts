// LUP-10.6 (D-38): what a GM removal does to the actions still pending: those that name the removed
// player are withdrawn (a day ballot publicly), his own are left to the platform, nothing else moves.
import { describe, expect, it } from 'vitest';
import type { PendingAction } from '../../../engine/core/types.js';
import { lupus } from '../../../engine/rulesets/lupus/index.js';
import { afterDayOne, NINE, nightTwoAfterBurning, skipTo, table } from './fixture.js';

let seq = 0;
const act = (player: string, slot: string, action: Record<string, unknown>, owner = player): PendingAction => ({
  player,
  owner,
  slot,
  action: action as PendingAction['action'],
  seq: ++seq,
});

function night() {
  const m = nightTwoAfterBurning(NINE, 'e', { settings: { 'max-abstentions': 10 } });
  expect(m.phase).toBe('night-2');
  return m;
}

describe('LUP-10.6 a removal and the pending actions', () => {
  it('at night each action naming him, by any player field, is withdrawn silently; his own and the others stay', () => {
    const m = night();
    const pending = [
      act('seer', 'investigate', { type: 'investigate', target: 'b', owl: 'a' }),
      act('w1', 'maul', { type: 'maul', target: 'c', mauler: 'w2', backup: 'w1' }, 'pack'),
      act('a', 'praise', { type: 'praise', target: 'd' }),
      act('b', 'praise', { type: 'praise', target: 'c' }),
    ];
    expect(lupus.remove!(m.state, 'a', pending).withdrawn).toEqual([{ owner: 'seer', slot: 'investigate' }]);
    expect(lupus.remove!(m.state, 'w2', pending).withdrawn).toEqual([{ owner: 'pack', slot: 'maul' }]);
    expect(lupus.remove!(m.state, 'c', pending).withdrawn).toEqual([
      { owner: 'pack', slot: 'maul' },
      { owner: 'b', slot: 'praise' },
    ]);
    // The backup field names him too, but he filled the pack's slot: the platform drops it as his.
    expect(lupus.remove!(m.state, 'w1', pending).withdrawn).toEqual([]);
    const removed = lupus.remove!(m.state, 'b', pending);
    expect(removed.withdrawn).toEqual([{ owner: 'seer', slot: 'investigate' }]);
    expect(removed.events.filter((e) => e.kind === 'vote-withdrawn')).toEqual([]);
    expect(removed.events[0]).toEqual({ kind: 'death', to: 'public', player: 'b', cause: 'removed' });
  });

  it('LUP-8.2 by day the ballots naming him are withdrawn publicly, in seat order; his own ballot is not announced', () => {
    const m = table(NINE, { settings: { 'max-abstentions': 10 } });
    skipTo(m, 'day-1');
    const pending = [
      act('d', 'ballot', { type: 'vote', target: 'a' }),
      act('b', 'ballot', { type: 'vote', target: 'a' }),
      act('a', 'ballot', { type: 'vote', target: 'b' }),
      act('c', 'praise', { type: 'praise', target: 'a' }),
      act('e', 'ballot', { type: 'vote', target: 'c' }),
    ];
    const { events, withdrawn } = lupus.remove!(m.state, 'a', pending);
    expect(withdrawn).toEqual([
      { owner: 'd', slot: 'ballot' },
      { owner: 'b', slot: 'ballot' },
      { owner: 'c', slot: 'praise' },
    ]);
    expect(events.filter((e) => e.kind === 'vote-withdrawn')).toEqual([
      { kind: 'vote-withdrawn', to: 'public', voter: 'b' },
      { kind: 'vote-withdrawn', to: 'public', voter: 'd' },
    ]);
  });

  it('LUP-9.1 a removed run-off candidate leaves the run-off; the other stays', () => {
    const m = afterDayOne(NINE, { b: 'w1', c: 'w1', w1: 'a', w2: 'a' }, { settings: { 'max-abstentions': 10 } });
    expect(m.phase).toBe('runoff-1');
    expect([...m.state.runoff!].sort()).toEqual(['a', 'w1']);
    expect(lupus.remove!(m.state, 'a', []).state.runoff).toEqual(['w1']);
    expect([...lupus.remove!(m.state, 'b', []).state.runoff!].sort()).toEqual(['a', 'w1']);
  });

  it('a dead, unknown or post-match player is removed with nothing: no event, nothing withdrawn, the state as it was', () => {
    const m = night();
    const pending = [act('seer', 'investigate', { type: 'investigate', target: 'e' })];
    for (const who of ['e', 'nobody']) {
      const r = lupus.remove!(m.state, who, pending);
      expect(r).toEqual({ state: m.state, events: [], withdrawn: [] });
    }
    const ended = table('a:zucca-semplice w1 w:lupo-mannaro');
    ended.close();
    expect(ended.phase).toBeNull();
    expect(lupus.remove!(ended.state, 'a', [])).toEqual({ state: ended.state, events: [], withdrawn: [] });
  });
});
