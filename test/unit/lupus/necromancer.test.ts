// LUP-7.27 – LUP-7.30: the Negromante's raise and contact.
import { describe, expect, it } from 'vitest';
import { lupus } from '../../../engine/rulesets/lupus/index.js';
import { find, has } from './harness.js';
import { burn, skipTo, table, thirteen, thirteenThrough } from './fixture.js';

describe('Negromante', () => {
  it('LUP-7.27 one raise or contact a night, never twice on a player he acted on; a blocked one does not count', () => {
    const m = thirteenThrough('night-1', [
      ['necro', { type: 'contact', target: 'seer' }],
      ['nightmare', { type: 'dream', target: 'necro', guess: 'negromante' }],
    ]);
    expect(has(m.of('night-1'), { kind: 'action-failed', to: 'necro', reason: 'blocked' })).toBe(true);
    skipTo(m, 'night-2');
    expect(m.act('necro', { type: 'contact', target: 'seer' })).toBe('ok');
    m.close();
    skipTo(m, 'night-3');
    expect(m.act('necro', { type: 'contact', target: 'seer' })).toBe('already-targeted');
    expect(m.act('necro', { type: 'contact', target: 'necro' })).toBe('target-self');
  });

  it('LUP-7.28 raise a dead player: any village player returns, others only with the right guess', () => {
    const m = thirteen();
    skipTo(m, 'day-1');
    burn(m, 'seer');
    expect(m.act('necro', { type: 'raise', target: 'girl', guess: 'lupo' })).toBe('target-alive');
    expect(m.act('necro', { type: 'raise', target: 'seer', guess: 'strega' })).toBe('invalid-guess');
    expect(m.act('necro', { type: 'raise', target: 'seer' })).toBe('field-missing');
    m.play([['necro', { type: 'raise', target: 'seer', guess: 'dracula' }]]);
    m.close();
    expect(find(m.of('night-2'), { kind: 'raise-result' })).toEqual([{ kind: 'raise-result', to: 'necro', target: 'seer', success: true }]);
    expect(has(m.of('night-2'), { kind: 'resurrected', to: 'public', player: 'seer' })).toBe(true);
    expect(m.facts().alive).toContain('seer');
    burn(m, 'hound');
    m.play([['necro', { type: 'raise', target: 'hound', guess: 'dracula' }]]);
    m.close();
    expect(has(m.of('night-3'), { kind: 'raise-result', target: 'hound', success: false })).toBe(true);
    expect(m.facts().dead).toContain('hound');
    burn(m, 'ghost');
    expect(m.act('necro', { type: 'raise', target: 'hound', guess: 'lupo' })).toBe('already-targeted');
    m.play([['necro', { type: 'raise', target: 'ghost', guess: 'lupo' }]]);
    m.close();
    expect(has(m.of('night-4'), { kind: 'raise-result', target: 'ghost', success: true })).toBe(true);
    expect(lupus.channels(m.state).find((c) => c.id === 'pack')!.readers).toContain('ghost');
  });

  it("LUP-7.29 a contact opens spirit-<target>; the target is told the channel without the Negromante's name", () => {
    const m = thirteenThrough('night-1', [['necro', { type: 'contact', target: 'hound' }]]);
    expect(find(m.of('night-1'), { kind: 'spirit-contact' })).toEqual([{ kind: 'spirit-contact', to: 'hound', channel: 'spirit-hound' }]);
    expect(find(m.of('night-1'), { kind: 'contact-opened' })).toEqual([
      { kind: 'contact-opened', to: 'necro', target: 'hound', channel: 'spirit-hound' },
    ]);
    const ch = lupus.channels(m.state).find((c) => c.id === 'spirit-hound')!;
    expect(ch.readers).toEqual(['hound', 'necro']);
    expect(m.state.players.find((p) => p.id === 'necro')!.contacts).toEqual(['hound']);
  });

  it('LUP-7.30 the Negromante is immune to the bite; a dream naming negromante blocks him', () => {
    const m = thirteenThrough('night-2', [
      ['dracula', { type: 'bite', target: 'necro' }],
      ['nightmare', { type: 'dream', target: 'necro', guess: 'negromante' }],
      ['necro', { type: 'contact', target: 'seer' }],
    ]);
    expect(m.facts().role!.necro).toBe('negromante');
    expect(has(m.of('night-2'), { kind: 'bite-result', target: 'necro', success: false })).toBe(true);
    expect(has(m.of('night-2'), { kind: 'action-failed', to: 'necro', action: 'contact', reason: 'blocked' })).toBe(true);
  });
});

describe('LUP-7.28 the raise guess names a kind', () => {
  /** Night 2 with Dracula burned on day 1. */
  function draculaDead() {
    const m = table('n:negromante d:dracula a b c e f:zucca-semplice w1 w2:lupo-mannaro', { settings: { 'max-abstentions': 10 } });
    skipTo(m, 'day-1');
    burn(m, 'd');
    expect(m.phase).toBe('night-2');
    return m;
  }

  it('a dead Dracula returns to the guess dracula, not to lupo or vampiro-progenie', () => {
    for (const [guess, success] of [
      ['dracula', true],
      ['vampiro-progenie', false],
      ['lupo', false],
    ] as const) {
      const m = draculaDead();
      expect(m.act('n', { type: 'raise', target: 'd', guess })).toBe('ok');
      m.close();
      expect(
        m.of('night-2').filter((e) => e.kind === 'raise-result'),
        guess,
      ).toEqual([{ kind: 'raise-result', to: 'n', target: 'd', success }]);
      expect(m.state.players.find((p) => p.id === 'd')!.alive, guess).toBe(success);
    }
  });
});
