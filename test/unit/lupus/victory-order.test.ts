// LUP-11.1 / D-5: when pack and coven parity hold at once (Dracula dead), the pack wins.
import { describe, expect, it } from 'vitest';
import { burn, table } from './fixture.js';

describe('LUP-11.1 D-5 pack before coven', () => {
  it('LUP-11.1 D-5 one wolf and one progeny left, no humans, Dracula dead: the pack wins, not the coven', () => {
    const m = table('w:lupo-mannaro d:dracula a:zucca-semplice p:parroco h:zucca-semplice', {
      settings: { 'max-abstentions': 10 },
      dice: 'succeed',
    });
    m.close(); // night 1
    m.close(); // day 2: nobody burnt
    m.play([['d', { type: 'bite', target: 'a' }]]);
    m.close();
    expect(m.state.players.find((x) => x.id === 'a')!.role).toBe('vampiro-progenie');
    m.close(); // day 3: nobody burnt
    // Night 3: the holy water kills Dracula (step 8), the pack mauls the priest (step 10).
    m.play([
      ['p', { type: 'bless', target: 'd' }],
      ['w', { type: 'maul', target: 'p' }],
    ]);
    m.close();
    expect(m.facts().alive.sort()).toEqual(['a', 'h', 'w']);
    expect(m.state.winner).toBeNull();
    // Day 4 burns the last human: W = 1, V = 1, H = 0, both parities hold.
    burn(m, 'h');
    expect(m.facts().alive.sort()).toEqual(['a', 'w']);
    expect(m.state.winner).toBe('pack');
    const ended = m.events.map((e) => e.event).filter((e) => e.kind === 'match-ended');
    expect(ended).toHaveLength(1);
    expect(ended[0]).toMatchObject({ winner: 'pack', winners: ['w'] });
  });
});
