// Section 13: nobody learns more than the listed events say.
import { describe, expect, it } from 'vitest';
import { burn, skipTo, thirteenThrough } from './fixture.js';

const COMMON = [
  'match-started',
  'role-assigned',
  'vote-cast',
  'vote-withdrawn',
  'day-result',
  'runoff-result',
  'death',
  'resurrected',
  'bard-praise',
  'message',
];

describe('events', () => {
  it('LUP-13.1 dreamer, Parroco, pumpkins and Strega are told nothing of their actions; no dead role is told', () => {
    const m = thirteenThrough('night-1', [
      ['nightmare', { type: 'dream', target: 'seer', guess: 'veggente-gufato' }],
      ['cat', { type: 'praise', target: 'seer' }],
    ]);
    m.play([['priest', { type: 'remove-vote', target: 'girl' }]]);
    burn(m, 'girl');
    m.play([
      ['priest', { type: 'bless', target: 'seer' }],
      ['witch', { type: 'deflect', target: 'necro' }],
      ['hound', { type: 'maul', target: 'witch' }],
    ]);
    m.close();
    skipTo(m, 'night-3');
    m.play([
      ['witch', { type: 'deflect', target: 'seer' }],
      ['bard', { type: 'deflect', target: 'seer' }],
    ]);
    m.close();
    for (const id of ['nightmare', 'priest', 'cat', 'witch', 'bard']) {
      const extra = m.seenBy(id).filter((e) => !COMMON.includes(e.kind) && !(e.to === 'pack'));
      expect(extra.map((e) => e.kind)).toEqual([]);
    }
    const girlDeath = m.events.map((e) => e.event).filter((e) => e.kind === 'death' && e.player === 'girl');
    expect(JSON.stringify(girlDeath)).not.toContain('bambina');
  });
});
