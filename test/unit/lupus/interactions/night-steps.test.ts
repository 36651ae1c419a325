// LUP-6.1 – LUP-6.4 interactions: the night's fixed step order, failure against each kind of power, dead actors.
import { describe, expect, it } from 'vitest';
import { find } from '../harness.js';
import { skipTo, table, thirteenThrough } from '../fixture.js';

describe('LUP-6.1 step order', () => {
  // Swap test/swaps/lupus/08-bite-before-bless.patch: the bite (step 9) resolved before the holy water (step 8).
  it('LUP-6.1 LUP-7.16 LUP-7.18 holy water at step 8 shields the bite of step 9 the same night', () => {
    const m = thirteenThrough('night-2', [
      ['priest', { type: 'bless', target: 'cat' }],
      ['dracula', { type: 'bite', target: 'cat' }],
    ]);
    expect(find(m.of('night-2'), { kind: 'bite-result' })).toEqual([{ kind: 'bite-result', to: 'dracula', target: 'cat', success: false }]);
    expect(m.facts().role!.cat).toBe('gatto-nero');
  });

  // Swap test/swaps/lupus/08-bite-before-bless.patch (same swap, the other way round).
  it('LUP-6.1 LUP-6.3 holy water on Dracula at step 8 kills him before his bite of step 9: it fails, dead', () => {
    const m = thirteenThrough('night-2', [
      ['priest', { type: 'bless', target: 'dracula' }],
      ['dracula', { type: 'bite', target: 'seer' }],
    ]);
    expect(m.facts().dead).toContain('dracula');
    expect(m.facts().role!.seer).toBe('veggente-gufato');
    expect(find(m.of('night-2'), { kind: 'action-failed', to: 'dracula' })).toEqual([
      { kind: 'action-failed', to: 'dracula', action: 'bite', reason: 'dead' },
    ]);
  });

  // Swap test/swaps/lupus/09-dream-after-investigation.patch: the dream (step 3) resolved after the investigation (step 6).
  it("LUP-6.1 LUP-7.8 a right dream at step 3 blocks the seer's investigation at step 6", () => {
    const m = thirteenThrough('night-2', [
      ['nightmare', { type: 'dream', target: 'seer', guess: 'veggente-gufato' }],
      ['seer', { type: 'investigate', target: 'hound' }],
    ]);
    expect(find(m.of('night-2'), { kind: 'investigation-result' })).toEqual([]);
    expect(find(m.of('night-2'), { kind: 'action-failed', to: 'seer' })).toEqual([
      { kind: 'action-failed', to: 'seer', action: 'investigate', reason: 'blocked' },
    ]);
  });

  // Swap test/swaps/lupus/10-maul-before-resurrection.patch: the maul (step 10) resolved before the resurrection (step 7).
  it('LUP-6.1 LUP-7.15 a Spirito Bianco mauled the same night still raises: step 7 comes before the maul of step 10', () => {
    const m = skipTo(
      table('s:spirito-bianco a b c d e:zucca-semplice w x:lupo-mannaro', { settings: { 'max-abstentions': 10 } }),
      'night-2',
    );
    m.play([['w', { type: 'maul', target: 'a' }]]);
    m.close();
    skipTo(m, 'night-3');
    // The Spirito Bianco raises a, and the pack mauls the Spirito Bianco the same night: he acted before he died.
    m.play([
      ['s', { type: 'resurrect', target: 'a' }],
      ['w', { type: 'maul', target: 's' }],
    ]);
    m.close();
    expect(m.facts().alive).toContain('a');
    expect(m.facts().dead).toEqual(['s']);
    expect(find(m.of('night-3'), { kind: 'action-failed', to: 's' })).toEqual([]);
  });
});

describe('LUP-6.4 curse and dream against a power', () => {
  // Swap test/swaps/lupus/11-block-before-curse.patch: the dream block checked before the curse.
  it('LUP-6.4 LUP-8.8 a cursed and dream-blocked seer fails as cursed, and the curse is lifted', () => {
    const m = skipTo(
      table('seer:veggente-gufato n:lupo-dell-incubo a b c d:zucca-semplice w:lupo-mannaro', { settings: { 'max-abstentions': 10 } }),
      'night-2',
    );
    m.state.players.find((p) => p.id === 'seer')!.cursed = true;
    m.play([
      ['n', { type: 'dream', target: 'seer', guess: 'veggente-gufato' }],
      ['seer', { type: 'investigate', target: 'w' }],
    ]);
    m.close();
    expect(find(m.of('night-2'), { kind: 'action-failed', to: 'seer' })).toEqual([
      { kind: 'action-failed', to: 'seer', action: 'investigate', reason: 'cursed' },
    ]);
    expect(m.state.players.find((p) => p.id === 'seer')!.cursed).toBe(false);
  });
});

describe("LUP-7.21 the maul's performer", () => {
  // Swap test/swaps/lupus/12-dead-mauler-goes-out.patch: the mauler goes out even when he died earlier that night.
  it('LUP-7.21 LUP-7.16 a mauler killed by holy water at step 8 is replaced by the backup at step 10', () => {
    const m = thirteenThrough('night-2', [
      ['priest', { type: 'bless', target: 'hound' }],
      ['ghost', { type: 'maul', target: 'seer', mauler: 'hound', backup: 'ghost' }],
    ]);
    expect(find(m.of('night-2'), { kind: 'maul-result' })).toEqual([
      { kind: 'maul-result', to: 'pack', target: 'seer', mauler: 'ghost', victim: 'seer' },
    ]);
    expect(m.facts().dead).toEqual(expect.arrayContaining(['hound', 'seer']));
  });
});

describe('LUP-7.24 the order after the maul: jinx reveal, then jinx gain', () => {
  // Swap test/swaps/lupus/15-jinx-gain-before-reveal.patch: the jinx gained (LUP-7.25) before the jinx reveal (LUP-7.26).
  it('LUP-7.24 LUP-7.25 LUP-7.26 the maul that kills the cat jinxes the wolf but reveals nothing yet', () => {
    const m = skipTo(table('cat:gatto-nero a b c d:zucca-semplice w x:lupo-mannaro', { settings: { 'max-abstentions': 10 } }), 'night-2');
    m.play([['w', { type: 'maul', target: 'cat' }]]);
    m.close();
    expect(m.facts().dead).toEqual(['cat']);
    expect(m.state.players.find((p) => p.id === 'w')!.jinxed).toBe(true);
    expect(find(m.of('night-2'), { kind: 'jinx-reveal' })).toEqual([]);
    expect(find(m.of('night-2'), { kind: 'jinx-exposed' })).toEqual([]);
  });
});

describe('LUP-6.4 a dream block against a once-per-game power', () => {
  // Swap test/swaps/lupus/16-bless-ignores-dream.patch: the holy water is carried out although its Parroco is blocked.
  // Swap test/swaps/lupus/17-failed-bless-kept.patch: a failed holy water is not consumed.
  it("LUP-6.4 LUP-7.16 a blocked Parroco's holy water fails: the wolf lives, and the power is spent", () => {
    const m = skipTo(
      table('p:parroco n:lupo-dell-incubo a b c d:zucca-semplice w:lupo-mannaro', { settings: { 'max-abstentions': 10 } }),
      'night-2',
    );
    m.play([
      ['n', { type: 'dream', target: 'p', guess: 'parroco' }],
      ['p', { type: 'bless', target: 'w' }],
    ]);
    m.close();
    expect(m.facts().alive).toContain('w');
    expect(find(m.of('night-2'), { kind: 'action-failed', to: 'p' })).toEqual([
      { kind: 'action-failed', to: 'p', action: 'bless', reason: 'blocked' },
    ]);
    skipTo(m, 'night-3');
    expect(m.act('p', { type: 'bless', target: 'w' })).toBe('already-used');
  });
});
