// Kill Game has no vote (killgame.md names none): its tally declares no board in any phase (decision 13).
import { describe, expect, it } from 'vitest';
import { killgame } from '../../../engine/rulesets/killgame/index.js';
import { at, toAction } from './helpers.js';

describe('no public vote', () => {
  it('KG-0.3 neither a tactic nor an action phase has a vote board, whatever ballots are handed to it', () => {
    const m = at([
      { id: 'a', zone: 'campi' },
      { id: 'b', zone: 'campi' },
      { id: 'c', zone: 'paese' },
    ]);
    expect(killgame.tally(m.state, [{ voter: 'a', target: 'b' }])).toBeNull();
    toAction(m);
    expect(killgame.tally(m.state, [])).toBeNull();
    expect(killgame.publicVotes).toBeUndefined();
  });
});
