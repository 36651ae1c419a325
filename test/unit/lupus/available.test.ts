// `available` (ARCHITECTURE: the actions a player may take now, with their legal targets): what the
// page offers must be exactly what LUP-14.1 would accept, field by field.
import { describe, expect, it } from 'vitest';
import type { PendingAction } from '../../../engine/core/types.js';
import { lupus } from '../../../engine/rulesets/lupus/index.js';
import { NINE, nightTwoAfterBurning, skipTo, table } from './fixture.js';

const LIVING_HUMANS = ['seer', 'a', 'b', 'c', 'd', 'e'];

/** Night 2 with w3 burned on day 1: one dead wolf for the lists to leave out. */
function nightTwo() {
  const m = nightTwoAfterBurning(NINE, 'w3', { settings: { 'max-abstentions': 10 } });
  expect(m.phase).toBe('night-2');
  return m;
}

const pending = (owner: string, slot: string, type: string): PendingAction => ({
  player: owner,
  owner,
  slot,
  action: { type, target: 'a' },
  seq: 1,
});

describe('LUP-14.1 the actions offered are the actions accepted', () => {
  it('LUP-7.14 the seer investigates a living other player, with an optional owl among the living others', () => {
    const m = nightTwo();
    const others = ['a', 'b', 'c', 'd', 'e', 'w1', 'w2'];
    expect(lupus.available(m.state, 'seer', [])).toEqual([
      {
        type: 'investigate',
        slot: 'investigate',
        fields: {
          target: { kind: 'player', options: others, required: true },
          owl: { kind: 'player', options: others, required: false },
        },
      },
    ]);
  });

  it('LUP-7.20 a wolf mauls a living non-packmate; mauler and backup are optional living pack members', () => {
    const m = nightTwo();
    expect(lupus.available(m.state, 'w1', [])).toEqual([
      {
        type: 'maul',
        slot: 'maul',
        fields: {
          target: { kind: 'player', options: LIVING_HUMANS, required: true },
          mauler: { kind: 'player', options: ['w1', 'w2'], required: false },
          backup: { kind: 'player', options: ['w1', 'w2'], required: false },
        },
      },
    ]);
  });

  it('LUP-1.5 LUP-7.20 the pack’s maul shows as submitted to every wolf, the seer’s investigation only to him', () => {
    const m = nightTwo();
    expect(m.act('w1', { type: 'maul', target: 'a' })).toBe('ok');
    expect(m.act('seer', { type: 'investigate', target: 'w1' })).toBe('ok');
    const [maul] = lupus.available(m.state, 'w2', m.pending);
    expect(maul?.submitted).toEqual({ type: 'maul', target: 'a', mauler: 'w1' });
    const [investigate] = lupus.available(m.state, 'seer', m.pending);
    expect(investigate?.submitted).toEqual({ type: 'investigate', target: 'w1' });
  });

  it('LUP-1.5 a pending action counts as submitted only with the same owner, slot and type', () => {
    const m = nightTwo();
    for (const other of [
      pending('a', 'investigate', 'investigate'),
      pending('seer', 'spy', 'investigate'),
      pending('seer', 'investigate', 'spy'),
    ]) {
      const [investigate] = lupus.available(m.state, 'seer', [other]);
      expect(investigate, JSON.stringify(other)).not.toHaveProperty('submitted');
    }
    const [mine] = lupus.available(m.state, 'seer', [pending('seer', 'investigate', 'investigate')]);
    expect(mine?.submitted).toEqual({ type: 'investigate', target: 'a' });
  });

  it('LUP-8.3 a player whose abstentions are spent is offered the vote only; the others the vote and abstain', () => {
    const m = table(NINE, { settings: { 'max-abstentions': 1 }, abstentions: { a: 1 } });
    skipTo(m, 'day-1');
    const types = (player: string) => lupus.available(m.state, player, []).map((x) => x.type);
    expect(types('a')).toEqual(['vote']);
    expect(types('b')).toEqual(['vote', 'abstain']);
    const [vote] = lupus.available(m.state, 'a', []);
    expect(vote?.fields).toEqual({ target: { kind: 'player', options: ['seer', 'b', 'c', 'd', 'e', 'w1', 'w2', 'w3'], required: true } });
  });

  it('nobody is offered anything once the match has ended, and a stranger never is', () => {
    const m = nightTwo();
    expect(lupus.available(m.state, 'nobody', [])).toEqual([]);
    // Two wolves and one human: the pack reaches parity at the first close (LUP-11.1).
    const ended = table('a:zucca-semplice w1 w:lupo-mannaro');
    ended.close();
    expect(ended.phase).toBeNull();
    expect(lupus.available(ended.state, 'w', [])).toEqual([]);
  });
});
