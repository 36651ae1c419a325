// LUP-10.4 interactions: a resurrection against the states a player died with (jinx, used powers, praise, curse).
import { describe, expect, it } from 'vitest';
import { find } from '../harness.js';
import { burn, skipTo, table } from '../fixture.js';

/** w mauls the cat on night 2 (jinxed, LUP-7.25), burns on day 2 and is raised by the Spirito Bianco on night 3. */
function jinxedAndRaised() {
  const m = skipTo(
    table('s:spirito-bianco cat:gatto-nero a b c d:zucca-semplice w x:lupo-mannaro', { settings: { 'max-abstentions': 10 } }),
    'night-2',
  );
  m.play([['w', { type: 'maul', target: 'cat' }]]);
  m.close();
  expect(m.state.players.find((p) => p.id === 'w')!.jinxed).toBe(true);
  burn(m, 'w');
  m.play([['s', { type: 'resurrect', target: 'w' }]]);
  m.close();
  expect(m.facts().alive).toContain('w');
  return m;
}

describe('LUP-10.4 a resurrection keeps every state', () => {
  // Swap test/swaps/lupus/13-resurrection-clears-jinx.patch: a resurrection clears the jinx.
  it('LUP-10.4 LUP-7.25 LUP-7.26 a jinxed wolf raised from the dead is still jinxed: his next maul reveals him', () => {
    const m = jinxedAndRaised();
    skipTo(m, 'night-4');
    m.play([['w', { type: 'maul', target: 'a' }]]);
    m.close();
    expect(find(m.of('night-4'), { kind: 'jinx-reveal' })).toEqual([{ kind: 'jinx-reveal', to: 'a', wolf: 'w' }]);
  });

  // Swap test/swaps/lupus/14-resurrection-renews-powers.patch: a resurrection gives back a spent once-per-game power.
  it('LUP-10.4 LUP-6.5 a Parroco raised from the dead has not got his holy water back', () => {
    const m = skipTo(
      table('p:parroco s:spirito-bianco a b c d:zucca-semplice w x:lupo-mannaro', { settings: { 'max-abstentions': 10 } }),
      'night-2',
    );
    m.play([['p', { type: 'bless', target: 'a' }]]);
    m.close();
    burn(m, 'p');
    m.play([['s', { type: 'resurrect', target: 'p' }]]);
    m.close();
    expect(m.facts().alive).toContain('p');
    skipTo(m, 'night-4');
    expect(m.act('p', { type: 'bless', target: 'b' })).toBe('already-used');
  });
});
