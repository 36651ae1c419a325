// LUP-7.20 – LUP-7.26: the pack's maul, deflection, the Black Cat's jinx.
import { describe, expect, it } from 'vitest';
import { find, has } from './harness.js';
import { skipTo, thirteen, thirteenThrough } from './fixture.js';

const night2 = () => skipTo(thirteen(), 'night-2');

describe('maul', () => {
  it("LUP-7.20 the pack's last maul stands; target not a pack member; mauler and backup living, different pack members", () => {
    const m = night2();
    expect(m.act('hound', { type: 'maul', target: 'ghost' })).toBe('target-packmate');
    expect(m.act('hound', { type: 'maul', target: 'hound' })).toBe('target-packmate');
    expect(m.act('hound', { type: 'maul', target: 'seer', mauler: 'seer' })).toBe('invalid-mauler');
    expect(m.act('hound', { type: 'maul', target: 'seer', mauler: 'ghost', backup: 'ghost' })).toBe('invalid-mauler');
    expect(m.act('hound', { type: 'maul', target: 'seer', backup: 'hound' })).toBe('invalid-mauler');
    expect(m.act('hound', { type: 'maul', target: 'seer', mauler: 'nobody' })).toBe('illegal-target');
    expect(m.act('dracula', { type: 'maul', target: 'seer' })).toBe('no-such-power');
    m.play([
      ['hound', { type: 'maul', target: 'seer' }],
      ['nightmare', { type: 'maul', target: 'priest' }],
    ]);
    expect(m.pending.find((p) => p.slot === 'maul')!.action).toEqual({ type: 'maul', target: 'priest', mauler: 'nightmare' });
    m.close();
    expect(m.facts().dead).toEqual(['priest']);
    const none = night2();
    none.close();
    expect(none.facts().dead).toEqual([]);
    expect(none.of('night-2').some((e) => e.kind === 'maul-result')).toBe(false);
  });

  it('LUP-7.21 the backup goes out when the mauler is dead; with both dead the maul does nothing', () => {
    const m = thirteenThrough('night-2', [
      ['priest', { type: 'bless', target: 'hound' }],
      ['ghost', { type: 'maul', target: 'seer', mauler: 'hound', backup: 'nightmare' }],
    ]);
    expect(has(m.of('night-2'), { kind: 'maul-result', target: 'seer', mauler: 'nightmare', victim: 'seer' })).toBe(true);
    const n = thirteenThrough('night-2', [
      ['priest', { type: 'bless', target: 'hound' }],
      ['ghost', { type: 'maul', target: 'seer', mauler: 'hound' }],
    ]);
    expect(find(n.of('night-2'), { kind: 'maul-result' })).toEqual([
      { kind: 'maul-result', to: 'pack', target: 'seer', mauler: null, victim: null },
    ]);
    expect(n.facts().alive).toContain('seer');
  });

  it('LUP-7.22 a maul on the deflecting Strega kills her deflection target, even the performing wolf; onto a dead player it kills nobody', () => {
    const m = thirteenThrough('night-2', [
      ['witch', { type: 'deflect', target: 'hound' }],
      ['hound', { type: 'maul', target: 'witch' }],
    ]);
    expect(m.facts().dead).toEqual(['hound']);
    expect(has(m.of('night-2'), { kind: 'death', player: 'hound', cause: 'mauled' })).toBe(true);
    const d = thirteenThrough('night-2', [
      ['priest', { type: 'bless', target: 'dracula' }],
      ['witch', { type: 'deflect', target: 'dracula' }],
      ['hound', { type: 'maul', target: 'witch' }],
    ]);
    expect(d.facts().dead).toEqual(['dracula']);
    expect(has(d.of('night-2'), { kind: 'maul-result', target: 'witch', victim: null })).toBe(true);
    // the deflection is spent: the next maul on her kills her
    skipTo(d, 'night-3');
    d.play([
      ['witch', { type: 'deflect', target: 'seer' }],
      ['hound', { type: 'maul', target: 'witch' }],
    ]);
    d.close();
    expect(d.facts().dead).toContain('witch');
  });

  it('LUP-7.23 the victim dies mauled and the pack hears target, mauler and victim', () => {
    const m = thirteenThrough('night-2', [
      ['witch', { type: 'deflect', target: 'seer' }],
      ['hound', { type: 'maul', target: 'witch', mauler: 'ghost' }],
    ]);
    expect(find(m.of('night-2'), { kind: 'maul-result' })).toEqual([
      { kind: 'maul-result', to: 'pack', target: 'witch', mauler: 'ghost', victim: 'seer' },
    ]);
    expect(find(m.of('night-2'), { kind: 'death' })).toEqual([{ kind: 'death', to: 'public', player: 'seer', cause: 'mauled' }]);
  });

  it("LUP-7.24 after the victim's death: the jinx reveal, then the jinx gain, then the spy", () => {
    const m = thirteenThrough('night-2', [['hound', { type: 'maul', target: 'cat' }]]);
    skipTo(m, 'night-3');
    m.play([
      ['girl', { type: 'spy', target: 'seer' }],
      ['hound', { type: 'maul', target: 'seer' }],
    ]);
    m.close();
    const kinds = m.of('night-3').map((e) => e.kind);
    expect(kinds.indexOf('maul-result')).toBeLessThan(kinds.indexOf('jinx-reveal'));
    expect(kinds.indexOf('jinx-reveal')).toBeLessThan(kinds.indexOf('spy-result'));
  });
});

describe('Black Cat jinx', () => {
  it('LUP-7.25 the wolf who mauls the Gatto Nero, also through a deflection, becomes jinxed', () => {
    const m = thirteenThrough('night-2', [
      ['witch', { type: 'deflect', target: 'cat' }],
      ['ghost', { type: 'maul', target: 'witch', mauler: 'nightmare' }],
    ]);
    expect(m.facts().dead).toEqual(['cat']);
    expect(m.of('night-2').some((e) => e.kind.startsWith('jinx'))).toBe(false);
    skipTo(m, 'night-3');
    m.play([['hound', { type: 'maul', target: 'seer', mauler: 'nightmare' }]]);
    m.close();
    expect(has(m.of('night-3'), { kind: 'jinx-reveal', to: 'seer', wolf: 'nightmare' })).toBe(true);
    expect(has(m.of('night-3'), { kind: 'jinx-exposed', to: 'nightmare', target: 'seer' })).toBe(true);
  });

  it("LUP-7.26 only the jinxed wolf's later mauls reveal him, to the target as submitted, even when spared or already dead", () => {
    const m = thirteenThrough('night-2', [['hound', { type: 'maul', target: 'cat' }]]);
    skipTo(m, 'night-3');
    m.play([['hound', { type: 'maul', target: 'seer', mauler: 'ghost' }]]);
    m.close();
    expect(m.of('night-3').some((e) => e.kind.startsWith('jinx'))).toBe(false);
    skipTo(m, 'night-4');
    m.play([
      ['witch', { type: 'deflect', target: 'necro' }],
      ['hound', { type: 'maul', target: 'witch' }],
    ]);
    m.close();
    const n4 = m.of('night-4');
    expect(has(n4, { kind: 'jinx-reveal', to: 'witch', wolf: 'hound' })).toBe(true);
    expect(has(n4, { kind: 'jinx-exposed', to: 'hound', target: 'witch' })).toBe(true);
    expect(m.facts().dead).toContain('necro');
    skipTo(m, 'night-5');
    m.play([
      ['priest', { type: 'bless', target: 'dracula' }],
      ['hound', { type: 'maul', target: 'dracula' }],
    ]);
    m.close();
    expect(has(m.of('night-5'), { kind: 'jinx-reveal', to: 'dracula', wolf: 'hound' })).toBe(true);
  });
});
