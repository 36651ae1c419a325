// LUP-7.8 – LUP-7.19: dream, spy, Super Medium, investigation, resurrection, holy water, bite.
import { describe, expect, it } from 'vitest';
import { lupus } from '../../../engine/rulesets/lupus/index.js';
import { find, has } from './harness.js';
import { burn, skipTo, thirteen, thirteenThrough } from './fixture.js';

describe("dream (Lupo dell'Incubo)", () => {
  it('LUP-7.8 a right guess blocks the target for the night; a wrong one does not; the dreamer learns nothing', () => {
    const m = thirteen();
    expect(m.act('nightmare', { type: 'dream', target: 'hound', guess: 'dracula' })).toBe('target-packmate');
    expect(m.act('nightmare', { type: 'dream', target: 'nightmare', guess: 'dracula' })).toBe('target-self');
    expect(m.act('nightmare', { type: 'dream', target: 'seer', guess: 'strega' })).toBe('invalid-guess');
    expect(m.act('nightmare', { type: 'dream', target: 'seer', guess: 'zucca-semplice' })).toBe('invalid-guess');
    expect(m.act('nightmare', { type: 'dream', target: 'seer' })).toBe('field-missing');
    m.play([
      ['nightmare', { type: 'dream', target: 'necro', guess: 'negromante' }],
      ['necro', { type: 'contact', target: 'seer' }],
      ['seer', { type: 'investigate', target: 'hound' }],
    ]);
    m.close();
    const n1 = m.of('night-1');
    expect(has(n1, { kind: 'action-failed', to: 'necro', action: 'contact', reason: 'blocked' })).toBe(true);
    expect(has(n1, { kind: 'investigation-result', to: 'seer' })).toBe(true);
    expect(n1.some((e) => e.to === 'nightmare' && e.kind !== 'role-assigned')).toBe(false);
    skipTo(m, 'night-2');
    m.play([
      ['nightmare', { type: 'dream', target: 'seer', guess: 'bambina' }],
      ['seer', { type: 'investigate', target: 'hound' }],
    ]);
    m.close();
    expect(has(m.of('night-2'), { kind: 'investigation-result', to: 'seer', target: 'hound' })).toBe(true);
  });
});

describe('spy (Bambina)', () => {
  it("LUP-7.9 spy from night 2; target alive, not herself, not last night's target", () => {
    const m = thirteen();
    expect(m.act('girl', { type: 'spy', target: 'seer' })).toBe('not-yet');
    skipTo(m, 'night-2');
    expect(m.act('girl', { type: 'spy', target: 'girl' })).toBe('target-self');
    m.play([['girl', { type: 'spy', target: 'seer' }]]);
    m.close();
    skipTo(m, 'night-3');
    expect(m.act('girl', { type: 'spy', target: 'seer' })).toBe('target-repeat');
    expect(m.act('girl', { type: 'spy', target: 'priest' })).toBe('ok');
  });

  it('LUP-7.10 a cursed or blocked spy is not registered', () => {
    const m = thirteenThrough('night-2', [
      ['nightmare', { type: 'dream', target: 'girl', guess: 'bambina' }],
      ['girl', { type: 'spy', target: 'seer' }],
      ['hound', { type: 'maul', target: 'seer' }],
    ]);
    expect(m.facts().dead).toEqual(['seer']);
    expect(m.of('night-2').some((e) => e.kind === 'spy-result' || e.kind === 'spy-exposed')).toBe(false);
  });

  it('LUP-7.11 the Bambina watching the maul victim learns the wolf, who learns her; any other target gives nothing', () => {
    const m = thirteenThrough('night-2', [
      ['girl', { type: 'spy', target: 'seer' }],
      ['ghost', { type: 'maul', target: 'seer', mauler: 'hound' }],
    ]);
    expect(find(m.of('night-2'), { kind: 'spy-result' })).toEqual([{ kind: 'spy-result', to: 'girl', target: 'seer', wolf: 'hound' }]);
    expect(find(m.of('night-2'), { kind: 'spy-exposed' })).toEqual([{ kind: 'spy-exposed', to: 'hound', girl: 'girl' }]);
    skipTo(m, 'night-3');
    m.play([
      ['girl', { type: 'spy', target: 'witch' }],
      ['witch', { type: 'deflect', target: 'priest' }],
      ['hound', { type: 'maul', target: 'witch' }],
    ]);
    m.close();
    expect(m.facts().dead).toContain('priest');
    expect(m.of('night-3').some((e) => e.kind === 'spy-result')).toBe(false);
  });

  it('LUP-7.11 (D-19) the discovery stands when the Bambina is bitten that same night', () => {
    const m = thirteenThrough('night-2', [
      ['girl', { type: 'spy', target: 'seer' }],
      ['dracula', { type: 'bite', target: 'girl' }],
      ['hound', { type: 'maul', target: 'seer' }],
    ]);
    expect(m.facts().role!.girl).toBe('vampiro-progenie');
    expect(has(m.of('night-2'), { kind: 'spy-result', to: 'girl', wolf: 'hound' })).toBe(true);
  });
});

describe('Super Medium', () => {
  it('LUP-7.12 a stake report per player burnt the day before, wolf by counts-as; none without a burning; never blocked', () => {
    const m = thirteen();
    skipTo(m, 'day-1');
    burn(m, 'hound');
    m.play([['nightmare', { type: 'dream', target: 'medium', guess: 'super-medium' }]]);
    m.close();
    expect(find(m.of('night-2'), { kind: 'stake-report' })).toEqual([{ kind: 'stake-report', to: 'medium', player: 'hound', wolf: true }]);
    m.close(); // day-2: nobody burnt
    expect(m.phase).toBe('night-3');
    m.close();
    expect(m.of('night-3').some((e) => e.kind === 'stake-report')).toBe(false);
    burn(m, 'seer');
    m.close();
    expect(find(m.of('night-4'), { kind: 'stake-report' })).toEqual([{ kind: 'stake-report', to: 'medium', player: 'seer', wolf: false }]);
  });

  it('LUP-7.13 reveal once from night 2 on a dead player; hidden pumpkins show as zucca-semplice; a failed reveal is spent', () => {
    const m = thirteen();
    expect(m.act('medium', { type: 'reveal', target: 'seer' })).toBe('not-yet');
    skipTo(m, 'day-1');
    burn(m, 'bard');
    expect(m.act('medium', { type: 'reveal', target: 'seer' })).toBe('target-alive');
    m.play([['medium', { type: 'reveal', target: 'bard' }]]);
    m.close();
    expect(find(m.of('night-2'), { kind: 'role-revealed' })).toEqual([
      { kind: 'role-revealed', to: 'medium', target: 'bard', role: 'zucca-semplice' },
    ]);
    skipTo(m, 'night-3');
    expect(m.act('medium', { type: 'reveal', target: 'bard' })).toBe('already-used');
    // a blocked reveal is spent
    const b = thirteen();
    skipTo(b, 'day-1');
    burn(b, 'ghost');
    b.play([
      ['nightmare', { type: 'dream', target: 'medium', guess: 'super-medium' }],
      ['medium', { type: 'reveal', target: 'ghost' }],
    ]);
    b.close();
    expect(has(b.of('night-2'), { kind: 'action-failed', to: 'medium', action: 'reveal', reason: 'blocked' })).toBe(true);
    expect(has(b.of('night-2'), { kind: 'stake-report', to: 'medium', player: 'ghost' })).toBe(true);
    skipTo(b, 'night-3');
    expect(b.act('medium', { type: 'reveal', target: 'ghost' })).toBe('already-used');
  });
});

describe('investigation (Veggente Gufato)', () => {
  it('LUP-7.14 the result goes to the seer, or anonymously to the owl and not to the seer', () => {
    const m = thirteen();
    expect(m.act('seer', { type: 'investigate', target: 'hound', owl: 'hound' })).toBe('invalid-owl');
    expect(m.act('seer', { type: 'investigate', target: 'hound', owl: 'seer' })).toBe('invalid-owl');
    expect(m.act('seer', { type: 'investigate', target: 'hound', owl: 'nobody' })).toBe('illegal-target');
    m.play([['seer', { type: 'investigate', target: 'hound', owl: 'priest' }]]);
    m.close();
    expect(find(m.of('night-1'), { kind: 'owl-message' })).toEqual([
      { kind: 'owl-message', to: 'priest', target: 'hound', result: 'shady' },
    ]);
    expect(m.of('night-1').some((e) => e.kind === 'investigation-result')).toBe(false);
    skipTo(m, 'night-2');
    m.remove('girl');
    expect(m.act('seer', { type: 'investigate', target: 'girl' })).toBe('target-dead');
    expect(m.act('seer', { type: 'investigate', target: 'hound', owl: 'girl' })).toBe('invalid-owl');
  });
});

describe('resurrection (Spirito Bianco)', () => {
  it('LUP-7.15 from night 3 a dead player returns; the second resurrection kills the Spirito Bianco; a failed one does not count', () => {
    const m = thirteen();
    skipTo(m, 'day-1');
    burn(m, 'seer');
    skipTo(m, 'day-2');
    burn(m, 'priest');
    expect(m.phase).toBe('night-3');
    expect(m.act('spirit', { type: 'resurrect', target: 'girl' })).toBe('target-alive');
    m.play([['spirit', { type: 'resurrect', target: 'seer' }]]);
    m.close();
    expect(find(m.of('night-3'), { kind: 'resurrected' })).toEqual([{ kind: 'resurrected', to: 'public', player: 'seer' }]);
    expect(m.facts().alive).toContain('spirit');
    skipTo(m, 'night-4');
    m.play([
      ['nightmare', { type: 'dream', target: 'spirit', guess: 'spirito-bianco' }],
      ['spirit', { type: 'resurrect', target: 'priest' }],
    ]);
    m.close();
    expect(m.facts().dead).toContain('priest');
    expect(has(m.of('night-4'), { kind: 'action-failed', to: 'spirit', reason: 'blocked' })).toBe(true);
    skipTo(m, 'night-5');
    m.play([['spirit', { type: 'resurrect', target: 'priest' }]]);
    m.close();
    const night = m.of('night-5');
    expect(m.facts().alive).toContain('priest');
    expect(has(night, { kind: 'death', player: 'spirit', cause: 'mysterious' })).toBe(true);
    expect(night.findIndex((e) => e.kind === 'resurrected')).toBeLessThan(night.findIndex((e) => e.kind === 'death'));
  });
});

describe('holy water (Parroco)', () => {
  it('LUP-7.16 bless kills a wolf or vampire (mysterious), otherwise shields from the bite; the Parroco hears nothing', () => {
    const m = thirteen();
    skipTo(m, 'night-2');
    expect(m.act('priest', { type: 'bless', target: 'priest' })).toBe('target-self');
    m.play([
      ['priest', { type: 'bless', target: 'seer' }],
      ['dracula', { type: 'bite', target: 'seer' }],
    ]);
    m.close();
    expect(m.facts().role!.seer).toBe('veggente-gufato');
    expect(has(m.of('night-2'), { kind: 'bite-result', target: 'seer', success: false })).toBe(true);
    expect(m.of('night-2').some((e) => e.to === 'priest')).toBe(false);
    const k = thirteenThrough('night-2', [['priest', { type: 'bless', target: 'ghost' }]]);
    expect(find(k.of('night-2'), { kind: 'death' })).toEqual([{ kind: 'death', to: 'public', player: 'ghost', cause: 'mysterious' }]);
  });
});

describe('bite (Dracula)', () => {
  it('LUP-7.17 bite from night 2; not himself, not a vampire; no stored bite, no bite', () => {
    const m = thirteenThrough('night-2', [['dracula', { type: 'bite', target: 'seer' }]]);
    skipTo(m, 'night-3');
    expect(m.act('dracula', { type: 'bite', target: 'seer' })).toBe('target-coven');
    expect(m.act('dracula', { type: 'bite', target: 'dracula' })).toBe('target-self');
    m.close();
    expect(Object.values(m.facts().role!).filter((r) => r === 'vampiro-progenie')).toHaveLength(1);
    expect(m.of('night-3').some((e) => e.kind === 'bite-result')).toBe(false);
  });

  it('LUP-7.18 the bite fails on wolves, the Strega, the Negromante and the blessed; a convert loses his powers but stays praised', () => {
    for (const target of ['hound', 'witch', 'necro']) {
      const m = thirteenThrough('night-2', [['dracula', { type: 'bite', target }]]);
      expect(has(m.of('night-2'), { kind: 'bite-result', target, success: false })).toBe(true);
      expect(m.facts().role![target]).not.toBe('vampiro-progenie');
    }
    const m = thirteenThrough('night-1', [['bard', { type: 'praise', target: 'priest' }]]);
    m.close();
    m.play([['dracula', { type: 'bite', target: 'priest' }]]);
    m.close();
    expect(m.facts().role!.priest).toBe('vampiro-progenie');
    expect(m.facts().faction!.priest).toBe('coven');
    expect(m.act('priest', { type: 'remove-vote', target: 'hound' })).toBe('no-such-power');
    m.close();
    expect(m.act('priest', { type: 'bless', target: 'hound' })).toBe('no-such-power');
    m.play([['seer', { type: 'investigate', target: 'priest' }]]);
    m.close();
    expect(has(m.of('night-3'), { kind: 'investigation-result', target: 'priest', result: 'shady' })).toBe(true);
    expect(m.state.players.find((p) => p.id === 'priest')!.praised).toBe(true);
  });

  it('LUP-7.19 Dracula learns the result, the convert learns Dracula and only his new role', () => {
    const m = thirteenThrough('night-2', [['dracula', { type: 'bite', target: 'cat' }]]);
    expect(find(m.of('night-2'), { kind: 'bite-result' })).toEqual([{ kind: 'bite-result', to: 'dracula', target: 'cat', success: true }]);
    expect(find(m.of('night-2'), { kind: 'converted' })).toEqual([
      { kind: 'converted', to: 'cat', role: 'vampiro-progenie', dracula: 'dracula' },
    ]);
    const private_ = m.seenBy('cat').filter((e) => e.to === 'cat');
    expect(JSON.stringify(private_)).not.toContain('gatto-nero');
    expect(JSON.stringify(m.view('cat').me)).not.toContain('gatto-nero');
    expect(JSON.stringify(m.view('cat').known)).not.toContain('gatto-nero');
    expect(m.view('cat').me.role).toBe('vampiro-progenie');
    expect(lupus.available(m.state, 'cat', []).map((a) => a.type)).toEqual(['vote', 'abstain']);
    skipTo(m, 'night-3');
    expect(lupus.available(m.state, 'cat', [])).toEqual([]);
    expect(m.act('cat', { type: 'praise', target: 'seer' })).toBe('no-such-power');
  });
});
