// LUP-7.1 – LUP-7.7: the pumpkin actions of the Bardo and the Strega.
import { describe, expect, it } from 'vitest';
import { counts } from '../../../engine/rulesets/lupus/victory.js';
import { find, has } from './harness.js';
import { burn, skipTo, table, thirteen, thirteenThrough } from './fixture.js';

describe('pumpkin actions', () => {
  it('LUP-7.1 every told pumpkin may praise and deflect alike; only the Bardo and Strega have effects; no private result', () => {
    const m = table('z:zucca-semplice c:gatto-nero s:strega b:bardo w:lupo-mannaro x:zucca-semplice');
    for (const id of ['z', 'c', 's', 'b']) expect(m.act(id, { type: 'praise', target: 'x' })).toBe('ok');
    expect(m.act('w', { type: 'praise', target: 'x' })).toBe('no-such-power');
    m.close();
    expect(find(m.of('night-1'), { kind: 'bard-praise' })).toHaveLength(1);
    for (const id of ['z', 'c', 's', 'b']) {
      expect(m.of('night-1').filter((e) => e.to === id && e.kind !== 'role-assigned')).toEqual([]);
      expect(m.act(id, { type: 'praise', target: 'x' })).toBe('wrong-phase');
    }
    skipTo(m, 'night-2');
    for (const id of ['z', 'c', 's', 'b']) {
      expect(m.act(id, { type: 'praise', target: 'x' })).toBe('already-used');
      expect(m.act(id, { type: 'deflect', target: id })).toBe('target-self');
      expect(m.act(id, { type: 'deflect', target: 'w' })).toBe('ok');
    }
    m.play([['w', { type: 'maul', target: 'z' }]]);
    m.close();
    // the plain pumpkin's deflection did nothing: z dies
    expect(m.facts().dead).toContain('z');
  });

  it('LUP-7.2 praise from night 1, once per told pumpkin, target alive and not himself', () => {
    const m = thirteen();
    expect(m.act('bard', { type: 'praise', target: 'bard' })).toBe('target-self');
    m.remove('girl');
    expect(m.act('bard', { type: 'praise', target: 'girl' })).toBe('target-dead');
    expect(m.act('witch', { type: 'praise', target: 'seer' })).toBe('ok');
    m.close();
    skipTo(m, 'night-2');
    expect(m.act('witch', { type: 'praise', target: 'priest' })).toBe('already-used');
    expect(m.act('bard', { type: 'praise', target: 'priest' })).toBe('ok');
  });

  it("LUP-7.3 the Bardo's praise is public whatever the target; only a village target becomes praised; cursed it fails silently", () => {
    const m = thirteenThrough('night-1', [['bard', { type: 'praise', target: 'hound' }]]);
    expect(find(m.of('night-1'), { kind: 'bard-praise' })).toEqual([{ kind: 'bard-praise', to: 'public', target: 'hound' }]);
    expect(counts(m.state).H).toBe(8);
    const v = thirteenThrough('night-1', [['bard', { type: 'praise', target: 'priest' }]]);
    expect(counts(v.state).H).toBe(9);
    const c = thirteen();
    c.state.players.find((p) => p.id === 'bard')!.cursed = true;
    c.play([['bard', { type: 'praise', target: 'priest' }]]);
    c.close();
    expect(c.of('night-1').some((e) => e.kind === 'bard-praise' || e.kind === 'action-failed')).toBe(false);
    expect(counts(c.state).H).toBe(8);
    expect(c.state.players.find((p) => p.id === 'bard')!.cursed).toBe(false);
    skipTo(c, 'night-2');
    expect(c.act('bard', { type: 'praise', target: 'seer' })).toBe('already-used');
  });

  it('LUP-7.4 a praised player counts one extra human for good: through death, resurrection and a bite', () => {
    const m = thirteenThrough('night-1', [['bard', { type: 'praise', target: 'seer' }]]);
    expect(counts(m.state)).toEqual({ H: 9, W: 3, V: 1 });
    m.close();
    m.play([['dracula', { type: 'bite', target: 'seer' }]]);
    m.close();
    expect(m.facts().role!.seer).toBe('vampiro-progenie');
    expect(counts(m.state)).toEqual({ H: 8, W: 3, V: 2 });
    burn(m, 'seer');
    expect(counts(m.state)).toEqual({ H: 7, W: 3, V: 1 });
    skipTo(m, 'night-3');
    m.play([['spirit', { type: 'resurrect', target: 'seer' }]]);
    m.close();
    expect(counts(m.state)).toEqual({ H: 8, W: 3, V: 2 });
  });

  it('LUP-7.5 deflect from night 2, every night, target alive and not herself; a pack member is allowed', () => {
    const m = thirteen();
    expect(m.act('witch', { type: 'deflect', target: 'hound' })).toBe('not-yet');
    skipTo(m, 'night-2');
    expect(m.act('witch', { type: 'deflect', target: 'witch' })).toBe('target-self');
    expect(m.act('witch', { type: 'deflect', target: 'hound' })).toBe('ok');
    m.close();
    skipTo(m, 'night-3');
    m.remove('girl');
    expect(m.act('witch', { type: 'deflect', target: 'girl' })).toBe('target-dead');
    expect(m.act('witch', { type: 'deflect', target: 'hound' })).toBe('ok');
  });

  it('LUP-7.6 the deflection is registered only on a night she stores one', () => {
    const m = thirteenThrough('night-2', [['hound', { type: 'maul', target: 'witch' }]]);
    expect(m.facts().dead).toEqual(['witch']);
  });

  it('LUP-7.7 the deflection works once; later ones are accepted, ignored and never reported', () => {
    const m = thirteenThrough('night-2', [
      ['witch', { type: 'deflect', target: 'necro' }],
      ['hound', { type: 'maul', target: 'witch' }],
    ]);
    expect(m.facts().dead).toEqual(['necro']);
    expect(m.seenBy('witch').some((e) => !['match-started', 'role-assigned', 'death', 'day-result', 'vote-cast'].includes(e.kind))).toBe(
      false,
    );
    skipTo(m, 'night-3');
    expect(m.act('witch', { type: 'deflect', target: 'seer' })).toBe('ok');
    m.play([['hound', { type: 'maul', target: 'witch' }]]);
    m.close();
    expect(m.facts().dead).toEqual(['witch', 'necro']);
    expect(has(m.of('night-3'), { kind: 'maul-result', victim: 'witch' })).toBe(true);
  });
});
